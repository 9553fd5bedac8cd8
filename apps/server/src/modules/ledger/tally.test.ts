/**
 * The partner's books in Tally: GET /api/ledger/tally read back with an XML parser. Every voucher
 * balances, the supplier ledger opens and closes at the statement's balances, the Purchase vouchers'
 * GST ledgers carry the stored invoices' taxes, and the CSV says the same; the partner only ever
 * gets their own ledger, with the statement's validation.
 */
import type { LedgerStatement } from "@portal/contracts";
import { MAIN_COMPANY, toPaise } from "@portal/domain";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixClock, restoreClock } from "../../test/clock";
import { createTestWorld, type TestWorld } from "../../test/harness";

let world: TestWorld;
type H = { authorization: string };
let franchisee: H;
let coco: H;
let stockist: H;

beforeAll(async () => {
  fixClock();
  world = await createTestWorld({ historyMonths: 6 });
  franchisee = await world.signIn("franchisee@demo.in");
  coco = await world.signIn("coco@demo.in");
  stockist = await world.signIn("stockist@demo.in");
}, 600_000);
afterAll(async () => {
  await world.close();
  restoreClock();
});

const get = (url: string, headers?: H) =>
  world.app.inject({ method: "GET", url, ...(headers ? { headers } : {}) });

interface Entry {
  LEDGERNAME: string;
  ISDEEMEDPOSITIVE: string;
  ISPARTYLEDGER: string;
  AMOUNT: string | number;
}
interface Voucher {
  "@_VCHTYPE": string;
  DATE: string | number;
  VOUCHERNUMBER: string;
  "ALLLEDGERENTRIES.LIST": Entry[];
}

function parse(xml: string) {
  const parser = new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    isArray: (name) => name === "TALLYMESSAGE" || name === "ALLLEDGERENTRIES.LIST",
  });
  const doc = parser.parse(xml);
  const env = doc.ENVELOPE;
  const messages = env.BODY.IMPORTDATA.REQUESTDATA.TALLYMESSAGE as {
    LEDGER?: Record<string, string>;
    VOUCHER?: Voucher;
  }[];
  return {
    request: env.HEADER.TALLYREQUEST as string,
    report: env.BODY.IMPORTDATA.REQUESTDESC.REPORTNAME as string,
    ledger: messages.find((m) => m.LEDGER)?.LEDGER as Record<string, string>,
    vouchers: messages.flatMap((m) => (m.VOUCHER ? [m.VOUCHER] : [])),
  };
}

async function statementOf(headers: H, body: Record<string, unknown>): Promise<LedgerStatement> {
  const res = await world.app.inject({
    method: "POST",
    url: "/api/ledger/getLedger",
    headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
/** A statement balance in the partner's books (Tally: our Dr is their credit, positive). */
const theirs = (amount: string, side: "Dr" | "Cr") => (side === "Dr" ? toPaise(amount) : -toPaise(amount));

describe("GET /api/ledger/tally", () => {
  it.each([
    ["franchisee", 1, "2026-08-01", "2026-10-31"],
    ["coco", 2, "2026-06-01", "2026-11-18"],
  ] as const)(
    "reads back the %s's vouchers with the statement's balances",
    async (who, account, fromDate, toDate) => {
      const headers = who === "coco" ? coco : franchisee;
      const q = `fromDate=${fromDate}&toDate=${toDate}&ledgerAccount=${account}`;
      const res = await get(`/api/ledger/tally?${q}`, headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-type"]).toContain("application/xml");
      const xml = parse(res.body);
      const statement = await statementOf(headers, { fromDate, toDate, ledgerAccount: account });
      expect(xml.request).toBe("Import Data");
      expect(xml.report).toBe("Vouchers");
      expect(xml.ledger["@_NAME"]).toBe(statement.accTypeName);
      expect(xml.ledger.PARENT).toBe("Sundry Creditors");
      const [opening, ...entries] = statement.ledger;
      expect(toPaise(xml.ledger.OPENINGBALANCE as string)).toBe(
        theirs(opening.openingBalance, opening.crdrOpeningBalance),
      );
      expect(xml.vouchers.length).toBe(entries.length);
      expect(xml.vouchers.length).toBeGreaterThan(3);
      let party = 0n;
      for (const v of xml.vouchers) {
        const lines = v["ALLLEDGERENTRIES.LIST"];
        // Every voucher balances, and Tally's sign agrees with ISDEEMEDPOSITIVE.
        expect(
          lines.reduce((s, l) => s + toPaise(String(l.AMOUNT)), 0n),
          v.VOUCHERNUMBER,
        ).toBe(0n);
        for (const l of lines) expect(l.ISDEEMEDPOSITIVE).toBe(toPaise(String(l.AMOUNT)) < 0n ? "Yes" : "No");
        const partyLines = lines.filter((l) => l.ISPARTYLEDGER === "Yes");
        expect(partyLines.map((l) => l.LEDGERNAME)).toEqual([statement.accTypeName]);
        party += toPaise(String(partyLines[0]?.AMOUNT));
      }
      // Opening + the supplier's movements = the statement's closing balance.
      expect(theirs(statement.closingBalance, statement.crdrClosingBalance)).toBe(
        toPaise(xml.ledger.OPENINGBALANCE as string) + party,
      );
      const types = new Set(xml.vouchers.map((v) => v["@_VCHTYPE"]));
      expect([...types].every((t) => ["Purchase", "Debit Note", "Credit Note", "Payment"].includes(t))).toBe(
        true,
      );
      expect(types.has("Purchase")).toBe(true);
    },
  );

  it("puts each invoice's stored taxes on the Input GST ledgers of its Purchase voucher", async () => {
    const res = await get(
      "/api/ledger/tally?fromDate=2026-10-01&toDate=2026-10-31&ledgerAccount=1",
      franchisee,
    );
    const { vouchers } = parse(res.body);
    const purchases = vouchers.filter((v) => v["@_VCHTYPE"] === "Purchase");
    expect(purchases.length).toBeGreaterThan(0);
    for (const v of purchases) {
      const invoices = await world.database.db.query.invoices.findFirst({
        where: (i, { eq }) => eq(i.number, String(v.VOUCHERNUMBER)),
      });
      expect(invoices, String(v.VOUCHERNUMBER)).toBeDefined();
      const totals = (invoices?.document as { totals?: Record<string, string> } | undefined)?.totals ?? {};
      const on = (ledger: string) =>
        -v["ALLLEDGERENTRIES.LIST"]
          .filter((l) => l.LEDGERNAME === ledger)
          .reduce((s, l) => s + toPaise(String(l.AMOUNT)), 0n);
      expect([on("Input IGST"), on("Input CGST"), on("Input SGST")]).toEqual([
        toPaise(totals.igst ?? "0"),
        toPaise(totals.cgst ?? "0"),
        toPaise(totals.sgst ?? "0"),
      ]);
      expect(on("Purchase")).toBe(
        toPaise(totals.total ?? "0") - on("Input IGST") - on("Input CGST") - on("Input SGST"),
      );
    }
  });

  it("writes the same vouchers as CSV, opening and closing rows included", async () => {
    const q = "fromDate=2026-08-01&toDate=2026-10-31&ledgerAccount=1";
    const res = await get(`/api/ledger/tally?${q}&format=csv`, franchisee);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="tally-1-2026-08-01-2026-10-31.csv"',
    );
    const rows = res.body.trim().split("\r\n");
    expect(rows[0]).toBe(
      "Date,Voucher type,Voucher number,Supplier voucher type,Ledger,Debit,Credit,Narration",
    );
    const statement = await statementOf(franchisee, { fromDate: "2026-08-01", toDate: "2026-10-31" });
    expect(rows[1]?.startsWith(`2026-08-01,Opening Balance,,,${MAIN_COMPANY.name},`)).toBe(true);
    const closing = rows[rows.length - 1]?.split(",") ?? [];
    expect(closing.slice(0, 5)).toEqual(["2026-10-31", "Closing Balance", "", "", MAIN_COMPANY.name]);
    // Our Dr closing balance is a credit in the partner's books.
    expect(statement.crdrClosingBalance === "Dr" ? closing[6] : closing[5]).toBe(statement.closingBalance);
    const xml = parse((await get(`/api/ledger/tally?${q}`, franchisee)).body);
    const xmlLines = xml.vouchers.reduce((n, v) => n + v["ALLLEDGERENTRIES.LIST"].length, 0);
    expect(rows.length).toBe(1 + 1 + xmlLines + 1);
  });

  it.each([
    ["fromDate=2026-02-30&toDate=2026-10-31", 400, "fromDate"],
    ["fromDate=2026-10-31&toDate=2026-08-01", 400, ""],
    ["ledgerAccount=3", 400, "ledgerAccount must be 1 or 2"],
    ["format=pdf", 400, "format must be xml or csv"],
  ])("refuses %s", async (q, status, reason) => {
    const res = await get(`/api/ledger/tally?${q}`, franchisee);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(reason);
  });

  it("is the signed-in partner's own ledger only", async () => {
    expect((await get("/api/ledger/tally")).statusCode).toBe(401);
    // The stockist has no ledger: refused as the statement refuses it.
    expect((await get("/api/ledger/tally", stockist)).statusCode).toBe(403);
    // The franchisee's export names no voucher of coco's account-2 ledger.
    const mine = parse(
      (await get("/api/ledger/tally?fromDate=2026-06-01&toDate=2026-11-18&ledgerAccount=2", franchisee)).body,
    );
    const cocos = parse(
      (await get("/api/ledger/tally?fromDate=2026-06-01&toDate=2026-11-18&ledgerAccount=2", coco)).body,
    );
    const cocoNumbers = new Set(cocos.vouchers.map((v) => String(v.VOUCHERNUMBER)));
    expect(mine.vouchers.filter((v) => cocoNumbers.has(String(v.VOUCHERNUMBER)))).toEqual([]);
  });
});
