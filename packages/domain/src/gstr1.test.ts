import { describe, expect, it } from "vitest";
import {
  buildGstr1,
  type Gstr1Document,
  gstr1CsvRows,
  gstr1Date,
  gstr1Period,
  perRate,
  seriesOf,
} from "./gstr1";

const GSTIN = "27AACCL1234M1Z2";
const line = (
  hsn: string,
  rate: string,
  quantity: number,
  taxable: bigint,
  tax: [bigint, bigint, bigint],
) => ({
  hsn,
  rate,
  quantity,
  taxable,
  igst: tax[0],
  cgst: tax[1],
  sgst: tax[2],
});
const inv = (
  number: string,
  day: string,
  partnerGstin: string | null,
  pos: string,
  lines: Gstr1Document["lines"],
) => ({
  kind: "invoice" as const,
  number,
  day,
  partnerGstin,
  placeOfSupply: pos,
  value: lines.reduce((s, l) => s + l.taxable + l.igst + l.cgst + l.sgst, 0n),
  lines,
});

const docs: Gstr1Document[] = [
  // Intra-state, two rates, two lines at 12%: grouped per rate.
  inv("IM02/2627/000002", "2026-11-05", "27ABCDE1234F1Z5", "Maharashtra", [
    line("6111", "12.00", 2, 100_050n, [0n, 6_003n, 6_003n]),
    line("6111", "12.00", 1, 49_950n, [0n, 2_997n, 2_997n]),
    line("9965", "18.00", 0, 21_186n, [0n, 1_907n, 1_907n]),
  ]),
  inv("IM02/2627/000001", "2026-11-02", "29AAAAA0000A1Z5", "Karnataka", [
    line("6111", "5.00", 4, 40_000n, [2_000n, 0n, 0n]),
  ]),
  inv("IM02/2627/000004", "2026-11-20", null, "Karnataka", [
    line("6111", "5.00", 1, 10_000n, [500n, 0n, 0n]),
  ]),
  {
    kind: "credit",
    number: "CM02/2627/000001",
    day: "2026-11-21",
    partnerGstin: "27ABCDE1234F1Z5",
    placeOfSupply: "Maharashtra",
    value: 56_000n,
    lines: [line("6111", "12.00", 1, 50_000n, [0n, 3_000n, 3_000n])],
  },
  {
    kind: "debit",
    number: "DM00/2627/000007",
    day: "2026-11-30",
    partnerGstin: "27ABCDE1234F1Z5",
    placeOfSupply: "Maharashtra",
    value: 11_800n,
    lines: [line("9971", "18.00", 0, 10_000n, [0n, 900n, 900n])],
  },
  {
    kind: "credit",
    number: "CM02/2627/000002",
    day: "2026-11-25",
    partnerGstin: null,
    placeOfSupply: "Karnataka",
    value: 5_250n,
    lines: [line("6111", "5.00", 1, 5_000n, [250n, 0n, 0n])],
  },
];

describe("GSTR-1", () => {
  const g = buildGstr1(GSTIN, "2026-11", docs);

  it.each([
    ["2026-11-05", "05-11-2026"],
    ["2017-07-01", "01-07-2017"],
  ])("dates %s as %s", (day, shown) => expect(gstr1Date(day)).toBe(shown));

  it("names the period MMYYYY and the series of a number", () => {
    expect(gstr1Period("2026-04")).toBe("042026");
    expect(seriesOf("IM02/2627/000016")).toBe("IM02/2627/");
  });

  it("sums lines per rate in paise and prints rupees with 2 decimals", () => {
    expect(perRate(docs[0]?.lines ?? [])).toEqual([
      { rate: "12.00", taxable: 150_000n, igst: 0n, cgst: 9_000n, sgst: 9_000n },
      { rate: "18.00", taxable: 21_186n, igst: 0n, cgst: 1_907n, sgst: 1_907n },
    ]);
  });

  it("groups B2B per partner GSTIN (sorted), invoices by date, items per rate", () => {
    expect(g.json.gstin).toBe(GSTIN);
    expect(g.json.fp).toBe("112026");
    expect(g.json.b2b.map((p) => p.ctin)).toEqual(["27ABCDE1234F1Z5", "29AAAAA0000A1Z5"]);
    expect(g.json.b2b[0]?.inv[0]).toEqual({
      inum: "IM02/2627/000002",
      idt: "05-11-2026",
      val: 1930,
      pos: "27",
      rchrg: "N",
      inv_typ: "R",
      itms: [
        { num: 1, itm_det: { txval: 1500, rt: 12, iamt: 0, camt: 90, samt: 90, csamt: 0 } },
        { num: 2, itm_det: { txval: 211.86, rt: 18, iamt: 0, camt: 19.07, samt: 19.07, csamt: 0 } },
      ],
    });
    expect(g.json.b2b[1]?.inv[0]?.pos).toBe("29");
  });

  it("puts notes to registered partners in CDNR with C/D", () => {
    expect(g.json.cdnr).toEqual([
      {
        ctin: "27ABCDE1234F1Z5",
        nt: [
          expect.objectContaining({ ntty: "C", nt_num: "CM02/2627/000001", nt_dt: "21-11-2026", val: 560 }),
          expect.objectContaining({ ntty: "D", nt_num: "DM00/2627/000007", nt_dt: "30-11-2026", val: 118 }),
        ],
      },
    ]);
  });

  it("nets B2C documents per place of supply and rate", () => {
    expect(g.json.b2cs).toEqual([
      { sply_ty: "INTER", pos: "29", typ: "OE", txval: 50, rt: 5, iamt: 2.5, camt: 0, samt: 0, csamt: 0 },
    ]);
  });

  it("summarises HSN per rate with credit notes subtracted", () => {
    expect(g.json.hsn.data.map((h) => [h.hsn_sc, h.rt, h.qty, h.txval, h.iamt, h.camt, h.samt])).toEqual([
      ["6111", 5, 4, 450, 22.5, 0, 0],
      ["6111", 12, 2, 1000, 0, 60, 60],
      ["9965", 18, 0, 211.86, 0, 19.07, 19.07],
      ["9971", 18, 0, 100, 0, 9, 9],
    ]);
  });

  it("lists the documents issued per nature and series, gaps as cancelled", () => {
    expect(g.json.doc_issue.doc_det).toEqual([
      {
        doc_num: 1,
        doc_typ: "Invoices for outward supply",
        docs: [
          { num: 1, from: "IM02/2627/000001", to: "IM02/2627/000004", totnum: 4, cancel: 1, net_issue: 3 },
        ],
      },
      {
        doc_num: 4,
        doc_typ: "Debit Note",
        docs: [
          { num: 1, from: "DM00/2627/000007", to: "DM00/2627/000007", totnum: 1, cancel: 0, net_issue: 1 },
        ],
      },
      {
        doc_num: 5,
        doc_typ: "Credit Note",
        docs: [
          { num: 1, from: "CM02/2627/000001", to: "CM02/2627/000002", totnum: 2, cancel: 0, net_issue: 2 },
        ],
      },
    ]);
  });

  it("totals invoices + debit notes - credit notes in paise", () => {
    expect(g.totals.net).toEqual({
      documents: 6,
      value: 193_000n + 42_000n + 10_500n - 56_000n + 11_800n - 5_250n,
      taxable: 171_186n + 40_000n + 10_000n - 50_000n + 10_000n - 5_000n,
      igst: 2_000n + 500n - 250n,
      cgst: 10_907n - 3_000n + 900n,
      sgst: 10_907n - 3_000n + 900n,
    });
    expect(g.totals.b2c.taxable).toBe(5_000n);
  });

  it("writes one CSV row per document and rate, then the HSN rows", () => {
    const rows = gstr1CsvRows(g, GSTIN);
    expect(rows[0]).toEqual([
      "B2B",
      "29AAAAA0000A1Z5",
      "Invoice",
      "IM02/2627/000001",
      "02-11-2026",
      "29",
      "420.00",
      "",
      "",
      "5.00",
      "400.00",
      "20.00",
      "0.00",
      "0.00",
      "0.00",
    ]);
    expect(rows.filter((r) => r[0] === "HSN")).toHaveLength(4);
    expect(rows.filter((r) => r[0] === "CDNR")).toHaveLength(2);
    expect(rows).toHaveLength(7 + 4);
  });

  it("answers empty tables for a month without documents", () => {
    const empty = buildGstr1(GSTIN, "2017-05", []);
    expect(empty.json).toEqual({
      gstin: GSTIN,
      fp: "052017",
      b2b: [],
      b2cs: [],
      cdnr: [],
      hsn: { data: [] },
      doc_issue: { doc_det: [] },
    });
    expect(empty.totals.net.value).toBe(0n);
  });
});
