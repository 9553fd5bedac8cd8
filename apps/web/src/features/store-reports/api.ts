import {
  ArsReportResponse,
  FeedbackList,
  StorePerformanceConfigResponse,
  StorePerformanceResponse,
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
