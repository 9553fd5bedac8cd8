/**
 * Issue 28: the order history searched (PO, product, invoice number) and sorted over every row,
 * with its invoice and docket columns; the partner's invoices paid / part-paid / unpaid with the
 * amount due on each (payments and credit notes settle the oldest invoice first), agreeing with the
 * ledger; a month's invoices as one zip of PDFs. Exact values of the demo world on a fixed clock.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { accountDocumentMessages, paiseToDecimal, productEan, toPaise } from "@portal/domain";
import { sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixClock, restoreClock } from "../../test/clock";
import { createTestWorld, type TestWorld } from "../../test/harness";

let world: TestWorld;
let franchisee: Awaited<ReturnType<TestWorld["signIn"]>>;
const RANGE = "orderFrom=2026-09-01&orderTo=2026-11-18";

beforeAll(async () => {
  fixClock();
  world = await createTestWorld({ historyMonths: 2 });
  franchisee = await world.signIn("franchisee@demo.in");
}, 300_000);
afterAll(async () => {
  await world.close();
  restoreClock();
});

const get = (url: string, headers = franchisee) => world.app.inject({ method: "GET", url, headers });
interface Row {
  poid: string;
  status: string;
  netPayment: string;
  invoiceNumber: string | null;
  docketNumber: string | null;
  invoiceStatus: string | null;
  amountDue: string | null;
}
const history = async (query: string, headers = franchisee) => {
  const res = await get(`/api/order?${RANGE}&${query}`, headers);
  expect(res.statusCode).toBe(200);
  return res.json() as { rows: Row[]; count: number };
};
const poids = async (query: string) => (await history(query)).rows.map((r) => r.poid);

describe("order history search (q)", () => {
  it("finds an order by any part of its PO id, in any case", async () => {
    expect(await poids("q=100032")).toEqual(["PO-261014-100032T"]);
    expect(await poids("q=po-261014-100032t")).toEqual(["PO-261014-100032T"]);
    expect(await poids("q=%20%20")).toHaveLength(10);
    expect((await history("q=PO-999")).count).toBe(0);
  });

  it("finds the orders holding a product, by its id or its name", async () => {
    expect(await poids("q=100059")).toEqual(["PO-261027-100040T", "PO-260912-100006T", "PO-260903-100004T"]);
    expect(await poids("q=SUCTION%20bowl")).toEqual([
      "PO-261014-100032T",
      "PO-260912-100006T",
      "PO-260901-100002T",
    ]);
  });

  it("finds the orders holding a product by its barcode (the label's EAN-13)", async () => {
    expect(productEan(100059)).toBe("8900001000592");
    expect(await poids("q=8900001000592")).toEqual([
      "PO-261027-100040T",
      "PO-260912-100006T",
      "PO-260903-100004T",
    ]);
    // a wrong check digit is no barcode of ours: nothing found
    expect((await history("q=8900001000593")).count).toBe(0);
  });

  it("finds the orders of a tax invoice (its load) and of a proforma", async () => {
    const load9 = await history(`q=${encodeURIComponent("IM05/2627/000002")}`);
    expect(load9.rows.map((r) => r.poid)).toEqual([
      "PO-261014-100032T",
      "PO-261014-100031N",
      "PO-261007-100025T",
      "PO-261007-100024N",
      "PO-261006-100023T",
    ]);
    expect(await poids("q=PI/PO-261023-100038T")).toEqual(["PO-261023-100038T"]);
    // LIKE's wildcards are text, not patterns
    expect((await history("q=%25")).count).toBe(0);
  });

  it("counts, totals and exports what the search finds", async () => {
    const q = `q=${encodeURIComponent("IM05/2627/000002")}`;
    const stats = await get(`/api/order/stats?${RANGE}&${q}`);
    expect(stats.json()).toEqual({
      totalorders: 5,
      totals: { totalItems: 11, totalQuantity: 55, totalMRP: "50045.00", netPayment: "33779.15" },
    });
    const csv = await get(`/api/order/csv?${RANGE}&${q}&sort=netPayment`);
    const [header, ...rows] = Papa.parse<string[]>(csv.body.trim()).data;
    expect(header?.slice(-4)).toEqual(["Transporter", "InvoiceNo", "PaymentStatus", "AmountDue"]);
    expect(rows.map((r) => [r[0], r[9], r[11], r[13], r[14], r[15]])).toEqual([
      ["PO-261014-100031N", "305.24", "GT785000009", "IM05/2627/000002", "Unpaid", "33779.15"],
      ["PO-261007-100024N", "2136.65", "GT785000009", "IM05/2627/000002", "Unpaid", "33779.15"],
      ["PO-261014-100032T", "3276.24", "GT785000009", "IM05/2627/000002", "Unpaid", "33779.15"],
      ["PO-261006-100023T", "3955.57", "GT785000009", "IM05/2627/000002", "Unpaid", "33779.15"],
      ["PO-261007-100025T", "24105.45", "GT785000009", "IM05/2627/000002", "Unpaid", "33779.15"],
    ]);
  });

  it("refuses a search longer than 60 characters with a reason", async () => {
    const res = await get(`/api/order?${RANGE}&q=${"x".repeat(61)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("q must be at most 60 characters");
  });
});

describe("order history sort", () => {
  it("sorts every row, not the page, by net payment, amount, status and ship date", async () => {
    expect(await poids("sort=netPayment&pageSize=10")).toEqual([
      "PO-260923-100014T",
      "PO-261014-100031N",
      "PO-260918-100009N",
      "PO-260912-100007N",
      "PO-260901-100001N",
      "PO-261007-100024N",
      "PO-260903-100003T",
      "PO-261027-100040T",
      "PO-261008-100027T",
      "PO-261008-100028N",
    ]);
    expect((await poids("sort=-amount&pageSize=10")).slice(0, 3)).toEqual([
      "PO-261018-100034T",
      "PO-260912-100008T",
      "PO-261007-100025T",
    ]);
    // lifecycle order, PO id breaking ties
    const byStatus = (await history("sort=status&pageSize=10")).rows;
    expect(byStatus.map((r) => r.status)).toEqual([
      "Pending",
      "Pending",
      ...Array(6).fill("Confirmed"),
      "Shipped",
      "Shipped",
    ]);
    expect(byStatus[0]?.poid).toBe("PO-261027-100039N");
    // latest shipped first; orders never shipped come last both ways
    expect((await poids("sort=-shipped&pageSize=10")).slice(0, 6)).toEqual([
      "PO-261014-100032T",
      "PO-261014-100031N",
      "PO-261007-100025T",
      "PO-261007-100024N",
      "PO-261006-100023T",
      "PO-261013-100030T",
    ]);
    const up = (await history("sort=shipped&pageSize=50")).rows;
    expect(up[0]?.poid).toBe("PO-260901-100001N");
    expect(up.slice(-9).every((r) => ["Pending", "Confirmed", "Cancelled"].includes(r.status))).toBe(true);
  });

  it("is stable: pages of any sort join into the whole list, with no order twice", async () => {
    for (const sort of ["status", "-status", "shipped", "-date", "poid"]) {
      const whole = await poids(`sort=${sort}&pageSize=50`);
      expect(whole).toHaveLength(34);
      const pages: string[] = [];
      for (let page = 1; page <= 4; page++)
        pages.push(...(await poids(`sort=${sort}&pageSize=10&pageNo=${page}`)));
      expect(pages).toEqual(whole);
      expect(new Set(pages).size).toBe(34);
    }
    expect(await poids("sort=poid&pageSize=10")).toEqual(
      [...(await poids("sort=-poid&pageSize=50"))].reverse().slice(0, 10),
    );
  });

  it("refuses a sort it does not know, naming the ones it does", async () => {
    const res = await get(`/api/order?${RANGE}&sort=price`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(
      "sort must be one of date, poid, status, amount, netPayment, shipped, -date, -poid, -status, -amount, -netPayment, -shipped",
    );
  });
});

describe("invoice and docket columns", () => {
  it("shows the load's tax invoice once shipped, the proforma once confirmed, and the docket", async () => {
    const rows = (await history("pageSize=50")).rows;
    const row = (poid: string) => {
      const r = rows.find((x) => x.poid === poid);
      return r && [r.invoiceNumber, r.docketNumber, r.invoiceStatus, r.amountDue];
    };
    expect(row("PO-261014-100032T")).toEqual(["IM05/2627/000002", "GT785000009", "unpaid", "33779.15"]);
    expect(row("PO-260924-100016T")).toEqual(["IM03/2627/000001", "DL885000002", "partPaid", "72062.99"]);
    expect(row("PO-260921-100012T")).toEqual(["IM07/2627/000001", "DT659000003", "paid", "0.00"]);
    expect(row("PO-261023-100038T")).toEqual(["PI/PO-261023-100038T", null, null, null]);
    expect(row("PO-261027-100040T")).toEqual([null, null, null, null]);
  });
});

describe("invoices paid, part-paid and unpaid", () => {
  it("settles the oldest invoice first and shows what is due on each", async () => {
    const res = await get("/api/account/invoices");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(
      body.rows.map((r: Record<string, unknown>) => [r.number, r.issuedOn, r.amount, r.due, r.status]),
    ).toEqual([
      ["IM03/1718/000001", "2017-05-13", "4343.27", "0.00", "paid"],
      ["IM02/2627/000001", "2026-09-07", "8423.76", "0.00", "paid"],
      ["IM07/2627/000001", "2026-09-28", "56007.19", "0.00", "paid"],
      ["IM05/2627/000001", "2026-09-30", "5337.54", "0.00", "paid"],
      ["IM03/2627/000001", "2026-10-01", "73217.82", "72062.99", "partPaid"],
      ["IM07/2627/000003", "2026-10-15", "8444.88", "8444.88", "unpaid"],
      ["IM03/2627/000002", "2026-10-18", "13526.69", "13526.69", "unpaid"],
      ["IM05/2627/000002", "2026-10-19", "33779.15", "33779.15", "unpaid"],
    ]);
    expect(body.dues).toEqual({
      outstanding: "127813.71",
      invoicesDue: "127813.71",
      otherDue: "0.00",
      advance: "0.00",
      awaitingApproval: "0.00",
      owedAfterPending: "127813.71",
    });
    expect(body.rule).toBe(
      "Payments and credit notes settle your oldest invoice first (on each ledger account).",
    );
    const unpaid = (await get("/api/account/invoices?paymentStatus=unpaid,partPaid&month=2026-10")).json();
    expect(unpaid.rows.map((r: { number: string }) => r.number)).toEqual([
      "IM03/2627/000001",
      "IM07/2627/000003",
      "IM03/2627/000002",
      "IM05/2627/000002",
    ]);
    expect((await get("/api/account/invoices?paymentStatus=owing")).statusCode).toBe(400);
  });

  it("the amounts due add up to the ledger's outstanding for every demo partner", async () => {
    const balances = (await world.database.db.execute(sql`
      SELECT u.email, sum(e.debit - e.credit)::numeric(14,2)::text AS balance
      FROM ledger_entries e JOIN users u ON u.id = e.user_id GROUP BY u.email ORDER BY u.email`)) as unknown as {
      rows: { email: string; balance: string }[];
    };
    expect(balances.rows.length).toBeGreaterThanOrEqual(4);
    for (const { email, balance } of balances.rows) {
      const { rows, dues } = (await get("/api/account/invoices", await world.signIn(email))).json();
      const due = rows.reduce((n: bigint, r: { due: string }) => n + toPaise(r.due), 0n);
      expect(paiseToDecimal(due)).toBe(dues.invoicesDue);
      expect(dues.outstanding).toBe(balance);
      expect(paiseToDecimal(toPaise(dues.invoicesDue) + toPaise(dues.otherDue) - toPaise(dues.advance))).toBe(
        balance,
      );
    }
  });

  it("load history shows each load's invoice, status and due, filtered by payment status", async () => {
    const loads = await world.app.inject({
      method: "POST",
      url: "/api/cpo/getLoad",
      headers: franchisee,
      payload: { loadFilter: { paymentStatus: "unpaid,partPaid" } },
    });
    expect(
      loads
        .json()
        .rows.map((l: Record<string, unknown>) => [l.LoadID, l.InvoiceNumber, l.PaymentStatus, l.AmountDue]),
    ).toEqual([
      [9, "IM05/2627/000002", "unpaid", "33779.15"],
      [10, "IM03/2627/000002", "unpaid", "13526.69"],
      [11, "IM07/2627/000003", "unpaid", "8444.88"],
      [2, "IM03/2627/000001", "partPaid", "72062.99"],
    ]);
    const totals = await world.app.inject({
      method: "POST",
      url: "/api/cpo/getLoadTotal",
      headers: franchisee,
      payload: { loadFilter: { paymentStatus: "partPaid" } },
    });
    expect(totals.json()).toMatchObject({ TotalLoad: 1, TotalNetPayment: "73217.82" });
    const one = await get("/api/cpo/getLoadById?loadId=2");
    expect(one.json()).toMatchObject({ InvoiceNumber: "IM03/2627/000001", PaymentStatus: "partPaid" });
  });
});

describe("a month's invoices as one zip", () => {
  it("streams every tax invoice of the month as a PDF, named by its number", async () => {
    const res = await get("/api/account/invoices/month.zip?month=2026-10");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="invoices-2026-10.zip"');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files)).toEqual([
      "IM03-2627-000001.pdf",
      "IM07-2627-000003.pdf",
      "IM03-2627-000002.pdf",
      "IM05-2627-000002.pdf",
    ]);
    for (const pdf of Object.values(files)) {
      expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe("%PDF-");
      expect(Buffer.from(pdf.subarray(-8)).toString()).toContain("%%EOF");
    }
    // and the system's own unzip agrees
    const dir = mkdtempSync(path.join(tmpdir(), "month-zip-"));
    const file = path.join(dir, "m.zip");
    writeFileSync(file, res.rawPayload);
    expect(execFileSync("unzip", ["-t", file]).toString()).toContain("No errors detected");
  });

  it("prints a registered invoice's IRN, acknowledgement and QR code as its single PDF does", async () => {
    const admin = await world.signIn("admin@demo.in");
    const [invoice] = (
      (await world.database.db.execute(
        sql`SELECT id FROM invoices WHERE number = 'IM03/2627/000001'`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    const registered = await world.app.inject({
      method: "POST",
      url: `/api/admin/invoices/${invoice?.id}/einvoice/register`,
      headers: admin,
    });
    expect([registered.statusCode, registered.json().state]).toEqual([200, "registered"]);
    const { irn, ackNo } = registered.json() as { irn: string; ackNo: string };
    const dir = mkdtempSync(path.join(tmpdir(), "month-zip-irn-"));
    const textOf = (name: string, pdf: Uint8Array) => {
      const file = path.join(dir, name);
      writeFileSync(file, pdf);
      return execFileSync("pdftotext", ["-layout", file, "-"]).toString("utf8");
    };
    const zipped = unzipSync(
      new Uint8Array((await get("/api/account/invoices/month.zip?month=2026-10")).rawPayload),
    );
    const inZip = textOf("zipped.pdf", zipped["IM03-2627-000001.pdf"] ?? new Uint8Array());
    const single = await get("/api/cpo/getLoadInvoice/pdf?loadId=2");
    const alone = textOf("single.pdf", new Uint8Array(single.rawPayload));
    expect(inZip).toContain(`IRN: ${irn}`);
    expect(inZip).toContain(`Ack No: ${ackNo}`);
    expect(inZip).toBe(alone);
    // the other invoices of the month are not registered: no IRN block
    expect(textOf("other.pdf", zipped["IM07-2627-000003.pdf"] ?? new Uint8Array())).not.toContain("IRN:");
  });

  it("holds only the caller's invoices", async () => {
    const stockist = await world.signIn("stockist@demo.in");
    const mine = (await get("/api/account/invoices?month=2026-10", stockist)).json().rows;
    const res = await get("/api/account/invoices/month.zip?month=2026-10", stockist);
    if (mine.length === 0) {
      expect(res.statusCode).toBe(404);
      return;
    }
    const names = Object.keys(unzipSync(new Uint8Array(res.rawPayload)));
    expect(names).toEqual(
      mine.map((r: { number: string }) => `${r.number.replace(/[^A-Za-z0-9-]+/g, "-")}.pdf`),
    );
  });

  it("refuses a month without invoices (404) and a month that is not one (400)", async () => {
    const empty = await get("/api/account/invoices/month.zip?month=2026-08");
    expect(empty.statusCode).toBe(404);
    expect(empty.json().message).toBe(accountDocumentMessages.noInvoicesInMonth("August 2026"));
    expect(empty.json().message).toBe("No tax invoices were issued to you in August 2026.");
    const bad = await get("/api/account/invoices/month.zip?month=2026-13");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("month must be a month as yyyy-MM");
    expect((await get("/api/account/invoices/month.zip")).statusCode).toBe(400);
    expect(
      (await world.app.inject({ url: "/api/account/invoices/month.zip?month=2026-10" })).statusCode,
    ).toBe(401);
  });
});

describe("payments awaiting approval beside the dues", () => {
  it("shows a submitted confirmation beside the ledger balance, and what is owed after it", async () => {
    const pending = (await get("/api/payment/pending?accountId=1")).json();
    const oldest = pending.openDocuments[0];
    expect([oldest.number, oldest.openAmount]).toEqual(["IM03/2627/000001", "72062.99"]);
    const paid = await world.app.inject({
      method: "POST",
      url: "/api/payment/processConfirmPayment",
      headers: franchisee,
      payload: {
        paymentData: {
          paymentType: "Neft",
          ledgerAccount: 1,
          referenceId: "UTRH7DUES01",
          totalAmountPaid: oldest.openAmount,
          documents: [oldest.entryId],
        },
      },
    });
    expect(paid.statusCode).toBe(200);
    const { dues } = (await get("/api/account/invoices")).json();
    expect(dues).toEqual({
      outstanding: "127813.71",
      invoicesDue: "127813.71",
      otherDue: "0.00",
      advance: "0.00",
      awaitingApproval: "72062.99",
      owedAfterPending: "55750.72",
    });
  });
});

describe("a page's dues computed by the database (issue 32)", () => {
  it("equal the whole journal's allocation for every partner's invoices, all of them or a page of them", async () => {
    const { invoiceDues, partnerDues } = await import("./dues");
    const db = world.database.db;
    const partners = (await db.execute(
      sql`SELECT DISTINCT user_id FROM ledger_entries ORDER BY user_id`,
    )) as unknown as { rows: { user_id: number }[] };
    expect(partners.rows.length).toBeGreaterThanOrEqual(4);
    let compared = 0;
    const statuses = new Set<string>();
    for (const { user_id: userId } of partners.rows) {
      const whole = await partnerDues(db, userId);
      const ids = [...whole.invoices.keys()];
      expect(await invoiceDues(db, userId, ids)).toEqual({ invoices: whole.invoices });
      // pages of three invoices in any part of the journal: the same figures as the whole journal's
      for (let i = 0; i < ids.length; i += 3) {
        const page = ids.slice(i, i + 3);
        const { invoices } = await invoiceDues(db, userId, page);
        expect(invoices.size).toBe(page.length);
        expect(page.map((id) => invoices.get(id))).toEqual(page.map((id) => whole.invoices.get(id)));
        compared += page.length;
      }
      for (const d of whole.invoices.values()) statuses.add(d.status);
      // another partner's invoice is not this partner's
      const other = partners.rows.find((p) => p.user_id !== userId);
      if (other) {
        const theirs = [...(await partnerDues(db, other.user_id)).invoices.keys()];
        expect((await invoiceDues(db, userId, theirs)).invoices.size).toBe(0);
      }
    }
    expect(compared).toBeGreaterThan(10);
    expect([...statuses].sort()).toEqual(["paid", "partPaid", "unpaid"]);
  });
});
