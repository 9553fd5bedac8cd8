import {
  CategoriesResponse,
  EmailsByMobileResponse,
  KioskCustomer,
  KioskOrder,
  KioskOrderList,
  type KioskPlaceBody,
  KioskReceipt,
  KioskTrack,
  ListingResponse,
  ProductDetail,
  type RegisterCustomerBody,
  type SaveDetailsBody,
} from "@portal/contracts";
import type { KioskOrderStatus } from "@portal/domain";
import { queryOptions } from "@tanstack/react-query";
import { request } from "../../lib/api";

/** The guest catalogue's filter: a category id or "all", the search text and the page. */
export interface GuestListingFilter {
  category: string;
  search: string;
  page: number;
}

export const kioskApi = {
  list: (status: KioskOrderStatus) =>
    request("/api/kajukatli/getOrderList", { query: { status }, schema: KioskOrderList }),
  cancel: (id: number) => request("/api/kajukatli/cancelOrder", { query: { id }, schema: KioskOrder }),
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
