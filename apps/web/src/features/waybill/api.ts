import {
  NameList,
  SaveWaybillResponse,
  WaybillDetail,
  WaybillDownloadResponse,
  WaybillListResponse,
  WaybillLogResponse,
  WhReqCountResponse,
} from "@portal/contracts";
import {
  WAYBILL_FILE_FIELD,
  WAYBILL_SUBMIT_ACTION,
  WAYBILL_SUBMIT_STATUS,
  type WaybillStatus,
} from "@portal/domain";
import { queryOptions } from "@tanstack/react-query";
import { request } from "../../lib/api";

export const waybillApi = {
  list: (assignstatus: WaybillStatus, pageno: number, pagesize: number) =>
    request("/api/waybill/getWaybillList", {
      method: "POST",
      body: { pageno, pagesize, assignstatus },
      schema: WaybillListResponse,
    }),
  get: (requestid: string) =>
    request(`/api/waybill/${encodeURIComponent(requestid)}`, { schema: WaybillDetail }),
  log: (requestid: string) =>
    request("/api/waybill/getWaybillLog", {
      method: "POST",
      body: { requestid },
      schema: WaybillLogResponse,
    }),
  whRequestCount: () =>
    request("/api/waybill/getWHReqCount", { method: "POST", body: {}, schema: WhReqCountResponse }),
  transporters: () => request("/api/waybill/getTransporters", { schema: NameList }),
  checkPosts: () => request("/api/waybill/getCheckPostList", { schema: NameList }),
  download: (path: string) =>
    request("/api/waybill/download", { method: "POST", body: { path }, schema: WaybillDownloadResponse }),
  /** saveWaybillDoc: the request is submitted with status Closed and action Update. */
  save: (input: { loadId: number; requestId: string; comment: string; file: File; userId: number }) => {
    const form = new FormData();
    form.set("loadid", String(input.loadId));
    form.set("requestid", input.requestId);
    form.set("comment", input.comment);
    form.set("status", WAYBILL_SUBMIT_STATUS);
    form.set("action", WAYBILL_SUBMIT_ACTION);
    form.set("actionby", String(input.userId));
    form.set("requesttype", "waybill");
    form.set(WAYBILL_FILE_FIELD, input.file, input.file.name);
    return request("/api/waybill/saveWaybillDoc", {
      method: "POST",
      body: form,
      schema: SaveWaybillResponse,
    });
  },
  /** replaceWaybillDoc: a wrong document of an open request is replaced by a new PDF. */
  replace: (input: { loadId: number; requestId: string; path: string; comment: string; file: File }) => {
    const form = new FormData();
    form.set("loadid", String(input.loadId));
    form.set("requestid", input.requestId);
    form.set("path", input.path);
    form.set("comment", input.comment);
    form.set(WAYBILL_FILE_FIELD, input.file, input.file.name);
    return request("/api/waybill/replaceWaybillDoc", {
      method: "POST",
      body: form,
      schema: SaveWaybillResponse,
    });
  },
};

/** Every waybill query key starts with waybillKeys.all: an upload refreshes the lists, details and the badge. */
export const waybillKeys = {
  all: ["waybill"] as const,
  list: (status: WaybillStatus, pageNo: number, pageSize: number) =>
    [...waybillKeys.all, "list", status, pageNo, pageSize] as const,
  detail: (requestid: string) => [...waybillKeys.all, "detail", requestid] as const,
  log: (requestid: string) => [...waybillKeys.all, "log", requestid] as const,
  whRequestCount: () => [...waybillKeys.all, "wh-request-count"] as const,
};

export const waybillQueries = {
  list: (status: WaybillStatus, pageNo: number, pageSize: number) =>
    queryOptions({
      queryKey: waybillKeys.list(status, pageNo, pageSize),
      queryFn: () => waybillApi.list(status, pageNo, pageSize),
    }),
  detail: (requestid: string) =>
    queryOptions({ queryKey: waybillKeys.detail(requestid), queryFn: () => waybillApi.get(requestid) }),
  log: (requestid: string) =>
    queryOptions({ queryKey: waybillKeys.log(requestid), queryFn: () => waybillApi.log(requestid) }),
  /** How many requests wait in WH Request (the account menu's badge). */
  whRequestCount: () =>
    queryOptions({
      queryKey: waybillKeys.whRequestCount(),
      queryFn: waybillApi.whRequestCount,
      staleTime: 60_000,
    }),
};
