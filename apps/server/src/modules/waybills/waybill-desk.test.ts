import { sql } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backOfficeKit } from "../../test/back-office-test-kit";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { madePdf } from "../../test/waybill-test-pdf";

/** The waybills desk over the demo world: search, sort over every row, CSV, and the documents to see before closing. */
let world: TestWorld;
let kit: Awaited<ReturnType<typeof backOfficeKit>>;

beforeAll(async () => {
  world = await createTestWorld({ historyMonths: 3 });
  kit = await backOfficeKit(world);
  // The demo world's three months hold one request: staff raise one for six more shipped loads.
  const shipped = await rowsOf<{ id: number }>(sql`
    SELECT id FROM loads WHERE status = 'Shipped' AND id NOT IN (SELECT load_id FROM waybills) ORDER BY id LIMIT 6`);
  for (const { id } of shipped)
    expect((await kit.call("POST", "/api/admin/waybills", { loadId: id })).statusCode).toBe(200);
}, 180_000);
afterAll(() => world.close());

const get = (url: string, headers: { authorization: string } | null = kit.staff) =>
  world.app.inject({ method: "GET", url, ...(headers ? { headers } : {}) });
const rowsOf = async <T>(query: ReturnType<typeof sql>) => {
  const result = await world.database.db.execute(query);
  return (Array.isArray(result) ? result : (result as unknown as { rows: T[] }).rows) as T[];
};
const firstOf = async <T>(query: ReturnType<typeof sql>) => {
  const [row] = await rowsOf<T>(query);
  if (!row) throw new Error("the demo world has no such row");
  return row;
};

/** A multipart upload of one PDF to the partner's request (as the account area sends it). */
function uploadBody(w: { requestId: string; loadId: number }, bytes: Buffer) {
  const boundary = "----deskTestBoundary";
  const fields = {
    loadid: String(w.loadId),
    requestid: w.requestId,
    comment: "Signed waybill",
    status: "Closed",
    action: "Update",
  };
  const parts: Buffer[] = Object.entries(fields).map((entry) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${entry[0]}"\r\n\r\n${entry[1]}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="waybill.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe("the waybills desk", () => {
  it("sorts over every row in SQL: the first row ascending and descending, and page two continues page one", async () => {
    const dearest = await firstOf<{ id: number }>(
      sql`SELECT id FROM waybills ORDER BY invoice_value DESC, id DESC LIMIT 1`,
    );
    const oldest = await firstOf<{ id: number }>(
      sql`SELECT id FROM waybills ORDER BY wh_request_date ASC, id ASC LIMIT 1`,
    );
    const ascending = (await get("/api/admin/waybills?sort=whRequestDate&pageSize=2")).json();
    expect(ascending.total).toBeGreaterThan(4);
    expect(ascending.rows[0].id).toBe(oldest.id);
    expect((await get("/api/admin/waybills?sort=-invoiceValue&pageSize=2")).json().rows[0].id).toBe(
      dearest.id,
    );

    const byRequest = (await get("/api/admin/waybills?sort=requestId&pageSize=500")).json();
    const ids = byRequest.rows.map((r: { requestId: string }) => r.requestId);
    expect(ids).toEqual([...ids].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    const pageTwo = (await get("/api/admin/waybills?sort=requestId&pageSize=2&page=2")).json();
    expect(pageTwo.rows.map((r: { id: number }) => r.id)).toEqual(
      byRequest.rows.slice(2, 4).map((r: { id: number }) => r.id),
    );
  });

  it("searches the request id, the load number, the AWB, the transporter and the partner", async () => {
    const w = await firstOf<{ id: number; request_id: string; awb_no: string }>(
      sql`SELECT id, request_id, awb_no FROM waybills WHERE awb_no IS NOT NULL ORDER BY id LIMIT 1`,
    );
    const byAwb = (await get(`/api/admin/waybills?q=${encodeURIComponent(w.awb_no.toLowerCase())}`)).json();
    expect(byAwb.rows.map((r: { id: number }) => r.id)).toEqual([w.id]);
    const byRequest = (await get(`/api/admin/waybills?q=${w.request_id}`)).json();
    expect(byRequest.rows.map((r: { requestId: string }) => r.requestId)).toContain(w.request_id);
    for (const r of byRequest.rows)
      expect(`${r.requestId} ${r.loadId}`.toLowerCase()).toContain(w.request_id.slice(2).toLowerCase());

    const { n } = await firstOf<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM waybills w JOIN users u ON u.id = w.user_id WHERE u.email = 'franchisee@demo.in'`,
    );
    const byEmail = (await get("/api/admin/waybills?q=franchisee%40DEMO.in&pageSize=1")).json();
    expect(byEmail.total).toBe(n);
    expect((await get("/api/admin/waybills?q=%25%25no-such")).json()).toEqual({ rows: [], total: 0 });
  });

  it("exports every matching request as CSV with India's times: as many rows as the total", async () => {
    const json = (await get("/api/admin/waybills?pageSize=1")).json();
    const res = await get("/api/admin/waybills?format=csv&sort=whRequestDate");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="waybills.csv"');
    const parsed = Papa.parse<string[]>(res.body.trim());
    expect(parsed.data[0]?.slice(0, 3)).toEqual(["Request", "Load", "Partner"]);
    expect(parsed.data.length - 1).toBe(json.total);
    const oldest = await firstOf<{ request_id: string; at: string }>(sql`
      SELECT request_id, to_char(wh_request_date AT TIME ZONE 'Asia/Kolkata', 'DD-MM-YYYY HH24:MI') AS at
      FROM waybills ORDER BY wh_request_date, id LIMIT 1`);
    expect(parsed.data[1]?.[0]).toBe(oldest.request_id);
    expect(parsed.data[1]?.[7]).toBe(oldest.at);
  });

  it("lists the documents the partner uploaded, whose signed address staff may open before closing", async () => {
    const { poid } = await kit.order([1]);
    await kit.call("POST", `/api/admin/orders/${poid}/confirm`, {});
    const load = (await kit.call("POST", "/api/admin/loads", { poids: [poid] })).json();
    await kit.call("POST", `/api/admin/loads/${load.id}/hand-over`, {
      transporter: "Blue Dart",
      docketNo: `BD-DESK-${load.id}`,
    });
    const w = (await kit.call("POST", "/api/admin/waybills", { loadId: load.id })).json();
    expect(w.documents).toBe(0);
    expect((await get(`/api/admin/waybills/${w.id}/documents`)).json()).toEqual([]);

    const body = uploadBody({ requestId: w.requestId, loadId: load.id }, await madePdf());
    const uploaded = await world.app.inject({
      method: "POST",
      url: "/api/waybill/saveWaybillDoc",
      headers: { ...kit.franchisee, "content-type": body.contentType },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(200);

    const docs = await get(`/api/admin/waybills/${w.id}/documents`);
    expect(docs.statusCode).toBe(200);
    expect(docs.json()).toHaveLength(1);
    expect(docs.json()[0]).toMatchObject({ fileName: "waybill.pdf", comment: "Signed waybill" });
    expect(docs.json()[0].path).toMatch(new RegExp(`^waybills/${w.id}/[A-Za-z0-9_-]+\\.pdf$`));
    const row = (await get(`/api/admin/waybills?q=${w.requestId}&status=Doc%20Uploaded`)).json().rows;
    expect(row.map((r: { id: number; documents: number }) => [r.id, r.documents])).toEqual([[w.id, 1]]);

    const signed = await world.app.inject({
      method: "POST",
      url: "/api/waybill/download",
      headers: kit.staff,
      payload: { path: docs.json()[0].path },
    });
    expect(signed.statusCode).toBe(200);
    const file = await world.app.inject({ method: "GET", url: signed.json().url });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
  });

  it("answers 404 for an unknown request, 400 for a bad sort, and is for staff only", async () => {
    const missing = await get("/api/admin/waybills/999999/documents");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Waybill request not found");
    const bad = await get("/api/admin/waybills?sort=weight");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("sort must be one of id, requestId, loadId");
    for (const url of ["/api/admin/waybills", "/api/admin/waybills/1/documents"]) {
      expect((await get(url, kit.franchisee)).statusCode, url).toBe(403);
      expect((await get(url, null)).statusCode, url).toBe(401);
    }
  });
});
