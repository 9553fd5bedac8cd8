import {
  type CformData,
  type CformQuery,
  CformResponse,
  CformSummary,
  ConfirmPaymentResponse,
  PaymentConfirmationsResponse,
  PendingPaymentsResponse,
  SetInTransitResponse,
  type SrDetailsBody,
  SrDetailsResponse,
  SrDownloadResponse,
  SrInvoice,
} from "@portal/contracts";
import type { SrShippingCompany } from "@portal/domain";
import { z } from "zod";
import { request, requestFile } from "../../lib/api";

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
  setInTransit: (body: { ShippingCompany: SrShippingCompany; AWB: string; ReferenceID: string }) =>
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
  confirmPayment: (paymentData: {
    paymentType: string;
    referenceId: string;
    totalAmountPayable: string;
    totalAmountPaid: string;
    orders: string[];
    /** The open documents paid, by ledger entry id. */
    documents: number[];
    ledgerAccount: number;
  }) =>
    request("/api/payment/processConfirmPayment", {
      method: "POST",
      body: { paymentData },
      schema: ConfirmPaymentResponse,
    }),
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
