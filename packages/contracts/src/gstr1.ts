/** GSTR-1 (staff) and the partner's Tally export: queries and answers. */
import { z } from "zod";
import { Gstin } from "./admin/partners";
import { Money } from "./common";
import { GetLedgerBody } from "./ledger";

const GST_MONTH_RANGE = "month must be from 2017-07 (GST began on 2017-07-01)";

/** yyyy-MM from 2017-07 (GST) to 2100-12. */
const GstMonth = z
  .string({ error: "month is required (YYYY-MM)" })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "month must be YYYY-MM")
  .refine((m) => m >= "2017-07" && m <= "2100-12", GST_MONTH_RANGE)
  // `x-refinements`: JSON Schema's pattern cannot say "from 2017-07"
  .meta({ description: "yyyy-MM from 2017-07 to 2100-12.", "x-refinements": [GST_MONTH_RANGE] });

export const Gstr1Query = z.object({
  /** The issuing company's GSTIN (shape here; the check character and whether it is ours: the service). */
  gstin: Gstin,
  month: GstMonth,
  format: z
    .enum(["json", "csv", "summary"], { error: "format must be json, csv or summary" })
    .default("summary"),
});
export type Gstr1Query = z.infer<typeof Gstr1Query>;

export const Gstr1Totals = z.object({
  documents: z.number(),
  value: Money,
  taxable: Money,
  igst: Money,
  cgst: Money,
  sgst: Money,
});
export type Gstr1Totals = z.infer<typeof Gstr1Totals>;

/** What the Admin Console shows before download: the issuing companies and the month's totals. */
export const Gstr1Summary = z.object({
  gstin: z.string(),
  companyName: z.string(),
  month: z.string(),
  fp: z.string(),
  totals: z.object({
    net: Gstr1Totals,
    invoices: Gstr1Totals,
    creditNotes: Gstr1Totals,
    debitNotes: Gstr1Totals,
    b2b: Gstr1Totals,
    b2c: Gstr1Totals,
  }),
  counts: z.object({
    b2bPartners: z.number(),
    cdnrPartners: z.number(),
    hsnRows: z.number(),
    b2csRows: z.number(),
  }),
});
export type Gstr1Summary = z.infer<typeof Gstr1Summary>;

export const Gstr1Companies = z.array(z.object({ gstin: z.string(), name: z.string() }));
export type Gstr1Companies = z.infer<typeof Gstr1Companies>;

/** The offline tool's JSON (b2b, b2cs, cdnr, hsn, doc_issue): described, not restated field by field. */
export const Gstr1Json = z
  .object({
    gstin: z.string(),
    fp: z.string(),
    b2b: z.array(z.unknown()),
    b2cs: z.array(z.unknown()),
    cdnr: z.array(z.unknown()),
    hsn: z.object({ data: z.array(z.unknown()) }),
    doc_issue: z.object({ doc_det: z.array(z.unknown()) }),
  })
  .passthrough();

/** The partner's Tally export: the statement's period and account, and the file's format. */
export const TallyQuery = GetLedgerBody.omit({ voucherType: true }).extend({
  format: z.enum(["xml", "csv"], { error: "format must be xml or csv" }).default("xml"),
});
export type TallyQuery = z.infer<typeof TallyQuery>;
