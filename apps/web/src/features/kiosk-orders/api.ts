import {
  EmailsByMobileResponse,
  KioskCustomer,
  KioskOrder,
  KioskOrderList,
  type KioskPlaceBody,
  KioskReceipt,
  KioskTrack,
  ProductDetail,
  type RegisterCustomerBody,
  type SaveDetailsBody,
} from "@portal/contracts";
import type { KioskOrderStatus } from "@portal/domain";
import { request } from "../../lib/api";

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
};
