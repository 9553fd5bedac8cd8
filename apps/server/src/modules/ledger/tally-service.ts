/**
 * The partner's books in Tally: a period of the partner's ledger statement as vouchers of the
 * partner's own books (TallyPrime's import XML, and a plain CSV of the same). Our tax invoice is
 * their Purchase (the supplier credited with the invoice total, "Purchase" and the GST ledgers
 * "Input IGST" / "Input CGST" / "Input SGST" debited with the invoice's stored taxable value and
 * taxes); our credit note their Debit Note (the supplier debited), our debit note their Credit Note
 * (the supplier credited), our receipt their Payment (the supplier debited, "Bank" credited). Note
 * amounts are split as the statement's note screens split them (`cndnMaster`). The supplier ledger
 * is named as on the statement, with the statement's opening balance; its closing balance is the
 * statement's. Tally's signs: a debit is negative (ISDEEMEDPOSITIVE Yes), a credit positive.
 */
import type { LedgerStatement, LedgerStatementEntry, TallyQuery } from "@portal/contracts";
import { paiseToDecimal, toPaise, VOUCHER_TYPES } from "@portal/domain";
import type { DbOrTx } from "../../db/client";
import type { StatementService } from "./statement-service";
import type { LedgerCaller } from "./statement-views";
import * as repo from "./tally-repo";

export const TALLY_LEDGERS = {
  purchase: "Purchase",
  igst: "Input IGST",
  cgst: "Input CGST",
  sgst: "Input SGST",
  bank: "Bank",
  courier: "Courier Charges",
  interest: "Interest on Late Payment",
  adjustments: "Supplier Adjustments",
} as const;

/** Our voucher type → the partner's voucher type in Tally. */
const TALLY_VOUCHER_TYPE: Record<string, "Purchase" | "Debit Note" | "Credit Note" | "Payment"> = {
  [VOUCHER_TYPES.sales]: "Purchase",
  [VOUCHER_TYPES.creditNote]: "Debit Note",
  [VOUCHER_TYPES.debitNote]: "Credit Note",
  [VOUCHER_TYPES.receipt]: "Payment",
};

export interface TallyLine {
  ledger: string;
  /** Paise, Tally's sign: negative debit, positive credit. */
  amount: bigint;
  isParty: boolean;
}
export interface TallyVoucher {
  type: "Purchase" | "Debit Note" | "Credit Note" | "Payment";
  /** yyyy-MM-dd */
  day: string;
  number: string;
  /** Our voucher type and number, as on the statement. */
  supplierVoucherType: string;
  narration: string;
  lines: TallyLine[];
}
export interface TallyBook {
  supplier: string;
  fromDate: string;
  toDate: string;
  /** In the partner's books (Tally's sign: positive is a credit balance, what the partner owes). */
  opening: bigint;
  closing: bigint;
  vouchers: TallyVoucher[];
}

/** A statement balance (amount and Dr/Cr of ours) in the partner's books: our Dr is their credit. */
const partnerSide = (amount: string, side: "Dr" | "Cr") =>
  side === "Dr" ? toPaise(amount) : -toPaise(amount);

export function createTallyExport(deps: { db: DbOrTx; statements: StatementService }) {
  async function book(caller: LedgerCaller, q: TallyQuery): Promise<TallyBook> {
    const statement: LedgerStatement = await deps.statements.statement(caller, {
      ledgerAccount: q.ledgerAccount,
      fromDate: q.fromDate,
      toDate: q.toDate,
    });
    const [opening, ...entries] = statement.ledger;
    const rows = entries as LedgerStatementEntry[];
    const sources = new Map(
      (
        await repo.entrySources(
          deps.db,
          caller.id,
          rows.map((r) => r.id),
        )
      ).map((s) => [s.id, s]),
    );
    const vouchers: TallyVoucher[] = [];
    for (const r of rows) {
      const party = toPaise(r.debit) - toPaise(r.credit);
      const type = TALLY_VOUCHER_TYPE[r.voucherType] ?? (party > 0n ? "Credit Note" : "Debit Note");
      const source = sources.get(r.id);
      // The counter side, split into a base ledger and the GST ledgers (signs opposite to the party's).
      let base = -party;
      const taxes: TallyLine[] = [];
      let baseLedger: string = TALLY_LEDGERS.purchase;
      const split = (t: { cgst: string; sgst: string; igst: string }) => {
        const sign = party > 0n ? -1n : 1n;
        for (const [ledger, amount] of [
          [TALLY_LEDGERS.igst, t.igst],
          [TALLY_LEDGERS.cgst, t.cgst],
          [TALLY_LEDGERS.sgst, t.sgst],
        ] as const) {
          const p = toPaise(amount);
          if (p === 0n) continue;
          taxes.push({ ledger, amount: sign * p, isParty: false });
          base -= sign * p;
        }
      };
      if (type === "Payment") baseLedger = TALLY_LEDGERS.bank;
      else if (source?.sourceKind === "invoice" && source.invoiceTotals) split(source.invoiceTotals);
      else if (source?.noteType) {
        split(await deps.statements.cndnMaster(caller, r.id));
        if (party > 0n)
          baseLedger =
            source.sourceKind === "courier"
              ? TALLY_LEDGERS.courier
              : source.sourceKind === "ageing"
                ? TALLY_LEDGERS.interest
                : TALLY_LEDGERS.adjustments;
      }
      vouchers.push({
        type,
        day: r.approvedDate,
        number: r.voucherNumber,
        supplierVoucherType: r.voucherType,
        narration: `${r.voucherType} ${r.voucherNumber}: ${r.description}`,
        lines: [
          { ledger: statement.accTypeName, amount: party, isParty: true },
          { ledger: baseLedger, amount: base, isParty: false },
          ...taxes,
        ].filter((l) => l.amount !== 0n || l.isParty),
      });
    }
    return {
      supplier: statement.accTypeName,
      fromDate: statement.fromDate,
      toDate: statement.toDate,
      opening: partnerSide(opening.openingBalance, opening.crdrOpeningBalance),
      closing: partnerSide(statement.closingBalance, statement.crdrClosingBalance),
      vouchers,
    };
  }
  return { book };
}
export type TallyExport = ReturnType<typeof createTallyExport>;

const tallyDate = (day: string) => day.replaceAll("-", "");
const amountOf = (p: bigint) => paiseToDecimal(p);

/** Text and attribute values escaped for XML. */
const esc = (v: string) =>
  v
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
const tag = (name: string, value: string) => `<${name}>${esc(value)}</${name}>`;

/** The TallyPrime import XML: the supplier ledger (with its opening balance), then the vouchers. */
export function tallyXml(b: TallyBook): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    "<ENVELOPE>",
    ` <HEADER>${tag("TALLYREQUEST", "Import Data")}</HEADER>`,
    " <BODY>",
    "  <IMPORTDATA>",
    `   <REQUESTDESC>${tag("REPORTNAME", "Vouchers")}<STATICVARIABLES><SVCURRENTCOMPANY/></STATICVARIABLES></REQUESTDESC>`,
    "   <REQUESTDATA>",
    '    <TALLYMESSAGE xmlns:UDF="TallyUDF">',
    `     <LEDGER NAME="${esc(b.supplier)}" ACTION="Create">`,
    `      <NAME.LIST>${tag("NAME", b.supplier)}</NAME.LIST>`,
    `      ${tag("PARENT", "Sundry Creditors")}`,
    `      ${tag("ISBILLWISEON", "No")}`,
    `      ${tag("OPENINGBALANCE", amountOf(b.opening))}`,
    "     </LEDGER>",
    "    </TALLYMESSAGE>",
  ];
  for (const v of b.vouchers) {
    out.push(
      '    <TALLYMESSAGE xmlns:UDF="TallyUDF">',
      `     <VOUCHER VCHTYPE="${esc(v.type)}" ACTION="Create" OBJVIEW="Accounting Voucher View">`,
      `      ${tag("DATE", tallyDate(v.day))}`,
      `      ${tag("EFFECTIVEDATE", tallyDate(v.day))}`,
      `      ${tag("VOUCHERTYPENAME", v.type)}`,
      `      ${tag("VOUCHERNUMBER", v.number)}`,
      `      ${tag("REFERENCE", v.number)}`,
      `      ${tag("REFERENCEDATE", tallyDate(v.day))}`,
      `      ${tag("PARTYLEDGERNAME", b.supplier)}`,
      `      ${tag("NARRATION", v.narration)}`,
      `      ${tag("PERSISTEDVIEW", "Accounting Voucher View")}`,
      `      ${tag("ISINVOICE", "No")}`,
    );
    for (const l of v.lines)
      out.push(
        "      <ALLLEDGERENTRIES.LIST>",
        `       ${tag("LEDGERNAME", l.ledger)}`,
        `       ${tag("ISDEEMEDPOSITIVE", l.amount < 0n ? "Yes" : "No")}`,
        `       ${tag("ISPARTYLEDGER", l.isParty ? "Yes" : "No")}`,
        `       ${tag("AMOUNT", amountOf(l.amount))}`,
        "      </ALLLEDGERENTRIES.LIST>",
      );
    out.push("     </VOUCHER>", "    </TALLYMESSAGE>");
  }
  out.push("   </REQUESTDATA>", "  </IMPORTDATA>", " </BODY>", "</ENVELOPE>", "");
  return out.join("\n");
}

const csvCell = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
export const TALLY_CSV_HEADER = [
  "Date",
  "Voucher type",
  "Voucher number",
  "Supplier voucher type",
  "Ledger",
  "Debit",
  "Credit",
  "Narration",
] as const;

/** The same vouchers as CSV: the opening balance, one row per ledger line, the closing balance. */
export function tallyCsv(b: TallyBook): string {
  const dc = (p: bigint) => (p < 0n ? [amountOf(-p), ""] : ["", amountOf(p)]);
  const rows: string[][] = [
    [b.fromDate, "Opening Balance", "", "", b.supplier, ...dc(b.opening), ""],
    ...b.vouchers.flatMap((v) =>
      v.lines.map((l) => [
        v.day,
        v.type,
        v.number,
        v.supplierVoucherType,
        l.ledger,
        ...dc(l.amount),
        v.narration,
      ]),
    ),
    [b.toDate, "Closing Balance", "", "", b.supplier, ...dc(b.closing), ""],
  ];
  return `${[[...TALLY_CSV_HEADER], ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
