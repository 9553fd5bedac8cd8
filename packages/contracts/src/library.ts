/**
 * The content library (policies, POS release notes, brand contacts, escalation matrix, VM e-book,
 * training, lookbooks, TV commercials and store music), its staff calls, and artwork orders.
 * Files are never addressed directly: a call answers a short-lived signed address (`url`).
 */
import {
  ARTWORK_ADDRESS_MAX,
  ARTWORK_FIELD_LABELS,
  ARTWORK_QUANTITY_MAX,
  ARTWORK_QUANTITY_MIN,
  ARTWORK_STATUSES,
  type ArtworkField,
  artworkDimensionProblem,
  artworkFieldMessages,
  artworkQuantityProblem,
  CLIP_LANGUAGES,
  CONTENT_KINDS,
  ESCALATION_REGIONS,
} from "@portal/domain";
import { z } from "zod";
import { listControls } from "./admin/fields";
import { calendarDay, dbId, MAX_DB_ID, text } from "./common";

/** A storage key as the list calls give it (`path`). */
export const StoragePath = text("path").trim().min(1, "path is required").max(200, "path is too long");

export const ContentFile = z.object({
  id: z.number(),
  kind: z.enum(CONTENT_KINDS),
  title: z.string(),
  description: z.string().nullable(),
  /** The file's key: ask getUrl / getLookbook for an address to open it. */
  path: z.string(),
  contentType: z.string(),
  sizeBytes: z.number(),
  /** Escalation matrix: north, south, west or east; else null. */
  region: z.string().nullable(),
  /** TV commercials and store music: Tamil or Hindi; else null. */
  language: z.string().nullable(),
  updatedAt: z.string(),
});
export type ContentFile = z.infer<typeof ContentFile>;
export const ContentFilesResponse = z.array(ContentFile);

export const PathQuery = z.object({ path: StoragePath });
export const SignedUrlResponse = z.object({ url: z.string(), expiresAt: z.string() });
export type SignedUrlResponse = z.infer<typeof SignedUrlResponse>;
export const LookbookUrlResponse = SignedUrlResponse.extend({ message: z.string() });

export const BrandsResponse = z.object({
  brandContacts: ContentFilesResponse,
  escalationMatrix: ContentFilesResponse,
});
export type BrandsResponse = z.infer<typeof BrandsResponse>;

/** A clip or track ready to play: its signed address (and poster) are in the answer. */
export const MediaItem = ContentFile.extend({
  url: z.string(),
  posterUrl: z.string().nullable(),
});
export type MediaItem = z.infer<typeof MediaItem>;
export const TvcResponse = z.object({
  language: z.enum(CLIP_LANGUAGES),
  commercials: z.array(MediaItem),
  storeMusic: z.array(MediaItem),
});
export type TvcResponse = z.infer<typeof TvcResponse>;

// ---- Training ----

export const EventListBody = z.object({
  fromDate: calendarDay("fromDate").nullish(),
  toDate: calendarDay("toDate").nullish(),
});
export const TrainingEvent = z.object({
  id: z.number(),
  title: z.string(),
  category: z.string(),
  trainer: z.string(),
  mode: z.string(),
  location: z.string(),
  date: z.string(),
  startTime: z.string(),
  seats: z.number(),
});
export type TrainingEvent = z.infer<typeof TrainingEvent>;
export const EventListResponse = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  events: z.array(TrainingEvent),
});
export type EventListResponse = z.infer<typeof EventListResponse>;

export const TrainingItem = z.object({
  id: z.number(),
  category: z.string(),
  subcategory: z.string(),
  image: z.string(),
  productsLink: z.string(),
});
export type TrainingItem = z.infer<typeof TrainingItem>;
export const TrainingItemsResponse = z.array(TrainingItem);

export const GalleryImage = z.object({ id: z.number(), title: z.string(), url: z.string() });
export type GalleryImage = z.infer<typeof GalleryImage>;
export const GalleryResponse = z.array(GalleryImage);

export const EmptyBody = z.object({}).strict().nullish();

export const Assessment = z.object({
  id: z.number(),
  title: z.string(),
  category: z.string(),
  questions: z.number(),
  durationMinutes: z.number(),
  dueOn: z.string(),
  taken: z.boolean(),
});
export type Assessment = z.infer<typeof Assessment>;
export const AssessmentsResponse = z.array(Assessment);

export const AssessmentResult = z.object({
  id: z.number(),
  assessment: z.string(),
  score: z.number(),
  total: z.number(),
  percent: z.number(),
  takenOn: z.string(),
  key: z.string(),
});
export type AssessmentResult = z.infer<typeof AssessmentResult>;
export const ResultsResponse = z.array(AssessmentResult);
export const ResultDownloadBody = z.object({ key: StoragePath });

export const AssessmentIdParam = z.object({ id: dbId("id") });
/** A question as the partner sees it: never its right answer. */
export const AssessmentQuestion = z.object({
  id: z.number(),
  position: z.number(),
  text: z.string(),
  choices: z.array(z.string()),
});
export type AssessmentQuestion = z.infer<typeof AssessmentQuestion>;
/** An assessment to take: its questions in order. */
export const AssessmentPaper = Assessment.extend({ questionList: z.array(AssessmentQuestion) });
export type AssessmentPaper = z.infer<typeof AssessmentPaper>;
/** The partner's answers: one choice (0-based index) per question, every question answered once. */
export const SubmitAssessmentBody = z.object({
  answers: z
    .array(
      z.object({
        questionId: dbId("questionId"),
        choice: z
          .number({ error: "choice must be a number" })
          .int("choice must be a whole number")
          .min(0)
          .max(9),
      }),
    )
    .min(1, "answers are required")
    .max(200, "too many answers"),
});
export type SubmitAssessmentBody = z.infer<typeof SubmitAssessmentBody>;
/** What submitting gives: the stored result (downloadable like any other) and each answer right or not. */
export const AssessmentOutcome = z.object({
  result: AssessmentResult,
  passed: z.boolean(),
  passPercent: z.number(),
  review: z.array(z.object({ questionId: z.number(), chosen: z.number(), correct: z.boolean() })),
});
export type AssessmentOutcome = z.infer<typeof AssessmentOutcome>;

// ---- Staff: the library ----

export const AdminContentQuery = z.object({ kind: z.enum(CONTENT_KINDS).optional() });
export type AdminContentQuery = z.infer<typeof AdminContentQuery>;
/** The text fields sent with an upload (multipart fields). */
export const ContentUploadFields = z.object({
  kind: z.enum(CONTENT_KINDS),
  title: text("title").trim().min(1, "title is required").max(120),
  description: text("description").trim().max(500).optional(),
  region: z.enum(ESCALATION_REGIONS).optional(),
  language: z.enum(CLIP_LANGUAGES).optional(),
});
export type ContentUploadFields = z.infer<typeof ContentUploadFields>;
export const ContentIdParam = z.object({ id: dbId("id") });

// ---- Artworks ----

const ArtworkText = (field: ArtworkField, max: number) =>
  text(ARTWORK_FIELD_LABELS[field]).max(max).nullish();
/** A height or width, a number or its text: refused in people's words ("Width must be more than 0"). */
const ArtworkDimension = (field: "bHeight" | "bWidth") =>
  z
    .union([z.number(), z.string()], { error: artworkFieldMessages.notANumber(ARTWORK_FIELD_LABELS[field]) })
    .nullish()
    .superRefine((v, ctx) => {
      const problem = artworkDimensionProblem(field, v);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    // `x-refinements`: a number written as text is checked by the rule, not by the schema
    .meta({
      description: "A number above 0 with at most two decimals, or its text.",
      "x-refinements": [
        artworkFieldMessages.notANumber(ARTWORK_FIELD_LABELS[field]),
        artworkFieldMessages.moreThanZero(ARTWORK_FIELD_LABELS[field]),
        artworkFieldMessages.dimensionFormat(ARTWORK_FIELD_LABELS[field]),
      ],
    });
/**
 * Loose on purpose: missing or unsuitable choices get the spec's "Please Fill the required fields";
 * a value of the wrong kind is refused in people's words, never with a field's code name.
 */
export const CreateArtworkBody = z.object({
  type: ArtworkText("type", 60),
  subType: ArtworkText("subType", 60),
  unit: ArtworkText("unit", 20),
  cat: ArtworkText("cat", 60),
  size: ArtworkText("size", 40),
  bHeight: ArtworkDimension("bHeight"),
  bWidth: ArtworkDimension("bWidth"),
  /** How many pieces, 1 to 999 (not given: 1). */
  quantity: z
    .union(
      [
        z
          .int({ error: artworkFieldMessages.quantity })
          .min(ARTWORK_QUANTITY_MIN, { error: artworkFieldMessages.quantity })
          .max(ARTWORK_QUANTITY_MAX, { error: artworkFieldMessages.quantity }),
        z.string().regex(/^\s*[1-9]\d{0,2}\s*$/, { error: artworkFieldMessages.quantity }),
      ],
      { error: artworkFieldMessages.quantity },
    )
    .nullish()
    .refine((v) => artworkQuantityProblem(v) === null, artworkFieldMessages.quantity)
    .meta({ description: "How many pieces, a whole number from 1 to 999 (not given: 1)." }),
  address: text(ARTWORK_FIELD_LABELS.address, { multiline: true }).max(ARTWORK_ADDRESS_MAX).nullish(),
});
export type CreateArtworkBody = z.infer<typeof CreateArtworkBody>;

export const Artwork = z.object({
  id: z.number(),
  type: z.string(),
  subType: z.string(),
  unit: z.string(),
  cat: z.string(),
  size: z.string(),
  bHeight: z.string().nullable(),
  bWidth: z.string().nullable(),
  address: z.string(),
  quantity: z.number(),
  status: z.enum(ARTWORK_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Artwork = z.infer<typeof Artwork>;

export const ArtworkListBody = z.object({
  pageNo: z.coerce.number().int().min(1).max(MAX_DB_ID).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const ArtworkListResponse = z.object({ rows: z.array(Artwork), count: z.number() });
export type ArtworkListResponse = z.infer<typeof ArtworkListResponse>;
export const CreateArtworkResponse = z.object({ message: z.string(), artwork: Artwork });

export const AdminArtwork = Artwork.extend({
  userId: z.number(),
  storeName: z.string().nullable(),
  email: z.string(),
  next: z.array(z.enum(ARTWORK_STATUSES)),
});
export type AdminArtwork = z.infer<typeof AdminArtwork>;
/** The staff artworks list's sort keys: its row's columns. */
export const ARTWORK_SORTS = [
  "id",
  "storeName",
  "email",
  "type",
  "subType",
  "size",
  "status",
  "createdAt",
  "updatedAt",
] as const;
/** q searches the order number, the partner's store and email, the type and the size. */
export const AdminArtworksQuery = z.object({
  ...listControls(ARTWORK_SORTS),
  status: z.enum(ARTWORK_STATUSES).optional(),
  userId: dbId("userId").optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(25),
});
export type AdminArtworksQuery = z.infer<typeof AdminArtworksQuery>;
export const AdminArtworksResponse = z.object({ rows: z.array(AdminArtwork), total: z.number() });
export type AdminArtworksResponse = z.infer<typeof AdminArtworksResponse>;
export const ArtworkStatusBody = z.object({ status: z.enum(ARTWORK_STATUSES) });
