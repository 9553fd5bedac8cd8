import {
  AssessmentOutcome,
  AssessmentPaper,
  AssessmentsResponse,
  BrandsResponse,
  ContentFilesResponse,
  EventListResponse,
  GalleryResponse,
  LookbookUrlResponse,
  ResultsResponse,
  SignedUrlResponse,
  TrainingItemsResponse,
  TvcResponse,
} from "@portal/contracts";
import { request } from "../../lib/api";

export const contentApi = {
  policies: () => request("/api/policies", { schema: ContentFilesResponse }),
  releaseNotes: () => request("/api/policies/getAllReleaseNotes", { schema: ContentFilesResponse }),
  brands: () => request("/api/brands", { schema: BrandsResponse }),
  vmEbook: () => request("/api/vmEbook", { schema: ContentFilesResponse }),
  documentUrl: (path: string) =>
    request("/api/policies/getUrl", { query: { path }, schema: SignedUrlResponse }),
  tvc: () => request("/api/tvc", { schema: TvcResponse }),
  lookbooks: () => request("/api/lookbooks", { schema: ContentFilesResponse }),
  lookbookUrl: (path: string) =>
    request("/api/lookbooks/getLookbook", { query: { path }, schema: LookbookUrlResponse }),
  events: (fromDate: string | null, toDate: string | null) =>
    request("/api/training/getEventList", {
      method: "POST",
      body: { fromDate, toDate },
      schema: EventListResponse,
    }),
  trainingItems: () => request("/api/training/categories", { schema: TrainingItemsResponse }),
  gallery: () => request("/api/training/gallery", { schema: GalleryResponse }),
  assessments: () => request("/api/assessment", { method: "POST", body: {}, schema: AssessmentsResponse }),
  assessment: (id: number) => request(`/api/assessment/${id}`, { schema: AssessmentPaper }),
  submitAssessment: (id: number, answers: { questionId: number; choice: number }[]) =>
    request(`/api/assessment/${id}/submit`, { method: "POST", body: { answers }, schema: AssessmentOutcome }),
  results: () => request("/api/result", { method: "POST", body: {}, schema: ResultsResponse }),
  resultUrl: (key: string) =>
    request("/api/result/download", { method: "POST", body: { key }, schema: SignedUrlResponse }),
};

/**
 * Opens a signed address in a new window. The window is opened at the click (so no pop-up blocker
 * stops it) and sent to the address once the server answers; it is closed again on failure.
 */
export async function openInNewWindow(address: () => Promise<{ url: string }>) {
  const win = window.open("", "_blank");
  try {
    const { url } = await address();
    if (win) {
      win.opener = null;
      win.location.href = url;
    } else window.location.assign(url);
  } catch (error) {
    win?.close();
    throw error;
  }
}

/** Starts a download of a signed address (the server answers it as an attachment). */
export function downloadFrom(url: string) {
  const a = document.createElement("a");
  a.href = url;
  a.rel = "noopener";
  a.download = "";
  document.body.append(a);
  a.click();
  a.remove();
}
