import { toPaise } from "@portal/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { opensAsPdf } from "../lib/pdf-check";
import { createTestWorld, type TestWorld } from "../test/harness";

let world: TestWorld;
const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  (await world.database.db.execute(query)) as unknown as { rows: T[] };

beforeAll(async () => {
  world = await createTestWorld({ historyMonths: 8 });
}, 300_000);
afterAll(() => world.close());

describe("the demo world's history", () => {
  it("has orders, loads, SRs, waybills and payments in every status", { timeout: 10_000 }, async () => {
    const statuses = async (table: string) =>
      (
        await rowsOf<{ status: string }>(sql.raw(`SELECT DISTINCT status FROM ${table} ORDER BY status`))
      ).rows.map((r) => r.status);
    expect(await statuses("purchase_orders")).toEqual([
      "Cancelled",
      "Confirmed",
      "Delivered",
      "Pending",
      "Shipped",
    ]);
    expect(await statuses("loads")).toEqual(expect.arrayContaining(["Shipped"]));
    expect(await statuses("payments")).toEqual(expect.arrayContaining(["approved", "rejected"]));
    expect(await statuses("sales_returns")).toEqual(expect.arrayContaining(["AccountApproved"]));
    const gaps = await rowsOf<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM purchase_orders WHERE gap_report > 0`,
    );
    expect(gaps.rows[0]?.n).toBeGreaterThan(0);
    const proforma = await rowsOf<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM invoices WHERE kind = 'PERFORMA INVOICE'`,
    );
    expect(proforma.rows[0]?.n).toBeGreaterThan(0);
  });

  it("every partner's ledger balance is the sum of its invoices, payments and notes (head-office notes too)", async () => {
    const result = await rowsOf<{
      user_id: number;
      ledger_account: number;
      balance: string;
      documents: string;
    }>(sql`
      SELECT l.user_id, l.ledger_account, sum(l.debit - l.credit)::text AS balance,
        (coalesce((SELECT sum(total) FROM invoices i WHERE i.user_id = l.user_id AND i.kind = 'TAX INVOICE'
                   AND EXISTS (SELECT 1 FROM ledger_entries e WHERE e.source_kind = 'invoice' AND e.source_id = i.id::text AND e.ledger_account = l.ledger_account)), 0)
         - coalesce((SELECT sum(total_amount_paid) FROM payments p WHERE p.user_id = l.user_id AND p.status = 'approved' AND p.ledger_account = l.ledger_account), 0)
         - coalesce((SELECT sum(amount) FROM sales_returns s WHERE s.user_id = l.user_id AND s.status = 'AccountApproved' AND s.ledger_account = l.ledger_account), 0)
         - coalesce((SELECT sum(credit) FROM ledger_entries c WHERE c.user_id = l.user_id AND c.ledger_account = l.ledger_account AND c.source_kind = 'order-cancel'), 0)
         + coalesce((SELECT sum(debit) FROM ledger_entries d WHERE d.user_id = l.user_id AND d.ledger_account = l.ledger_account AND d.source_kind = 'ageing'), 0)
         + coalesce((SELECT sum(debit - credit) FROM ledger_entries h WHERE h.user_id = l.user_id AND h.ledger_account = l.ledger_account AND h.source_kind IN ('courier', 'correction')), 0)
        )::text AS documents
      FROM ledger_entries l GROUP BY l.user_id, l.ledger_account`);
    expect(result.rows.length).toBeGreaterThanOrEqual(3);
    for (const r of result.rows)
      expect(`${r.user_id}/${r.ledger_account} ${toPaise(String(r.balance))}`).toBe(
        `${r.user_id}/${r.ledger_account} ${toPaise(String(r.documents))}`,
      );
  });

  it("numbers tax invoices without gaps per company, warehouse and financial year", async () => {
    // The series is the number's first 9 characters: type, company, warehouse / year (IM02/2627).
    const result = await rowsOf<{ n: number; max: number }>(sql`
      SELECT count(*)::int AS n, max(seq)::int AS max FROM invoices WHERE kind = 'TAX INVOICE' GROUP BY left(number, 9)`);
    for (const r of result.rows) expect(r.n).toBe(r.max);
  });

  it("gives every order its source: the franchisee's Monday ARS runs are B2F, the kiosk orders Kiosk", async () => {
    const bySource = await rowsOf<{ email: string; source: string; n: number }>(sql`
      SELECT u.email, p.source, count(*)::int AS n FROM purchase_orders p JOIN users u ON u.id = p.user_id
      GROUP BY u.email, p.source ORDER BY u.email, p.source`);
    expect(bySource.rows.map((r) => `${r.email} ${r.source} ${r.n}`)).toEqual([
      "coco@demo.in B2B 32",
      "franchisee@demo.in B2B 104",
      "franchisee@demo.in B2F 10",
      "kiosk@demo.in B2B 6",
      "kiosk@demo.in Kiosk 4",
      "stockist@demo.in B2B 18",
    ]);
    // Every B2F order was placed on a Monday (India time).
    const days = await rowsOf<{ dow: number }>(sql`
      SELECT DISTINCT extract(isodow FROM created_at AT TIME ZONE 'Asia/Kolkata')::int AS dow
      FROM purchase_orders WHERE source = 'B2F'`);
    expect(days.rows.map((r) => r.dow)).toEqual([1]);
    // The order history's filter finds them (August to October 2026).
    const franchisee = await world.signIn("franchisee@demo.in");
    const count = async (source: string) =>
      (
        await world.app.inject({
          method: "GET",
          url: `/api/order?orderFrom=2026-08-01&orderTo=2026-10-31&source=${source}`,
          headers: franchisee,
        })
      ).json().count;
    expect([await count("B2B"), await count("B2F"), await count("Kiosk")]).toEqual([41, 5, 0]);
  });

  it("numbers invoices and notes gapless, at most 16 characters, each series in date order", async () => {
    // Every numbered document: tax invoices and the ledger's credit and debit notes.
    const documents = sql`
      SELECT number, issued_on::text AS day FROM invoices WHERE kind = 'TAX INVOICE'
      UNION ALL
      SELECT voucher_number, entry_date::text FROM ledger_entries WHERE source_kind IN ('sr', 'order-cancel', 'ageing', 'courier', 'correction')`;
    const series = await rowsOf<{
      series: string;
      n: number;
      last: number;
      longest: number;
      malformed: number;
    }>(sql`
      SELECT left(number, 9) AS series, count(*)::int AS n, max(right(number, 6)::int)::int AS last,
             max(length(number))::int AS longest,
             count(*) FILTER (WHERE number !~ '^[ICD][MA][0-9]{2}/[0-9]{4}/[0-9]{6}$')::int AS malformed
      FROM (${documents}) d GROUP BY 1 ORDER BY 1`);
    expect(series.rows.length).toBeGreaterThan(3);
    for (const s of series.rows) expect(s, s.series).toMatchObject({ n: s.last, longest: 16, malformed: 0 });
    const disorder = await rowsOf<{ number: string; day: string; before: string }>(sql`
      SELECT number, day, before FROM (
        SELECT number, day, lag(day) OVER (PARTITION BY left(number, 9) ORDER BY number) AS before
        FROM (${documents}) d) t
      WHERE before > day`);
    expect(disorder.rows).toEqual([]);
  });

  it("gives COCO both accounts: head-office courier charges on account 1 aged into DN120 and DN180, then paid", async () => {
    const entries = await rowsOf<{
      day: string;
      kind: string;
      note: string | null;
      debit: string;
      credit: string;
    }>(sql`
      SELECT e.entry_date::text AS day, e.source_kind AS kind, e.note_type AS note, e.debit::text AS debit, e.credit::text AS credit
      FROM ledger_entries e JOIN users u ON u.id = e.user_id
      WHERE u.email = 'coco@demo.in' AND e.ledger_account = 1 ORDER BY e.entry_date, e.id`);
    expect(
      entries.rows.map((e) => `${e.day} ${e.kind} ${e.note ?? "-"} ${e.debit} ${e.credit}`),
    ).toMatchInlineSnapshot(`
      [
        "2026-03-10 courier DN 4720.00 0.00",
        "2026-07-27 ageing DN120 70.80 0.00",
        "2026-08-27 ageing DN120 70.80 0.00",
        "2026-09-27 ageing DN180 141.60 0.00",
        "2026-10-08 payment - 0.00 5003.20",
      ]
    `);
    // Account 2 holds its orders' invoices and their DN120 notes; the ledger flag is on, so the store sees both.
    const coco = await world.signIn("coco@demo.in");
    const types = await world.app.inject({ url: "/api/ledger/getAccTypes", headers: coco });
    expect(
      types
        .json()
        .map((t: { ledgerAccount: number; hasEntries: boolean }) => [t.ledgerAccount, t.hasEntries]),
    ).toEqual([
      [1, true],
      [2, true],
    ]);
  });

  it("keeps COCO's second confirmation with a used UTR as refused, with the refusal's message", async () => {
    const confirmations = (
      await world.app.inject({
        url: "/api/payment/confirmations",
        headers: await world.signIn("coco@demo.in"),
      })
    ).json().rows as { referenceId: string; status: string; reason: string | null; ledgerAccount: number }[];
    const used = confirmations.filter(
      (c) =>
        c.referenceId === confirmations.find((x) => x.reason?.includes("already been used"))?.referenceId,
    );
    expect(used.map((c) => [c.ledgerAccount, c.status, c.reason])).toMatchInlineSnapshot(`
      [
        [
          2,
          "rejected",
          "Reference no. UTR202610054HO has already been used for one of your payments. Please check the reference no.",
        ],
        [
          1,
          "approved",
          null,
        ],
      ]
    `);
  });

  it("raises every sales return from its tax invoice: credit notes reverse the invoice lines at the goods' own HSN and rates", async () => {
    const unlinked = await rowsOf<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM sales_returns WHERE invoice_id IS NULL`,
    );
    expect(unlinked.rows[0]?.n).toBe(0);
    const returns = await rowsOf<{
      email: string;
      status: string;
      amount: string;
      note: string | null;
      reason: string | null;
      credit: string | null;
      lines: { productId: number; quantity: number; receivedQuantity?: number }[];
      credit_note: {
        lines: {
          productId: number;
          hsnCode: string;
          cgstRate: string;
          sgstRate: string;
          igstRate: string;
          taxable: string;
          quantity: number;
        }[];
      } | null;
      invoice: {
        lines: {
          productId: number;
          hsnCode: string;
          cgstRate: string;
          sgstRate: string;
          igstRate: string;
          taxable: string;
          quantity: number;
        }[];
      };
    }>(sql`
      SELECT u.email, s.status, s.amount::text AS amount, s.credit_note_number AS note, s.rejection_reason AS reason,
             (SELECT e.credit::text FROM ledger_entries e WHERE e.source_kind = 'sr' AND e.source_id = s.id::text) AS credit,
             s.lines, s.credit_note, i.document AS invoice
      FROM sales_returns s JOIN users u ON u.id = s.user_id JOIN invoices i ON i.id = s.invoice_id
      ORDER BY s.id`);
    expect(
      returns.rows.map((r) => [
        r.email,
        r.status,
        r.amount,
        r.note,
        r.credit,
        r.reason,
        r.lines.map((l) => `${l.productId}: ${l.quantity} returned, ${l.receivedQuantity ?? "-"} received`),
      ]),
    ).toMatchInlineSnapshot(`
      [
        [
          "franchisee@demo.in",
          "AccountApproved",
          "305.24",
          "CM02/2627/000001",
          "305.24",
          null,
          [
            "100066: 1 returned, 1 received",
          ],
        ],
        [
          "coco@demo.in",
          "AccountApproved",
          "206.32",
          "CA05/2627/000001",
          "206.32",
          null,
          [
            "100077: 1 returned, 1 received",
          ],
        ],
        [
          "franchisee@demo.in",
          "AccountApproved",
          "978.61",
          "CM02/2627/000004",
          "978.61",
          null,
          [
            "100142: 2 returned, 2 received",
          ],
        ],
        [
          "stockist@demo.in",
          "AccountApproved",
          "375.00",
          "CM02/2627/000005",
          "375.00",
          null,
          [
            "100010: 1 returned, 1 received",
          ],
        ],
        [
          "coco@demo.in",
          "AccountApproved",
          "2670.58",
          "CA05/2627/000002",
          "2670.58",
          null,
          [
            "100169: 3 returned, 3 received",
          ],
        ],
        [
          "franchisee@demo.in",
          "AccountApproved",
          "191.58",
          "CM07/2627/000002",
          "191.58",
          null,
          [
            "100170: 3 returned, 3 received",
          ],
        ],
        [
          "stockist@demo.in",
          "AccountApproved",
          "978.61",
          "CM02/2627/000006",
          "978.61",
          null,
          [
            "100142: 2 returned, 2 received",
          ],
        ],
        [
          "kiosk@demo.in",
          "AccountApproved",
          "88.11",
          "CM07/2627/000003",
          "88.11",
          null,
          [
            "100081: 1 returned, 1 received",
          ],
        ],
        [
          "kiosk@demo.in",
          "AccountApproved",
          "519.36",
          "CM02/2627/000007",
          "519.36",
          null,
          [
            "100098: 1 returned, 1 received",
          ],
        ],
        [
          "stockist@demo.in",
          "InTransit",
          "226.49",
          null,
          null,
          null,
          [
            "100106: 2 returned, - received",
          ],
        ],
        [
          "kiosk@demo.in",
          "InTransit",
          "412.63",
          null,
          null,
          null,
          [
            "100078: 2 returned, - received",
          ],
        ],
        [
          "franchisee@demo.in",
          "AccountApproved",
          "1023.10",
          "CM02/2627/000008",
          "1023.10",
          null,
          [
            "100069: 2 returned, 2 received",
            "100080: 2 returned, 2 received",
          ],
        ],
        [
          "coco@demo.in",
          "AccountApproved",
          "64.35",
          "CA05/2627/000003",
          "64.35",
          null,
          [
            "100028: 2 returned, 1 received",
          ],
        ],
        [
          "stockist@demo.in",
          "Rejected",
          "226.49",
          null,
          null,
          "Returned goods are used and without their tags",
          [
            "100106: 2 returned, - received",
          ],
        ],
        [
          "franchisee@demo.in",
          "Pending",
          "305.24",
          null,
          null,
          null,
          [
            "100069: 1 returned, - received",
          ],
        ],
      ]
    `);
    for (const r of returns.rows.filter((x) => x.credit_note)) {
      for (const line of r.credit_note?.lines ?? []) {
        const sold = r.invoice.lines.find((l) => l.productId === line.productId);
        // The invoice line's own HSN and rates, and its unit taxable value at the received units.
        expect([line.hsnCode, line.cgstRate, line.sgstRate, line.igstRate]).toEqual([
          sold?.hsnCode,
          sold?.cgstRate,
          sold?.sgstRate,
          sold?.igstRate,
        ]);
        expect(toPaise(line.taxable) * BigInt(sold?.quantity ?? 0)).toBe(
          toPaise(sold?.taxable ?? "0") * BigInt(line.quantity),
        );
      }
    }
  });

  it("records each seeded waybill document in the contract's shape, named, and made as a PDF when first downloaded", async () => {
    const seeded = await rowsOf<{ id: number; request_id: string; email: string; paths: string[] }>(sql`
      SELECT w.id, w.request_id, u.email,
        (SELECT array_agg(l.file_path) FROM waybill_log l WHERE l.waybill_id = w.id AND l.file_path IS NOT NULL) AS paths
      FROM waybills w JOIN users u ON u.id = w.user_id
      WHERE EXISTS (SELECT 1 FROM waybill_log l WHERE l.waybill_id = w.id AND l.file_path IS NOT NULL)
      ORDER BY w.id`);
    expect(seeded.rows.length).toBeGreaterThan(0);
    for (const r of seeded.rows) expect(r.paths).toEqual([`waybills/${r.id}/demo-eway-bill.pdf`]);

    const [w] = seeded.rows;
    if (!w) throw new Error("the demo world has no waybill document");
    const document = { path: `waybills/${w.id}/demo-eway-bill.pdf`, fileName: `eway-bill-${w.id}.pdf` };
    const staff = await world.signIn("admin@demo.in");
    const partner = await world.signIn(w.email);
    const staffList = await world.app.inject({
      url: `/api/admin/waybills/${w.id}/documents`,
      headers: staff,
    });
    expect(staffList.json().map((d: { path: string; fileName: string }) => [d.path, d.fileName])).toEqual([
      [document.path, document.fileName],
    ]);
    const partnerView = await world.app.inject({ url: `/api/waybill/${w.request_id}`, headers: partner });
    expect(
      partnerView.json().files.map((d: { path: string; fileName: string }) => [d.path, d.fileName]),
    ).toEqual([[document.path, document.fileName]]);

    const download = async (headers: { authorization: string }) => {
      const signed = await world.app.inject({
        method: "POST",
        url: "/api/waybill/download",
        headers,
        payload: { path: document.path },
      });
      expect(signed.statusCode).toBe(200);
      const file = await world.app.inject({ url: signed.json().url });
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe("application/pdf");
      return file.rawPayload;
    };
    const first = await download(partner);
    expect(await opensAsPdf(first)).toBe(true);
    // made once, then served from the store: staff get the same bytes
    expect((await download(staff)).equals(first)).toBe(true);
  });

  it("holds open waybill requests of every status, at named warehouses, through getCheckPostList's check posts", async () => {
    const byStatus = await rowsOf<{ status: string; n: number }>(sql`
      SELECT status, count(*)::int AS n FROM waybills GROUP BY status ORDER BY status`);
    const counts = Object.fromEntries(byStatus.rows.map((r) => [r.status, r.n]));
    expect(Object.keys(counts)).toEqual(["Closed", "Doc Uploaded", "WH Request"]);
    expect(counts["WH Request"]).toBeGreaterThanOrEqual(3);
    expect(counts["Doc Uploaded"]).toBeGreaterThanOrEqual(3);

    const partner = await world.signIn("franchisee@demo.in");
    const posts: string[] = (
      await world.app.inject({ url: "/api/waybill/getCheckPostList", headers: partner })
    ).json();
    const open = await world.app.inject({
      method: "POST",
      url: "/api/waybill/getWaybillList",
      headers: partner,
      payload: {},
    });
    const rows: { requestid: string; warehouseName: string; checkpostname: string; documents: number }[] =
      open.json().rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(posts).toContain(r.checkpostname);
      expect(["Pune", "Delhi", "Mumbai", "Bangalore"]).toContain(r.warehouseName);
      expect(r.documents).toBe(0);
    }
    const badge = await world.app.inject({
      method: "POST",
      url: "/api/waybill/getWHReqCount",
      headers: partner,
      payload: {},
    });
    expect(badge.json()).toEqual({ count: open.json().count });
  });

  it("downloads a demo document as a partner would: list, the request's documents, a PDF that opens", async () => {
    const partner = await world.signIn("franchisee@demo.in");
    const list = await world.app.inject({
      method: "POST",
      url: "/api/waybill/getWaybillList",
      headers: partner,
      payload: { assignstatus: "Doc Uploaded" },
    });
    const [row] = list.json().rows as { requestid: string; documents: number }[];
    if (!row) throw new Error("the franchisee has no Doc Uploaded waybill");
    expect(row.documents).toBe(1);
    const detail = (
      await world.app.inject({ url: `/api/waybill/${row.requestid}`, headers: partner })
    ).json();
    const [file] = detail.files as { path: string; fileName: string }[];
    if (!file) throw new Error("no document on the request");
    const signed = await world.app.inject({
      method: "POST",
      url: "/api/waybill/download",
      headers: partner,
      payload: { path: file.path },
    });
    expect(signed.statusCode).toBe(200);
    const pdf = await world.app.inject({ url: signed.json().url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(await opensAsPdf(pdf.rawPayload)).toBe(true);
    expect(pdf.rawPayload.toString("latin1")).toContain(`E-way bill ${row.requestid}`);
  });

  it("leaves no mail to send and few unread notices", async () => {
    const mails = await rowsOf<{ n: number }>(sql`SELECT count(*)::int AS n FROM jobs WHERE kind = 'mail'`);
    expect(mails.rows[0]?.n).toBe(0);
  });
});
