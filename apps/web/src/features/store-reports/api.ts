import {
  ArsOrderExpectedResponse,
  ArsReportResponse,
  ArsRunsResponse,
  FeedbackList,
  StorePerformanceConfigResponse,
  StorePerformanceResponse,
  StoreTrendResponse,
} from "@portal/contracts";
import { queryOptions } from "@tanstack/react-query";
import { request, requestFile } from "../../lib/api";

export interface ArsRange {
  from: string;
  to: string;
}

export const storeReportsApi = {
  arsReport: (range: ArsRange, pageNo: number, pageSize: number) =>
    request("/api/order/arsReport", { query: { ...range, pageNo, pageSize }, schema: ArsReportResponse }),
  config: (concept: string | undefined) =>
    request("/api/storeperformance/getconfig", {
      query: { concept },
      schema: StorePerformanceConfigResponse,
    }),
  performance: (storeId: number, from: string | undefined) =>
    request(`/api/storeperformance/${storeId}`, {
      query: { from: from || undefined },
      schema: StorePerformanceResponse,
    }),
  trend: (storeId: number, from: string | undefined) =>
    request(`/api/storeperformance/${storeId}/trend`, {
      query: { from: from || undefined },
      schema: StoreTrendResponse,
    }),
  arsRuns: () => request("/api/order/arsRuns", { schema: ArsRunsResponse }),
  orderExpected: (range: ArsRange) =>
    request("/api/order/arsReport/addToCart", {
      method: "POST",
      body: { ...range },
      schema: ArsOrderExpectedResponse,
    }),
  feedback: () => request("/api/storeperformance/feedback", { schema: FeedbackList }),
  sendFeedback: (feature: string, message: string) =>
    request("/api/storeperformance/feedback", {
      method: "POST",
      body: { feature, message },
      schema: FeedbackList,
    }),
  addComment: (id: number, message: string) =>
    request("/api/storeperformance/feedback", { method: "PUT", body: { id, message }, schema: FeedbackList }),
};

export const storeReportsKeys = {
  all: ["store-reports"] as const,
  ars: (range: ArsRange, pageNo: number, pageSize: number) =>
    [...storeReportsKeys.all, "ars", range, pageNo, pageSize] as const,
  performance: (storeId: number | undefined, asOf: string | undefined) =>
    [...storeReportsKeys.all, "performance", storeId, asOf] as const,
  config: (concept: string | undefined) => [...storeReportsKeys.all, "config", concept] as const,
  feedback: () => [...storeReportsKeys.all, "feedback"] as const,
  trend: (storeId: number | undefined, asOf: string | undefined) =>
    [...storeReportsKeys.all, "trend", storeId, asOf] as const,
  arsRuns: () => [...storeReportsKeys.all, "arsRuns"] as const,
};

export const storeReportsQueries = {
  ars: (range: ArsRange, pageNo: number, pageSize: number) =>
    queryOptions({
      queryKey: storeReportsKeys.ars(range, pageNo, pageSize),
      queryFn: () => storeReportsApi.arsReport(range, pageNo, pageSize),
    }),
  /** Asked once the store is known (storeId undefined before). */
  performance: (storeId: number | undefined, asOf: string | undefined) =>
    queryOptions({
      queryKey: storeReportsKeys.performance(storeId, asOf),
      queryFn: () => storeReportsApi.performance(storeId ?? 0, asOf),
    }),
  config: (concept: string | undefined) =>
    queryOptions({
      queryKey: storeReportsKeys.config(concept),
      queryFn: () => storeReportsApi.config(concept),
    }),
  feedback: () => queryOptions({ queryKey: storeReportsKeys.feedback(), queryFn: storeReportsApi.feedback }),
  trend: (storeId: number | undefined, asOf: string | undefined) =>
    queryOptions({
      queryKey: storeReportsKeys.trend(storeId, asOf),
      queryFn: () => storeReportsApi.trend(storeId ?? 0, asOf),
    }),
  arsRuns: () => queryOptions({ queryKey: storeReportsKeys.arsRuns(), queryFn: storeReportsApi.arsRuns }),
};

/** Saves the ARS report CSV under the server's name. */
export async function saveArsCsv(range: ArsRange) {
  const { blob, filename } = await requestFile("/api/order/arsReport/csv", { query: { ...range } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename ?? "ars-report.csv";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
