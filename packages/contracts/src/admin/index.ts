/**
 * The Admin Console's calls: every request and response of the staff routes (`/api/admin/...`, plus
 * the spec's own staff calls `GET /api/users/userList`, `POST /api/users` by staff,
 * `POST /api/users/forgetPassword` and `GET /api/order/autoComfirmedOrders/{accountType}`), one
 * file per desk. Amounts are decimal strings with 2 places; dates are ISO strings, days are yyyy-MM-dd.
 */
export * from "./audit";
export * from "./dashboard";
export * from "./einvoices";
export * from "./ewaybills";
export { AdminIdParam, AdminPoidParam, AdminUserIdParam } from "./fields";
export * from "./invoices";
export * from "./ledger";
export * from "./loads";
export * from "./notifications";
export * from "./order-desk";
export * from "./partners";
export * from "./payments";
export * from "./sales-returns";
export * from "./settings";
export * from "./waybills";
