import {
  NameList,
  SaveWaybillResponse,
  WaybillDetail,
  WaybillDownloadResponse,
  WaybillListResponse,
  WaybillLogResponse,
} from "@portal/contracts";
import {
  WAYBILL_FILE_FIELD,
  WAYBILL_SUBMIT_ACTION,
  WAYBILL_SUBMIT_STATUS,
  type WaybillStatus,
} from "@portal/domain";
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
};
