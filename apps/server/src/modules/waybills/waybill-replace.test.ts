import { waybillMessages, waybillReplaceMessages } from "@portal/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema";
import { backOfficeKit } from "../../test/back-office-test-kit";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { madePdf } from "../../test/waybill-test-pdf";

let world: TestWorld;
let kit: Awaited<ReturnType<typeof backOfficeKit>>;
let stockist: { authorization: string };
let request: { id: number; requestId: string; loadId: number };
let made: Buffer;

function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const boundary = "----portalReplaceBoundary";
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

function send(
  url: string,
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer },
  headers = kit.franchisee,
) {
  const body = multipart(fields, file);
  return world.app.inject({
    method: "POST",
    url,
    headers: { ...headers, "content-type": body.contentType },
    payload: body.payload,
  });
}

const upload = (name: string) =>
  send(
    "/api/waybill/saveWaybillDoc",
    {
      loadid: String(request.loadId),
      requestid: request.requestId,
      comment: "Waybill attached",
      status: "Closed",
      action: "Update",
    },
    { name, bytes: made },
  );

const replace = (path: string, name: string, headers = kit.franchisee, extra: Record<string, string> = {}) =>
  send(
    "/api/waybill/replaceWaybillDoc",
    { loadid: String(request.loadId), requestid: request.requestId, path, ...extra },
    { name, bytes: made },
    headers,
  );

const post = (url: string, payload: object = {}, headers = kit.franchisee) =>
  world.app.inject({ method: "POST", url, headers, payload });

/** The documents of this test's request (the demo world's own waybill PDFs are made in the background). */
const storedFiles = async () =>
  (await world.app.fileStore.list("waybills"))
    .filter(
      (key) => key.startsWith(`waybills/${request.requestId}/`) || key.startsWith(`waybills/${request.id}/`),
    )
    .sort();

beforeAll(async () => {
  made = await madePdf();
  world = await createTestWorld();
  kit = await backOfficeKit(world);
  stockist = await world.signIn("stockist@demo.in");
  const { poid } = await kit.order([2]);
  await kit.call("POST", `/api/admin/orders/${poid}/confirm`, {});
  const load = (await kit.call("POST", "/api/admin/loads", { poids: [poid] })).json();
  await kit.call("POST", `/api/admin/loads/${load.id}/hand-over`, {
    transporter: "Gati",
    docketNo: `GT${load.id}`,
  });
  await kit.call("POST", `/api/admin/loads/${load.id}/ship`, {});
  const w = (
    await kit.call("POST", "/api/admin/waybills", {
      loadId: load.id,
      checkpostName: "Kagal (Maharashtra - Karnataka)",
    })
  ).json();
  request = { id: w.id, requestId: w.requestId, loadId: load.id };
}, 90_000);
afterAll(() => world.close());

describe("the partner's waybill rows", () => {
  it("name the warehouse, and the menu counts the open WH requests", async () => {
    const list = (await post("/api/waybill/getWaybillList", {})).json();
    expect(list.rows).toHaveLength(1);
    expect(list.rows[0]).toMatchObject({
      requestid: request.requestId,
      warehouseId: 2,
      warehouseName: "Pune",
      checkpostname: "Kagal (Maharashtra - Karnataka)",
    });
    const posts = (
      await world.app.inject({ url: "/api/waybill/getCheckPostList", headers: kit.franchisee })
    ).json();
    expect(posts).toContain(list.rows[0].checkpostname);
    expect((await post("/api/waybill/getWHReqCount", {})).json()).toEqual({ count: 1 });
    expect((await post("/api/waybill/getWHReqCount", {}, stockist)).json()).toEqual({ count: 0 });
  });
});

describe("replaceWaybillDoc", () => {
  let wrongPath = "";
  let rightPath = "";

  it("replaces a wrong upload: the new file is the document, the old one leaves the store and stays in the log", async () => {
    const first = await upload("wrong-load.pdf");
    expect(first.statusCode).toBe(200);
    wrongPath = first.json().waybill.files[0].path;
    expect((await post("/api/waybill/getWHReqCount", {})).json()).toEqual({ count: 0 });

    const res = await replace(wrongPath, "eway-bill-right.pdf");
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("wrong-load.pdf was replaced by eway-bill-right.pdf.");
    const { waybill } = res.json();
    expect(waybill.assignstatus).toBe("Doc Uploaded");
    expect(waybill.files.map((f: { fileName: string; comment: string }) => [f.fileName, f.comment])).toEqual([
      ["eway-bill-right.pdf", "Replaced wrong-load.pdf"],
    ]);
    rightPath = waybill.files[0].path;
    expect(rightPath).not.toBe(wrongPath);
    expect(await storedFiles()).toEqual([rightPath]);

    const list = (await post("/api/waybill/getWaybillList", { assignstatus: "Doc Uploaded" })).json();
    expect(list.rows[0].documents).toBe(1);

    const log = (await post("/api/waybill/getWaybillLog", { requestid: request.requestId })).json();
    expect(
      log.map((l: { action: string; fileName: string | null; replacedAt: string | null }) => [
        l.action,
        l.fileName,
        l.replacedAt === null ? "current" : "replaced",
      ]),
    ).toEqual([
      ["Request", null, "current"],
      ["Update", "wrong-load.pdf", "replaced"],
      ["Replace", "eway-bill-right.pdf", "current"],
    ]);

    const audit = await kit.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "waybill.replace"), eq(auditLog.entityId, String(request.id))));
    expect(audit.map((a) => [a.before, a.after])).toEqual([
      [
        { file: wrongPath, fileName: "wrong-load.pdf" },
        { file: rightPath, fileName: "eway-bill-right.pdf" },
      ],
    ]);
  });

  it("downloads the new document; the replaced one is gone for the partner and staff", async () => {
    const signed = await post("/api/waybill/download", { path: rightPath });
    expect(signed.statusCode).toBe(200);
    const file = await world.app.inject({ url: signed.json().url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(made)).toBe(true);
    for (const headers of [kit.franchisee, kit.staff]) {
      const old = await post("/api/waybill/download", { path: wrongPath }, headers);
      expect(old.statusCode).toBe(404);
      expect(old.json().message).toBe(waybillMessages.downloadFailed);
    }
    const desk = (await kit.call("GET", `/api/admin/waybills/${request.id}/documents`)).json();
    expect(desk.map((d: { fileName: string }) => d.fileName)).toEqual(["eway-bill-right.pdf"]);
  });

  it("refuses a replaced document, another partner, a non-PDF; nothing is kept", async () => {
    const again = await replace(wrongPath, "third.pdf");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(waybillReplaceMessages.notCurrent);
    expect((await replace(rightPath, "theirs.pdf", stockist)).statusCode).toBe(404);
    const notPdf = await send(
      "/api/waybill/replaceWaybillDoc",
      { loadid: String(request.loadId), requestid: request.requestId, path: rightPath },
      { name: "photo.pdf", bytes: Buffer.from("GIF89a not a pdf at all") },
    );
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().message).toBe(waybillMessages.fileRule);
    const badPath = await replace("waybills/68.pdf", "x.pdf");
    expect(badPath.statusCode).toBe(400);
    expect(badPath.json().message).toBe("path is not a waybill document");
    expect(await storedFiles()).toEqual([rightPath]);
  });

  it("refuses once staff closed the request", async () => {
    expect(
      (await kit.call("POST", `/api/admin/waybills/${request.id}/close`, { comment: "Verified" })).statusCode,
    ).toBe(200);
    const res = await replace(rightPath, "late.pdf");
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(waybillReplaceMessages.closed);
    expect(await storedFiles()).toEqual([rightPath]);
  });
});
