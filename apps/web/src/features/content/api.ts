import {
  AssessmentOutcome,
  AssessmentPaper,
  AssessmentsResponse,
  BrandsResponse,
  ContentFilesResponse,
  type EventListBody,
  EventListResponse,
  GalleryResponse,
  LookbookPage,
  LookbooksResponse,
  LookbookUrlResponse,
  ResultsResponse,
  SignedUrlResponse,
  TrainingTopicsResponse,
  TvcResponse,
} from "@portal/contracts";
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { request } from "../../lib/api";

export const contentApi = {
  policies: () => request("/api/policies", { schema: ContentFilesResponse }),
  releaseNotes: () => request("/api/policies/getAllReleaseNotes", { schema: ContentFilesResponse }),
  brands: () => request("/api/brands", { schema: BrandsResponse }),
  vmEbook: () => request("/api/vmEbook", { schema: ContentFilesResponse }),
  documentUrl: (path: string) =>
    request("/api/policies/getUrl", { query: { path }, schema: SignedUrlResponse }),
  tvc: () => request("/api/tvc", { schema: TvcResponse }),
  lookbooks: () => request("/api/lookbooks", { schema: LookbooksResponse }),
  lookbook: (id: number) => request(`/api/lookbooks/${id}`, { schema: LookbookPage }),
  lookbookUrl: (path: string) =>
    request("/api/lookbooks/getLookbook", { query: { path }, schema: LookbookUrlResponse }),
  events: (body: z.input<typeof EventListBody>) =>
    request("/api/training/getEventList", {
      method: "POST",
      body,
      schema: EventListResponse,
    }),
  trainingItems: () => request("/api/training/categories", { schema: TrainingTopicsResponse }),
  gallery: () => request("/api/training/gallery", { schema: GalleryResponse }),
  assessments: () => request("/api/assessment", { method: "POST", body: {}, schema: AssessmentsResponse }),
  assessment: (id: number) => request(`/api/assessment/${id}`, { schema: AssessmentPaper }),
  submitAssessment: (id: number, answers: { questionId: number; choice: number }[]) =>
    request(`/api/assessment/${id}/submit`, { method: "POST", body: { answers }, schema: AssessmentOutcome }),
  results: () => request("/api/result", { method: "POST", body: {}, schema: ResultsResponse }),
  resultUrl: (key: string) =>
    request("/api/result/download", { method: "POST", body: { key }, schema: SignedUrlResponse }),
};

/** The training calendar's dates as the screen holds them (yyyy-MM-dd, empty for open-ended). */
export interface EventRange {
  fromDate: string;
  toDate: string;
}

export const contentKeys = {
  all: ["content"] as const,
  policies: () => [...contentKeys.all, "policies"] as const,
  releaseNotes: () => [...contentKeys.all, "release-notes"] as const,
  brands: () => [...contentKeys.all, "brands"] as const,
  vmEbook: () => [...contentKeys.all, "vm-ebook"] as const,
  tvc: () => [...contentKeys.all, "tvc"] as const,
  lookbooks: () => [...contentKeys.all, "lookbooks"] as const,
  lookbook: (id: number) => [...contentKeys.all, "lookbook", id] as const,
  events: (range: EventRange) => [...contentKeys.all, "events", range] as const,
  trainingItems: () => [...contentKeys.all, "training-items"] as const,
  gallery: () => [...contentKeys.all, "gallery"] as const,
  assessments: () => [...contentKeys.all, "assessments"] as const,
  assessment: (id: number) => [...contentKeys.all, "assessment", id] as const,
  results: () => [...contentKeys.all, "results"] as const,
};

export const contentQueries = {
  policies: () => queryOptions({ queryKey: contentKeys.policies(), queryFn: contentApi.policies }),
  releaseNotes: () =>
    queryOptions({ queryKey: contentKeys.releaseNotes(), queryFn: contentApi.releaseNotes }),
  brands: () => queryOptions({ queryKey: contentKeys.brands(), queryFn: contentApi.brands }),
  vmEbook: () => queryOptions({ queryKey: contentKeys.vmEbook(), queryFn: contentApi.vmEbook }),
  tvc: () => queryOptions({ queryKey: contentKeys.tvc(), queryFn: contentApi.tvc }),
  // Covers are signed addresses good for an hour: fetched again well before.
  lookbooks: () =>
    queryOptions({
      queryKey: contentKeys.lookbooks(),
      queryFn: contentApi.lookbooks,
      staleTime: 30 * 60_000,
    }),
  lookbook: (id: number) =>
    queryOptions({
      queryKey: contentKeys.lookbook(id),
      queryFn: () => contentApi.lookbook(id),
      staleTime: 30 * 60_000,
    }),
  /** An empty date is sent as null (no bound). */
  events: (range: EventRange) =>
    queryOptions({
      queryKey: contentKeys.events(range),
      queryFn: () => contentApi.events({ fromDate: range.fromDate || null, toDate: range.toDate || null }),
    }),
  trainingItems: () =>
    queryOptions({ queryKey: contentKeys.trainingItems(), queryFn: contentApi.trainingItems }),
  gallery: () => queryOptions({ queryKey: contentKeys.gallery(), queryFn: contentApi.gallery }),
  assessments: () => queryOptions({ queryKey: contentKeys.assessments(), queryFn: contentApi.assessments }),
  assessment: (id: number) =>
    queryOptions({ queryKey: contentKeys.assessment(id), queryFn: () => contentApi.assessment(id) }),
  results: () => queryOptions({ queryKey: contentKeys.results(), queryFn: contentApi.results }),
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
