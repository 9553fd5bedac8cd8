import {
  CategoriesResponse,
  EmailsByMobileResponse,
  KioskCustomer,
  KioskInvoice,
  KioskMail,
  KioskOrder,
  KioskOrderList,
  KioskOrderMails,
  type KioskPlaceBody,
  KioskProductSearch,
  KioskReceipt,
  KioskTrack,
  ListingResponse,
  ProductDetail,
  type RegisterCustomerBody,
  type SaveDetailsBody,
} from "@portal/contracts";
import type { KioskOrderStatus, KioskRefundMode } from "@portal/domain";
import { queryOptions } from "@tanstack/react-query";
import { request } from "../../lib/api";
import { downloadFile } from "../../lib/download";

/** The guest catalogue's filter: a category id or "all", the search text and the page. */
export interface GuestListingFilter {
  category: string;
  search: string;
  page: number;
}

export const kioskApi = {
  list: (status: KioskOrderStatus) =>
    request("/api/kajukatli/getOrderList", { query: { status }, schema: KioskOrderList }),
  cancel: (id: number, refund: { mode: KioskRefundMode; reference: string }) =>
    request("/api/kajukatli/cancelOrder", {
      query: {
        id,
        refundMode: refund.mode,
        ...(refund.reference.trim() ? { refundReference: refund.reference.trim() } : {}),
      },
      schema: KioskOrder,
    }),
  /** Mails the customer (the receipt with its PDF, or the acknowledgement link); an address typed is kept. */
  mail: (kind: "receipt" | "link", id: number, email: string) =>
    request(kind === "receipt" ? "/api/kajukatli/emailReceipt" : "/api/kajukatli/resendLink", {
      method: "POST",
      body: { id, ...(email.trim() ? { email: email.trim() } : {}) },
      schema: KioskMail,
    }),
  mails: (id: number) => request("/api/kajukatli/getOrderMails", { query: { id }, schema: KioskOrderMails }),
  invoice: (id: number) => request("/api/kajukatli/getInvoice", { query: { id }, schema: KioskInvoice }),
  receiptPdf: (id: number) =>
    downloadFile("/api/kajukatli/getReceipt/pdf", { query: { id } }, `receipt-${id}.pdf`),
  invoicePdf: (id: number) =>
    downloadFile("/api/kajukatli/getInvoice/pdf", { query: { id } }, `invoice-${id}.pdf`),
  searchProducts: (q: string, signal?: AbortSignal) =>
    request("/api/kajukatli/searchProducts", {
      query: { q },
      schema: KioskProductSearch,
      ...(signal ? { signal } : {}),
    }),
  confirm: (poid: string, id: number) =>
    request("/api/kajukatli/confirmOrder", { query: { POID: poid, id }, schema: KioskOrder }),
  receipt: (id: number) => request("/api/kajukatli/getReceipt", { query: { id }, schema: KioskReceipt }),
  track: (id: number) => request("/api/kajukatli/getTrackOrder", { query: { id }, schema: KioskTrack }),
  emailsByMobile: (mobileNo: string) =>
    request("/api/kajukatli/getEmailsByMobile", {
      method: "POST",
      body: { MobileNo: mobileNo },
      schema: EmailsByMobileResponse,
    }),
  register: (body: RegisterCustomerBody) =>
    request("/api/kajukatli/registerUser", { method: "POST", body, schema: KioskCustomer }),
  saveDetails: (body: SaveDetailsBody) =>
    request("/api/kajukatli/saveDetails", { method: "POST", body, schema: KioskCustomer }),
  place: (body: KioskPlaceBody, key: string) =>
    request("/api/kajukatli/placeOrder", {
      method: "POST",
      body,
      headers: { "Idempotency-Key": key },
      schema: KioskOrder,
    }),
  product: (id: number) => request(`/api/products/${id}`, { schema: ProductDetail }),
  /** A kiosk guest's catalogue: requests signed with the guest's token, not the store's. */
  guestCategories: (bearer: string, signal: AbortSignal) =>
    request("/api/category/b2b", { auth: false, bearer, schema: CategoriesResponse, signal }),
  guestListing: (bearer: string, { category, search, page }: GuestListingFilter, signal: AbortSignal) =>
    request("/api/listing/b2b", {
      method: "POST",
      auth: false,
      bearer,
      body: {
        page,
        size: 20,
        ...(search ? { search } : {}),
        filters: category === "all" ? [] : [{ key: "categories", values: [Number(category)] }],
      },
      schema: ListingResponse,
      signal,
    }),
};

/** Every kiosk query key starts with kioskKeys.all, so one invalidation refreshes the orders and their popups. */
export const kioskKeys = {
  all: ["kiosk"] as const,
  orders: (status: KioskOrderStatus) => [...kioskKeys.all, "orders", status] as const,
  emails: (phoneNo: string) => [...kioskKeys.all, "emails", phoneNo] as const,
  receipt: (id: number) => [...kioskKeys.all, "receipt", id] as const,
  track: (id: number) => [...kioskKeys.all, "track", id] as const,
  mails: (id: number) => [...kioskKeys.all, "mails", id] as const,
  invoice: (id: number) => [...kioskKeys.all, "invoice", id] as const,
  products: (q: string) => [...kioskKeys.all, "products", q] as const,
};

/** A guest's queries are keyed by the guest's token, so another guest never sees them. */
export const kioskGuestKeys = {
  all: (bearer: string) => ["kioskGuest", bearer] as const,
  categories: (bearer: string) => [...kioskGuestKeys.all(bearer), "categories"] as const,
  listing: (bearer: string, { category, search, page }: GuestListingFilter) =>
    [...kioskGuestKeys.all(bearer), "listing", category, search, page] as const,
};

export const kioskQueries = {
  orders: (status: KioskOrderStatus) =>
    queryOptions({ queryKey: kioskKeys.orders(status), queryFn: () => kioskApi.list(status) }),
  emails: (phoneNo: string) =>
    queryOptions({ queryKey: kioskKeys.emails(phoneNo), queryFn: () => kioskApi.emailsByMobile(phoneNo) }),
  receipt: (id: number) =>
    queryOptions({ queryKey: kioskKeys.receipt(id), queryFn: () => kioskApi.receipt(id) }),
  track: (id: number) => queryOptions({ queryKey: kioskKeys.track(id), queryFn: () => kioskApi.track(id) }),
  mails: (id: number) => queryOptions({ queryKey: kioskKeys.mails(id), queryFn: () => kioskApi.mails(id) }),
  invoice: (id: number) =>
    queryOptions({ queryKey: kioskKeys.invoice(id), queryFn: () => kioskApi.invoice(id) }),
  products: (q: string) =>
    queryOptions({
      queryKey: kioskKeys.products(q),
      queryFn: ({ signal }) => kioskApi.searchProducts(q, signal),
      staleTime: 30_000,
    }),
  guestCategories: (bearer: string) =>
    queryOptions({
      queryKey: kioskGuestKeys.categories(bearer),
      queryFn: ({ signal }) => kioskApi.guestCategories(bearer, signal),
    }),
  guestListing: (bearer: string, filter: GuestListingFilter) =>
    queryOptions({
      queryKey: kioskGuestKeys.listing(bearer, filter),
      queryFn: ({ signal }) => kioskApi.guestListing(bearer, filter, signal),
    }),
};
