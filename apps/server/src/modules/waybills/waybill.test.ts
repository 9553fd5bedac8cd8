import { randomBytes } from "node:crypto";
import { WAYBILL_DOWNLOAD_TTL_MS, WAYBILL_MAX_BYTES, waybillMessages } from "@portal/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { waybillLog } from "../../db/schema";
import { backOfficeKit } from "../../test/back-office-test-kit";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { madePdf, paddedPdf } from "../../test/waybill-test-pdf";

let world: TestWorld;
let kit: Awaited<ReturnType<typeof backOfficeKit>>;
let stockist: { authorization: string };
/** Two waybill requests of the franchisee, one for each of two shipped loads. */
let first: { id: number; requestId: string; loadId: number };
let second: { id: number; requestId: string; loadId: number };

/** A real one-page PDF made by pdfmake (made before the tests). */
let made: Buffer;
/** The real PDF, padded after its end to `size` bytes when asked. */
const pdf = (size?: number): Buffer => (size === undefined ? made : paddedPdf(made, size));

/** A multipart body: text fields, then an optional file in "file". */
function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type?: string }) {
  const boundary = "----portalTestBoundary7d1";
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? "application/pdf"}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

const fieldsOf = (w: typeof first, extra: Record<string, string> = {}) => ({
  loadid: String(w.loadId),
  requestid: w.requestId,
  comment: "Waybill attached",
  status: "Closed",
  action: "Update",
  actionby: "partner",
  requesttype: "waybill",
  ...extra,
});

async function upload(
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer; type?: string },
  headers = kit.franchisee,
) {
  const body = multipart(fields, file);
  return world.app.inject({
    method: "POST",
    url: "/api/waybill/saveWaybillDoc",
    headers: { ...headers, "content-type": body.contentType },
    payload: body.payload,
  });
}

/** The waybill documents in the file store, as `<waybill id>/<name>`. */
async function storedFiles(): Promise<string[]> {
  return (await world.app.fileStore.list("waybills")).map((k) => k.slice("waybills/".length));
}

const logRows = (id: number) => kit.db.select().from(waybillLog).where(eq(waybillLog.waybillId, id));

async function shippedLoadWithRequest() {
  const { poid } = await kit.order([2]);
  await kit.call("POST", `/api/admin/orders/${poid}/confirm`, {});
  const load = (await kit.call("POST", "/api/admin/loads", { poids: [poid] })).json();
  await kit.call("POST", `/api/admin/loads/${load.id}/hand-over`, {
    transporter: "Blue Dart",
    docketNo: `BD${load.id}`,
  });
  await kit.call("POST", `/api/admin/loads/${load.id}/ship`, {});
  const w = (
    await kit.call("POST", "/api/admin/waybills", { loadId: load.id, comment: "Please upload" })
  ).json();
  return { id: w.id as number, requestId: w.requestId as string, loadId: load.id as number };
}

beforeAll(async () => {
  made = await madePdf();
  world = await createTestWorld();
  kit = await backOfficeKit(world);
  stockist = await world.signIn("stockist@demo.in");
  first = await shippedLoadWithRequest();
  second = await shippedLoadWithRequest();
}, 90_000);
afterAll(() => world.close());

const post = (url: string, payload: object = {}, headers = kit.franchisee) =>
  world.app.inject({ method: "POST", url, headers, payload });
const get = (url: string, headers = kit.franchisee) => world.app.inject({ method: "GET", url, headers });

describe("waybill list, count and look-ups", () => {
  it("lists the caller's WH Request waybills by default, a page at a time", async () => {
    const res = await post("/api/waybill/getWaybillList", { pageno: 1, pagesize: 10 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(2);
    expect(body.rows.map((r: { requestid: string }) => r.requestid).sort()).toEqual(
      [first.requestId, second.requestId].sort(),
    );
    const row = body.rows.find((r: { requestid: string }) => r.requestid === first.requestId);
    expect(row).toMatchObject({
      assignstatus: "WH Request",
      loadId: first.loadId,
      warehouseId: 2,
      transporter: "Blue Dart",
      documents: 0,
    });
    const page2 = (await post("/api/waybill/getWaybillList", { pageno: 2, pagesize: 10 })).json();
    expect(page2).toEqual({ rows: [], count: 2 });
  });

  it("filters by status and refuses unknown statuses and page sizes with a reason", async () => {
    const closed = await post("/api/waybill/getWaybillList", { assignstatus: "Closed" });
    expect(closed.json()).toEqual({ rows: [], count: 0 });
    const bad = await post("/api/waybill/getWaybillList", { assignstatus: "Lost" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("assignstatus must be one of WH Request, Doc Uploaded, Closed");
    const size = await post("/api/waybill/getWaybillList", { pagesize: 7 });
    expect(size.statusCode).toBe(400);
    expect(size.json().message).toBe("pagesize must be one of 10, 20, 30, 50");
  });

  it("counts WH requests for the menu badge; another partner has none", async () => {
    expect((await post("/api/waybill/getWHReqCount", { user_id: 1 })).json()).toEqual({ count: 2 });
    expect((await post("/api/waybill/getWHReqCount", {}, stockist)).json()).toEqual({ count: 0 });
  });

  it("gives transporters and check posts", async () => {
    expect((await get("/api/waybill/getTransporters")).json()).toContain("Blue Dart");
    const posts = (await get("/api/waybill/getCheckPostList")).json();
    expect(posts).toHaveLength(8);
  });

  it("answers 404 for another partner's request, its log, and an unknown one", async () => {
    expect((await get(`/api/waybill/${first.requestId}`, stockist)).statusCode).toBe(404);
    expect(
      (await post("/api/waybill/getWaybillLog", { requestid: first.requestId }, stockist)).statusCode,
    ).toBe(404);
    expect((await get("/api/waybill/WB999999")).statusCode).toBe(404);
    expect((await get(`/api/waybill/${first.requestId}`)).json()).toMatchObject({
      requestid: first.requestId,
      files: [],
    });
  });

  it("needs a session", async () => {
    const res = await world.app.inject({ method: "POST", url: "/api/waybill/getWaybillList", payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe("saveWaybillDoc: refusals leave nothing behind", () => {
  it("refuses a missing file, an empty file, a renamed binary, 5 MB + 1 byte and files that only start like a PDF, with the spec's messages", async () => {
    const none = await upload(fieldsOf(first));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe("Please select file to upload.");

    const empty = await upload(fieldsOf(first), { name: "empty.pdf", bytes: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(
      "Please try again <br> Only .pdf file with maximum size of 5 MB is allowed",
    );

    const png = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex");
    const renamed = await upload(fieldsOf(first), { name: "waybill.pdf", bytes: png });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().message).toBe(waybillMessages.fileRule);

    const text = await upload(fieldsOf(first), {
      name: "notes.pdf",
      bytes: Buffer.from("just some text, not a PDF"),
    });
    expect(text.json().message).toBe(waybillMessages.fileRule);

    const tooBig = await upload(fieldsOf(first), { name: "big.pdf", bytes: pdf(WAYBILL_MAX_BYTES + 1) });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe(waybillMessages.fileRule);

    // Starting like a PDF is not enough: the file must open as one.
    const fakes = {
      "random bytes after a PDF header": Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(3000)]),
      "a header and a catalogue, nothing else": Buffer.from(
        "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n",
      ),
      "a PDF without pages": Buffer.from(
        "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
      ),
      "the first half of a real PDF": pdf().subarray(0, Math.floor(pdf().length / 2)),
    };
    for (const [what, bytes] of Object.entries(fakes)) {
      const fake = await upload(fieldsOf(first), { name: "waybill.pdf", bytes });
      expect([what, fake.statusCode, fake.json().message]).toEqual([what, 400, waybillMessages.fileRule]);
    }

    expect(await storedFiles()).toEqual([]);
    expect((await logRows(first.id)).filter((l) => l.filePath)).toEqual([]);
    const w = (await get(`/api/waybill/${first.requestId}`)).json();
    expect(w.assignstatus).toBe("WH Request");
  });

  it("needs status Closed and action Update, the request's own load, and the caller's own request", async () => {
    const wrongStatus = await upload(fieldsOf(first, { status: "Doc Uploaded" }), {
      name: "w.pdf",
      bytes: pdf(),
    });
    expect(wrongStatus.statusCode).toBe(400);
    expect(wrongStatus.json().message).toBe(waybillMessages.submitFields);
    const wrongLoad = await upload(fieldsOf(first, { loadid: String(second.loadId) }), {
      name: "w.pdf",
      bytes: pdf(),
    });
    expect(wrongLoad.json().message).toBe(waybillMessages.loadMismatch);
    const foreign = await upload(fieldsOf(first), { name: "w.pdf", bytes: pdf() }, stockist);
    expect(foreign.statusCode).toBe(404);
    const badId = await upload(fieldsOf(first, { loadid: "abc" }), { name: "w.pdf", bytes: pdf() });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe("loadid must be a number");
    expect(await storedFiles()).toEqual([]);
  });

  it("a failure while recording removes the written file", async () => {
    // A database failure after the file is written must not leave the file.
    const spy = vi.spyOn(world.app.fileStore, "put");
    const failing = vi.spyOn(kit.db, "transaction").mockImplementationOnce(async () => {
      throw new Error("disk full");
    });
    const res = await upload(fieldsOf(first), { name: "w.pdf", bytes: pdf() });
    expect(res.statusCode).toBe(500);
    failing.mockRestore();
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
    expect(await storedFiles()).toEqual([]);
    expect((await logRows(first.id)).filter((l) => l.filePath)).toEqual([]);
  });
});

describe("saveWaybillDoc, log and signed downloads", () => {
  let docPath = "";

  it("stores a real PDF, moves the request to Doc Uploaded and lists the document", async () => {
    const res = await upload(fieldsOf(first), { name: "waybill-load.pdf", bytes: pdf(WAYBILL_MAX_BYTES) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe("Waybill uploaded successfully.");
    expect(body.waybill.assignstatus).toBe("Doc Uploaded");
    expect(body.waybill.files).toHaveLength(1);
    expect(body.waybill.files[0]).toMatchObject({
      fileName: "waybill-load.pdf",
      comment: "Waybill attached",
    });
    docPath = body.waybill.files[0].path;
    expect(docPath).toMatch(new RegExp(`^waybills/${first.id}/[A-Za-z0-9_-]+\\.pdf$`));
    expect(await storedFiles()).toHaveLength(1);
    expect((await post("/api/waybill/getWHReqCount")).json()).toEqual({ count: 1 });
    const docs = (await post("/api/waybill/getWaybillList", { assignstatus: "Doc Uploaded" })).json();
    expect(docs.rows).toHaveLength(1);
    expect(docs.rows[0].documents).toBe(1);
  });

  it("the log lists the request and the upload, oldest first", async () => {
    const log = (await post("/api/waybill/getWaybillLog", { requestid: first.requestId })).json();
    expect(log.map((l: { status: string; action: string }) => [l.status, l.action])).toEqual([
      ["WH Request", "Request"],
      ["Doc Uploaded", "Update"],
    ]);
    expect(log[0].comment).toBe("Please upload");
    expect(log[1]).toMatchObject({
      comment: "Waybill attached",
      fileName: "waybill-load.pdf",
      path: docPath,
    });
  });

  it("gives the owner and staff a signed address; others get 404", async () => {
    const mine = await post("/api/waybill/download", { path: docPath });
    expect(mine.statusCode).toBe(200);
    const { url } = mine.json();
    expect(url).toMatch(
      new RegExp(
        `^/api/files/${docPath.replace(/[.]/g, "\\.")}\\?expires=\\d+&disposition=inline&signature=`,
      ),
    );
    const file = await world.app.inject({ method: "GET", url });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(file.rawPayload.length).toBe(WAYBILL_MAX_BYTES);
    expect(file.rawPayload.equals(pdf(WAYBILL_MAX_BYTES))).toBe(true);

    expect((await post("/api/waybill/download", { path: docPath }, kit.staff)).statusCode).toBe(200);
    const foreign = await post("/api/waybill/download", { path: docPath }, stockist);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe("Error while downloading waybill.");
    const traversal = await post("/api/waybill/download", { path: "../secrets/file-signing.key" });
    expect(traversal.statusCode).toBe(400);
  });

  it("refuses a tampered or expired address", async () => {
    const { url } = (await post("/api/waybill/download", { path: docPath })).json();
    const u = new URL(url, "http://x");
    const expires = Number(u.searchParams.get("expires")) * 1000;
    const sig = u.searchParams.get("signature") ?? "";
    const longer = new URL(u);
    longer.searchParams.set("expires", String(expires / 1000 + 60));
    const tampered = await world.app.inject({ method: "GET", url: `${longer.pathname}${longer.search}` });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json().message).toBe(waybillMessages.linkInvalid);
    const flipped = new URL(u);
    flipped.searchParams.set("signature", `${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`);
    expect(
      (await world.app.inject({ method: "GET", url: `${flipped.pathname}${flipped.search}` })).statusCode,
    ).toBe(403);
    const otherDoc = `${u.pathname.replace(/[^/]+\.pdf$/, "x.pdf")}${u.search}`;
    expect((await world.app.inject({ method: "GET", url: otherDoc })).statusCode).toBe(403);

    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date(expires + 1));
      const expired = await world.app.inject({ method: "GET", url });
      expect(expired.statusCode).toBe(410);
      expect(expired.json().message).toBe(waybillMessages.linkExpired);
      vi.setSystemTime(new Date(expires - WAYBILL_DOWNLOAD_TTL_MS));
      expect((await world.app.inject({ method: "GET", url })).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses uploads once staff closed the request", async () => {
    expect(
      (await kit.call("POST", `/api/admin/waybills/${first.id}/close`, { comment: "ok" })).statusCode,
    ).toBe(200);
    const res = await upload(fieldsOf(first), { name: "again.pdf", bytes: pdf() });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(waybillMessages.closed);
    expect(await storedFiles()).toHaveLength(1);
  });
});
