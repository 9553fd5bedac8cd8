import {
  type CformData,
  type CformQuery,
  CformResponse,
  CformSummary,
  type ConfirmPaymentBody,
  ConfirmPaymentResponse,
  PaymentConfirmationsResponse,
  PendingPaymentsResponse,
  type SetInTransitBody,
  SetInTransitResponse,
  type SrDetailsBody,
  SrDetailsResponse,
  SrDownloadResponse,
  SrInvoice,
  type SrRow,
} from "@portal/contracts";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { request, requestFile } from "../../lib/api";

/** The partner's payment confirmation as POST /api/payment/processConfirmPayment takes it ({paymentData}). */
export type ConfirmPaymentInput = z.input<typeof ConfirmPaymentBody>["paymentData"];

const CformSaved = z.object({ message: z.string(), saved: z.number() });

export const financeApi = {
  srList: (body: SrDetailsBody) =>
    request("/api/srdetails/getSRDetails", { method: "POST", body, schema: SrDetailsResponse }),
  srLines: (refId: string) =>
    request("/api/srdetails/getSRDownloadDetails", {
      method: "POST",
      body: { refId },
      schema: SrDownloadResponse,
    }),
  setInTransit: (body: z.input<typeof SetInTransitBody>) =>
    request("/api/srdetails/setInTransit", { method: "POST", body, schema: SetInTransitResponse }),
  srInvoice: (ReferenceID: string, InvoiceStatus: string) =>
    request("/api/srdetails/getSRInvoice", {
      method: "POST",
      body: { ReferenceID, InvoiceStatus },
      schema: SrInvoice,
    }),
  cformSummary: () => request("/api/cform/summary", { schema: CformSummary }),
  cforms: (q: CformQuery) =>
    request("/api/cform/getCFormDetails", { method: "POST", body: q, schema: CformResponse }),
  saveCform: (file: File, data: CformData) => {
    const form = new FormData();
    form.append("data", JSON.stringify(data));
    form.append("file", file);
    return request("/api/cform/addCFormDetails", { method: "POST", body: form, schema: CformSaved });
  },
  pending: (accountId: number) =>
    request("/api/payment/pending", { query: { accountId }, schema: PendingPaymentsResponse }),
  confirmations: () => request("/api/payment/confirmations", { schema: PaymentConfirmationsResponse }),
  confirmPayment: (paymentData: ConfirmPaymentInput) =>
    request("/api/payment/processConfirmPayment", {
      method: "POST",
      body: { paymentData },
      schema: ConfirmPaymentResponse,
    }),
};

/** Every finance query key starts with financeKeys.all: a saved C-form or a confirmed payment refreshes them all. */
export const financeKeys = {
  all: ["finance"] as const,
  cformSummary: () => [...financeKeys.all, "cform-summary"] as const,
  cforms: (query: CformQuery | null) => [...financeKeys.all, "cforms", query] as const,
  srAll: () => [...financeKeys.all, "sr"] as const,
  srList: (filter: SrDetailsBody) => [...financeKeys.srAll(), filter] as const,
  srInvoice: (referenceId: string | undefined) => [...financeKeys.all, "sr-invoice", referenceId] as const,
  pending: (account: string) => [...financeKeys.all, "pending", account] as const,
  confirmations: () => [...financeKeys.all, "confirmations"] as const,
};

export const financeQueries = {
  /** The partner's C-form rows by year (the account menu lists C-Form when there are any). */
  cformSummary: () =>
    queryOptions({ queryKey: financeKeys.cformSummary(), queryFn: financeApi.cformSummary }),
  /** Asked only once a query is chosen (null before). */
  cforms: (query: CformQuery | null) =>
    queryOptions({
      queryKey: financeKeys.cforms(query),
      queryFn: () => financeApi.cforms(query as CformQuery),
    }),
  srList: (filter: SrDetailsBody) =>
    queryOptions({ queryKey: financeKeys.srList(filter), queryFn: () => financeApi.srList(filter) }),
  srInvoice: (row: Pick<SrRow, "ReferenceID" | "InvoiceStatus"> | null) =>
    queryOptions({
      queryKey: financeKeys.srInvoice(row?.ReferenceID),
      queryFn: () => financeApi.srInvoice(row?.ReferenceID ?? "", row?.InvoiceStatus ?? ""),
    }),
  /** The ledger account is the screen's choice, "1" or "2". */
  pending: (account: string) =>
    queryOptions({
      queryKey: financeKeys.pending(account),
      queryFn: () => financeApi.pending(Number(account)),
    }),
  confirmations: () =>
    queryOptions({ queryKey: financeKeys.confirmations(), queryFn: financeApi.confirmations }),
};

/** Saves a file answered by the API under the server's name. */
export async function saveFile(path: string, fallback: string) {
  const { blob, filename } = await requestFile(path, {});
  saveBlob(blob, filename ?? fallback);
}

export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
