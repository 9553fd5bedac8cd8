/**
 * Two app instances on one database serve the same files: each opens its file store and address
 * signer as main.ts does on PostgreSQL (the table stored_files, the signing secret kept in the
 * database; each instance with a DATA_DIR of its own). A waybill and a C-form uploaded through one
 * are downloaded through the other, whole and as byte ranges, with addresses signed by either; a
 * library file replaced or removed on one is replaced or gone on both. On PostgreSQL
 * (TEST_DATABASE_URL) each instance has its own connection pool; on PGlite they share the database.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { messages, waybillMessages } from "@portal/domain";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openFileStore } from "../lib/open-file-store";
import { backOfficeKit } from "./back-office-test-kit";
import { xlsxFile } from "./cform-test-files";
import { createTestWorld, type TestWorld } from "./harness";
import { madePdf, paddedPdf } from "./waybill-test-pdf";

let world: TestWorld;
let kit: Awaited<ReturnType<typeof backOfficeKit>>;
let a: FastifyInstance;
let b: FastifyInstance;

beforeAll(async () => {
  world = await createTestWorld({
    openFiles: async (db) =>
      openFileStore({
        db,
        dataDir: await mkdtemp(path.join(tmpdir(), "portal-instance-")),
        s3: undefined,
        inDatabase: true,
        fileUrlSecret: undefined,
      }),
  });
  a = world.app;
  b = await world.anotherInstance();
  kit = await backOfficeKit(world);
}, 180_000);
afterAll(() => world?.close());

/** A multipart body of text fields and one file in "file". */
function multipart(fields: Record<string, string>, file: { name: string; bytes: Buffer; type: string }) {
  const boundary = "----portalInstancesBoundary";
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([k, v]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

const send = (
  app: FastifyInstance,
  method: "POST" | "PUT",
  url: string,
  headers: { authorization: string },
  body: ReturnType<typeof multipart>,
) =>
  app.inject({
    method,
    url,
    headers: { ...headers, "content-type": body.contentType },
    payload: body.payload,
  });

/** An order of the franchisee confirmed, loaded, handed over and shipped on `day` (on instance A). */
async function shippedLoad(wh: number, day?: string) {
  const { poid } = await kit.order([2], kit.franchisee, wh);
  const at = day ? new Date(`${day}T06:00:00Z`) : undefined;
  await a.backOffice.desk.confirm(null, poid, {}, at);
  // Built on the ship day: a load cannot ship before it was built.
  const load = await a.backOffice.loads.create(null, { poids: [poid] }, at);
  await a.backOffice.loads.handOver(
    null,
    load.id,
    { transporter: "Blue Dart", docketNo: `BD${load.id}` },
    at,
  );
  await a.backOffice.loads.ship(null, load.id, {}, at);
  return { poid, loadId: load.id as number };
}

describe("files on two instances sharing one database", () => {
  it("a waybill uploaded through A downloads through B, whole and as byte ranges", async () => {
    const { loadId } = await shippedLoad(2);
    const w = (await kit.call("POST", "/api/admin/waybills", { loadId, comment: "Please upload" })).json();
    const pdf = paddedPdf(await madePdf(), 40_000);
    const saved = await send(
      a,
      "POST",
      "/api/waybill/saveWaybillDoc",
      kit.franchisee,
      multipart(
        {
          loadid: String(loadId),
          requestid: w.requestId,
          comment: "Uploaded on A",
          status: "Closed",
          action: "Update",
          actionby: "partner",
          requesttype: "waybill",
        },
        { name: "eway.pdf", bytes: pdf, type: "application/pdf" },
      ),
    );
    expect(saved.statusCode).toBe(200);
    const docPath: string = saved.json().waybill.files[0].path;

    // B lists it, and addresses signed by A and by B both open on B.
    const onB = (await b.inject({ url: `/api/waybill/${w.requestId}`, headers: kit.franchisee })).json();
    expect(onB.files.map((f: { path: string }) => f.path)).toEqual([docPath]);
    const signedBy = async (app: FastifyInstance, headers = kit.franchisee) =>
      (
        await app.inject({
          method: "POST",
          url: "/api/waybill/download",
          headers,
          payload: { path: docPath },
        })
      ).json().url as string;
    for (const url of [await signedBy(a), await signedBy(b), await signedBy(b, kit.staff)]) {
      const file = await b.inject({ url });
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe("application/pdf");
      expect(file.rawPayload.equals(pdf)).toBe(true);
    }
    const url = await signedBy(a);
    const ranged = (range: string) => b.inject({ url, headers: { range } });
    const middle = await ranged("bytes=1000-1999");
    expect(middle.statusCode).toBe(206);
    expect(middle.headers["content-range"]).toBe(`bytes 1000-1999/${pdf.length}`);
    expect(middle.rawPayload.equals(pdf.subarray(1000, 2000))).toBe(true);
    const tail = await ranged("bytes=-100");
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(pdf.subarray(pdf.length - 100))).toBe(true);
    const outside = await ranged(`bytes=${pdf.length}-`);
    expect(outside.statusCode).toBe(416);
    expect(outside.headers["content-range"]).toBe(`bytes */${pdf.length}`);
    // Another partner still cannot have an address for it, on either instance.
    const stockist = await world.signIn("stockist@demo.in");
    for (const app of [a, b]) {
      const foreign = await app.inject({
        method: "POST",
        url: "/api/waybill/download",
        headers: stockist,
        payload: { path: docPath },
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe(waybillMessages.downloadFailed);
    }
  });

  it("a C-form uploaded through A downloads through B, for its owner and staff only", async () => {
    // A CST invoice of the franchisee (Delhi warehouse, before GST) waiting for its C-form.
    const { poid } = await shippedLoad(3, "2017-05-10");
    const found = await world.database.db.execute(
      sql`SELECT i.number FROM invoices i JOIN purchase_orders po ON po.load_id = i.load_id
          WHERE po.poid = ${poid} AND i.kind = 'TAX INVOICE'`,
    );
    const [invoice] = (found as unknown as { rows: { number: string }[] }).rows;
    const file = xlsxFile();
    const saved = await send(
      a,
      "POST",
      "/api/cform/addCFormDetails",
      kit.franchisee,
      multipart(
        {
          data: JSON.stringify({
            cFormNumber: "CF-A-1",
            docketNumber: "IP1",
            courierName: "India Post",
            invoices: [invoice?.number],
          }),
        },
        { name: "cform.xlsx", bytes: file, type: "application/octet-stream" },
      ),
    );
    expect(saved.json()).toEqual({ message: messages.cformSaved, saved: 1 });
    const rows = (
      await b.inject({
        method: "POST",
        url: "/api/cform/getCFormDetails",
        headers: kit.franchisee,
        payload: { year: 2017, quarter: 2, status: "Issued" },
      })
    ).json().rows;
    expect(rows).toHaveLength(1);
    for (const headers of [kit.franchisee, kit.staff]) {
      const got = await b.inject({ url: `/api/cform/file/${rows[0].id}`, headers });
      expect(got.statusCode).toBe(200);
      expect(got.headers["content-type"]).toBe(
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      );
      expect(got.rawPayload.equals(file)).toBe(true);
    }
    const stockist = await world.signIn("stockist@demo.in");
    expect((await b.inject({ url: `/api/cform/file/${rows[0].id}`, headers: stockist })).statusCode).toBe(
      404,
    );
  });

  it("a library file replaced on B is the new one on A, and removed on A is gone on B", async () => {
    const first = await madePdf();
    const second = paddedPdf(first, first.length + 500);
    const uploaded = await send(
      a,
      "POST",
      "/api/admin/content",
      kit.staff,
      multipart(
        { kind: "policy", title: "Returns policy" },
        { name: "returns.pdf", bytes: first, type: "application/pdf" },
      ),
    );
    expect(uploaded.statusCode).toBe(200);
    const id = uploaded.json().id as number;
    const addressOn = async (app: FastifyInstance) =>
      (await app.inject({ url: `/api/admin/content/${id}/url`, headers: kit.staff })).json().url as string;
    const firstUrl = await addressOn(a);
    expect((await b.inject({ url: firstUrl })).rawPayload.equals(first)).toBe(true);

    const replaced = await send(
      b,
      "PUT",
      `/api/admin/content/${id}/file`,
      kit.staff,
      multipart({}, { name: "returns-2.pdf", bytes: second, type: "application/pdf" }),
    );
    expect(replaced.statusCode).toBe(200);
    for (const app of [a, b]) {
      const now = await app.inject({ url: await addressOn(app) });
      expect(now.statusCode).toBe(200);
      expect(now.rawPayload.equals(second)).toBe(true);
      // The replaced file is gone from the store: its old address finds nothing on either.
      expect((await app.inject({ url: firstUrl })).statusCode).toBe(404);
    }

    const secondUrl = await addressOn(b);
    const removed = await a.inject({ method: "DELETE", url: `/api/admin/content/${id}`, headers: kit.staff });
    expect(removed.statusCode).toBe(200);
    for (const app of [a, b]) {
      expect((await app.inject({ url: secondUrl })).statusCode).toBe(404);
      const key = new URL(secondUrl, "http://x").pathname.replace(/^\/api\/files\//, "");
      expect(await app.fileStore.exists(key)).toBe(false);
    }
  });
});
