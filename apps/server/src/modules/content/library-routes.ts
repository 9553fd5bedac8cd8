import multipart from "@fastify/multipart";
import {
  AdminContentQuery,
  AssessmentIdParam,
  AssessmentOutcome,
  AssessmentPaper,
  AssessmentsResponse,
  BrandsResponse,
  ContentFile,
  ContentFilesResponse,
  ContentIdParam,
  ContentUploadFields,
  EmptyBody,
  ErrorResponse,
  EventListBody,
  EventListResponse,
  GalleryResponse,
  LookbookIdParam,
  LookbookPage,
  LookbooksResponse,
  LookbookUrlResponse,
  MessageResponse,
  PathQuery,
  ResultDownloadBody,
  ResultsResponse,
  SignedUrlResponse,
  SubmitAssessmentBody,
  TrainingTopicsResponse,
  TvcResponse,
} from "@portal/contracts";
import { CONTENT_UPLOAD_MAX_BYTES, contentMessages } from "@portal/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { staffRoute } from "../../lib/admin";
import { AppError, badRequest } from "../../lib/errors";
import { routeOptions } from "../../lib/route-options";
import { describeZodError } from "../../lib/validation";
import { userOf } from "../../plugins/access";
import type { LibraryService, UploadedContent } from "./library-service";

const route = routeOptions({ access: "user" as const }, ["content"], {
  400: ErrorResponse,
  401: ErrorResponse,
  404: ErrorResponse,
});

const viewerOf = (request: FastifyRequest) => {
  const user = userOf(request);
  return { id: user.id, state: user.state };
};

/** The file and text fields of a staff upload (one file, field "file"). */
async function uploadOf(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data in the field "file"');
  const fields: Record<string, string> = {};
  let file: UploadedContent | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: CONTENT_UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 2000 },
    })) {
      if (part.type === "file") {
        if (part.fieldname !== "file") throw badRequest('Send the file in the form field "file"');
        file = { filename: part.filename, bytes: await part.toBuffer() };
      } else fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new AppError(413, contentMessages.fileTooLarge);
    if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
      throw new AppError(413, "Upload one file only.");
    throw badRequest("The upload could not be read.");
  }
  if (!file) throw badRequest('Choose a file to upload (form field "file")');
  return { fields, file };
}

export const libraryRoutes: FastifyPluginAsyncZod<{ library: LibraryService }> = async (app, { library }) => {
  await app.register(multipart, { limits: { fileSize: CONTENT_UPLOAD_MAX_BYTES, files: 1 } });

  app.get("/api/policies", route("Policies (PDFs)", ContentFilesResponse), async () => library.policies());
  app.get(
    "/api/policies/getAllReleaseNotes",
    route("POS release notes (PDFs)", ContentFilesResponse),
    async () => library.releaseNotes(),
  );
  app.get(
    "/api/policies/getUrl",
    route(
      "A short-lived signed address of a policy, release note, brand contact, escalation or VM document",
      SignedUrlResponse,
      {
        querystring: PathQuery,
      },
    ),
    async (request) => library.documentUrl(viewerOf(request), request.query.path),
  );
  app.get(
    "/api/brands",
    route("Brand contacts and the escalation matrix (north, south, west, east)", BrandsResponse),
    async () => library.brands(),
  );
  app.get("/api/vmEbook", route("The visual merchandising e-books", ContentFilesResponse), async () =>
    library.vmEbook(),
  );
  app.get(
    "/api/tvc",
    route(
      "TV commercials and store music in the caller's language (Tamil Nadu: Tamil, else Hindi)",
      TvcResponse,
    ),
    async (request) => library.tvc(viewerOf(request)),
  );
  app.get(
    "/api/lookbooks",
    route("Lookbooks, each with its cover and the number of products in its collection", LookbooksResponse),
    async () => library.lookbooks(),
  );
  app.get(
    "/api/lookbooks/:id",
    route("A lookbook's page: its cover, its file and the first products of its collection", LookbookPage, {
      params: LookbookIdParam,
    }),
    async (request) => library.lookbook(request.params.id),
  );
  app.get(
    "/api/lookbooks/getLookbook",
    route("A short-lived signed address that downloads a lookbook", LookbookUrlResponse, {
      querystring: PathQuery,
    }),
    async (request) => library.lookbookUrl(viewerOf(request), request.query.path),
  );

  app.post(
    "/api/training/getEventList",
    route("Training events between two days (default: today to a year ahead)", EventListResponse, {
      body: EventListBody,
    }),
    async (request) => library.events(request.body),
  );
  app.get(
    "/api/training/categories",
    route(
      "Training categories: each topic's picture is a product of its listing, and productsLink that listing",
      TrainingTopicsResponse,
    ),
    async () => library.trainingItems(),
  );
  app.get("/api/training/gallery", route("The training gallery (six images)", GalleryResponse), async () =>
    library.gallery(),
  );
  app.post(
    "/api/assessment",
    route("Assessments, with whether the caller took each", AssessmentsResponse, { body: EmptyBody }),
    async (request) => library.assessments(userOf(request).id),
  );
  app.get(
    "/api/assessment/:id",
    route("An assessment to take: its questions and choices (never the right answers)", AssessmentPaper, {
      params: AssessmentIdParam,
    }),
    async (request) => library.paper(userOf(request).id, request.params.id),
  );
  app.post(
    "/api/assessment/:id/submit",
    route(
      "Submit answers (one choice per question): the score, stored as a result with its downloadable certificate",
      AssessmentOutcome,
      { params: AssessmentIdParam, body: SubmitAssessmentBody },
    ),
    async (request) => library.submit(userOf(request).id, request.params.id, request.body.answers),
  );
  app.post(
    "/api/result",
    route("The caller's assessment results", ResultsResponse, { body: EmptyBody }),
    async (request) => library.results(userOf(request).id),
  );
  app.post(
    "/api/result/download",
    route("A short-lived signed address of one of the caller's results", SignedUrlResponse, {
      body: ResultDownloadBody,
    }),
    async (request) => library.resultUrl(userOf(request).id, request.body.key),
  );

  // The files behind signed addresses are served by plugins/signed-files.ts (library.files).

  // ---- staff ----
  app.get(
    "/api/admin/content",
    staffRoute("Content library files", ContentFilesResponse, { querystring: AdminContentQuery }),
    async (request) => library.adminList(request.query),
  );
  app.get(
    "/api/admin/content/:id/url",
    staffRoute("A signed address to preview a content file", SignedUrlResponse, { params: ContentIdParam }),
    async (request) => library.adminUrl(request.params.id),
  );
  app.post(
    "/api/admin/content",
    {
      ...staffRoute(
        "Upload a content file (multipart: file, kind, title, description, region, language)",
        ContentFile,
        {
          consumes: ["multipart/form-data"],
        },
      ),
    },
    async (request) => {
      const { fields, file } = await uploadOf(request);
      const parsed = ContentUploadFields.safeParse(fields);
      if (!parsed.success) throw badRequest(describeZodError(parsed.error));
      return library.upload(parsed.data, file);
    },
  );
  app.put(
    "/api/admin/content/:id/file",
    staffRoute("Replace a content file (multipart: file)", ContentFile, {
      params: ContentIdParam,
      consumes: ["multipart/form-data"],
    }),
    async (request) => library.replace(request.params.id, (await uploadOf(request)).file),
  );
  app.delete(
    "/api/admin/content/:id",
    staffRoute("Remove a content file", MessageResponse, { params: ContentIdParam }),
    async (request) => library.remove(request.params.id),
  );
};
