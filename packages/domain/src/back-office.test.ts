import { describe, expect, it } from "vitest";
import {
  ARTWORK_LIFECYCLE,
  ageingCharge,
  ageingNoteOf,
  CFORM_LIFECYCLE,
  DOCUMENT_NUMBER_MAX_LENGTH,
  DOCUMENT_TYPES,
  documentNumber,
  financialYearOf,
  HEAD_OFFICE_STATE,
  isFinalStatus,
  KIOSK_ORDER_LIFECYCLE,
  LIFECYCLES,
  type Lifecycle,
  type LifecycleActor,
  LOAD_LIFECYCLE,
  lineGap,
  NOTE_HOME_STATE_CODE,
  nextSteps,
  noteTax,
  ORDER_LIFECYCLE,
  PAYMENT_LIFECYCLE,
  refusal,
  SR_LIFECYCLE,
  SR_WAITING_STATUSES,
  WAYBILL_LIFECYCLE,
  WAYBILL_OPEN_STATUSES,
} from "./back-office";
import { indiaDay } from "./format";
import { gstStateCode, splitByRegime, taxRegimeOf } from "./gst";

const allowed: [string, { entity: string }, string, string][] = [
  ["order", ORDER_LIFECYCLE, "Pending", "Confirmed"],
  ["order", ORDER_LIFECYCLE, "Confirmed", "Shipped"],
  ["order", ORDER_LIFECYCLE, "Shipped", "Delivered"],
  ["order", ORDER_LIFECYCLE, "Pending", "Cancelled"],
  ["order", ORDER_LIFECYCLE, "Confirmed", "Cancelled"],
  ["load", LOAD_LIFECYCLE, "Ready To Dispatch", "Hand Over"],
  ["load", LOAD_LIFECYCLE, "Hand Over", "Shipped"],
  ["load", LOAD_LIFECYCLE, "Ready To Dispatch", "Cancelled"],
  ["load", LOAD_LIFECYCLE, "Hand Over", "Cancelled"],
  ["sr", SR_LIFECYCLE, "Pending", "InTransit"],
  ["sr", SR_LIFECYCLE, "InTransit", "WHReceived"],
  ["sr", SR_LIFECYCLE, "WHReceived", "InProcess"],
  ["sr", SR_LIFECYCLE, "InProcess", "B2BApproved"],
  ["sr", SR_LIFECYCLE, "B2BApproved", "AccountApproved"],
  ["sr", SR_LIFECYCLE, "Pending", "WHReceived"],
  ["sr", SR_LIFECYCLE, "WHReceived", "AccountApproved"],
  ["sr", SR_LIFECYCLE, "InProcess", "AccountApproved"],
  ["sr", SR_LIFECYCLE, "Pending", "Rejected"],
  ["sr", SR_LIFECYCLE, "InTransit", "Rejected"],
  ["sr", SR_LIFECYCLE, "WHReceived", "Rejected"],
  ["sr", SR_LIFECYCLE, "InProcess", "Rejected"],
  ["sr", SR_LIFECYCLE, "B2BApproved", "Rejected"],
  ["waybill", WAYBILL_LIFECYCLE, "WH Request", "Doc Uploaded"],
  ["waybill", WAYBILL_LIFECYCLE, "Doc Uploaded", "Doc Uploaded"],
  ["waybill", WAYBILL_LIFECYCLE, "Doc Uploaded", "Closed"],
  ["kiosk", KIOSK_ORDER_LIFECYCLE, "Pending", "Confirmed"],
  ["kiosk", KIOSK_ORDER_LIFECYCLE, "Pending", "Cancelled"],
  ["cform", CFORM_LIFECYCLE, "Shipped", "Issued"],
  ["payment", PAYMENT_LIFECYCLE, "submitted", "approved"],
  ["payment", PAYMENT_LIFECYCLE, "submitted", "rejected"],
  ["artwork", ARTWORK_LIFECYCLE, "Pending", "In Design"],
  ["artwork", ARTWORK_LIFECYCLE, "Pending", "Cancelled"],
  ["artwork", ARTWORK_LIFECYCLE, "In Design", "Printing"],
  ["artwork", ARTWORK_LIFECYCLE, "In Design", "Cancelled"],
  ["artwork", ARTWORK_LIFECYCLE, "Printing", "Dispatched"],
  ["artwork", ARTWORK_LIFECYCLE, "Dispatched", "Delivered"],
];

describe("lifecycles", () => {
  it.each(allowed)("%s: %s → %s is allowed", (_n, table, from, to) => {
    expect(refusal(table as never, from, to as never)).toBeNull();
  });

  it("refuses every pair that is not in a table, with a message naming both statuses", () => {
    let refused = 0;
    for (const table of LIFECYCLES) {
      for (const from of table.statuses) {
        for (const to of table.statuses) {
          const ok = allowed.some(([, t, f, s]) => t === table && f === from && s === to);
          const message = refusal(table as never, from, to as never);
          if (ok) expect(message).toBeNull();
          else {
            refused++;
            expect(message).toBe(
              from === to
                ? `The ${table.entity} is already ${to}.`
                : `A ${from} ${table.entity} cannot become ${to}.`,
            );
          }
        }
      }
    }
    expect(refused).toBe(121);
  });

  it.each([
    [ORDER_LIFECYCLE, "Shipped", "Cancelled", "A Shipped order cannot become Cancelled."],
    [ORDER_LIFECYCLE, "Delivered", "Confirmed", "A Delivered order cannot become Confirmed."],
    [LOAD_LIFECYCLE, "Ready To Dispatch", "Shipped", "A Ready To Dispatch load cannot become Shipped."],
    [SR_LIFECYCLE, "Pending", "AccountApproved", "A Pending sales return cannot become AccountApproved."],
    [PAYMENT_LIFECYCLE, "approved", "approved", "The payment confirmation is already approved."],
    [ORDER_LIFECYCLE, "Lost", "Confirmed", "Unknown order status Lost."],
    [ARTWORK_LIFECYCLE, "In Design", "Delivered", "A In Design artwork order cannot become Delivered."],
  ])("refusal %#", (table, from, to, message) => {
    expect(refusal(table as never, from, to as never)).toBe(message);
  });
});

// Every lifecycle, every status: what staff and what the partner may move it to.
const NEXT_STEPS: [Lifecycle<string>, string, string[], string[]][] = [
  // table, status, staff's next statuses, the partner's
  [ORDER_LIFECYCLE, "Pending", ["Confirmed", "Cancelled"], ["Cancelled"]],
  [ORDER_LIFECYCLE, "Confirmed", ["Shipped", "Cancelled"], ["Cancelled"]],
  [ORDER_LIFECYCLE, "Shipped", ["Delivered"], []],
  [ORDER_LIFECYCLE, "Delivered", [], []],
  [ORDER_LIFECYCLE, "Cancelled", [], []],
  [LOAD_LIFECYCLE, "Ready To Dispatch", ["Hand Over", "Cancelled"], []],
  [LOAD_LIFECYCLE, "Hand Over", ["Shipped", "Cancelled"], []],
  [LOAD_LIFECYCLE, "Shipped", [], []],
  [LOAD_LIFECYCLE, "Cancelled", [], []],
  [SR_LIFECYCLE, "Pending", ["InTransit", "WHReceived", "Rejected"], ["InTransit"]],
  [SR_LIFECYCLE, "InTransit", ["WHReceived", "Rejected"], []],
  [SR_LIFECYCLE, "WHReceived", ["InProcess", "AccountApproved", "Rejected"], []],
  [SR_LIFECYCLE, "InProcess", ["B2BApproved", "AccountApproved", "Rejected"], []],
  [SR_LIFECYCLE, "B2BApproved", ["AccountApproved", "Rejected"], []],
  [SR_LIFECYCLE, "AccountApproved", [], []],
  [SR_LIFECYCLE, "Rejected", [], []],
  [WAYBILL_LIFECYCLE, "WH Request", [], ["Doc Uploaded"]],
  [WAYBILL_LIFECYCLE, "Doc Uploaded", ["Closed"], ["Doc Uploaded"]],
  [WAYBILL_LIFECYCLE, "Closed", [], []],
  [KIOSK_ORDER_LIFECYCLE, "Pending", [], ["Confirmed", "Cancelled"]],
  [KIOSK_ORDER_LIFECYCLE, "Confirmed", [], []],
  [KIOSK_ORDER_LIFECYCLE, "Cancelled", [], []],
  [CFORM_LIFECYCLE, "Shipped", [], ["Issued"]],
  [CFORM_LIFECYCLE, "Issued", [], []],
  [PAYMENT_LIFECYCLE, "submitted", ["approved", "rejected"], []],
  [PAYMENT_LIFECYCLE, "approved", [], []],
  [PAYMENT_LIFECYCLE, "rejected", [], []],
  [ARTWORK_LIFECYCLE, "Pending", ["In Design", "Cancelled"], []],
  [ARTWORK_LIFECYCLE, "In Design", ["Printing", "Cancelled"], []],
  [ARTWORK_LIFECYCLE, "Printing", ["Dispatched"], []],
  [ARTWORK_LIFECYCLE, "Dispatched", ["Delivered"], []],
  [ARTWORK_LIFECYCLE, "Delivered", [], []],
  [ARTWORK_LIFECYCLE, "Cancelled", [], []],
];

describe("what waits for staff", () => {
  it("counts the returns only staff can move on, and the open waybill requests", () => {
    expect(SR_WAITING_STATUSES).toEqual(["InTransit", "WHReceived", "InProcess", "B2BApproved"]);
    expect(WAYBILL_OPEN_STATUSES).toEqual(["WH Request", "Doc Uploaded"]);
  });
});

describe("who takes each step", () => {
  it("lists every status of every lifecycle once", () => {
    expect(NEXT_STEPS.map(([t, s]) => `${t.entity}: ${s}`)).toEqual(
      LIFECYCLES.flatMap((t) => t.statuses.map((s) => `${t.entity}: ${s}`)),
    );
  });

  it.each(NEXT_STEPS)(
    "%# %s: staff may move it to %j, the partner to %j",
    (table, status, staff, partner) => {
      expect(nextSteps(table, status, "staff")).toEqual(staff);
      expect(nextSteps(table, status, "partner")).toEqual(partner);
      for (const to of table.transitions[status] ?? []) {
        for (const [actor, allowedTo] of [
          ["staff", staff],
          ["partner", partner],
        ] as [LifecycleActor, string[]][])
          if (allowedTo.includes(to)) expect(refusal(table, status, to, actor)).toBeNull();
          else expect(refusal(table, status, to, actor)).not.toBeNull();
      }
      expect(isFinalStatus(table, status)).toBe(staff.length === 0 && partner.length === 0);
    },
  );

  it("every allowed step has someone who may take it, and without an actor anyone may", () => {
    for (const table of LIFECYCLES as readonly Lifecycle<string>[])
      for (const from of table.statuses)
        for (const to of table.transitions[from] ?? []) {
          expect(table.takers[from]?.[to]?.length).toBeGreaterThan(0);
          expect(refusal(table, from, to)).toBeNull();
        }
  });

  it.each([
    [
      SR_LIFECYCLE,
      "Pending",
      "WHReceived",
      "partner",
      "Only staff may make a Pending sales return WHReceived.",
    ],
    [CFORM_LIFECYCLE, "Shipped", "Issued", "staff", "Only the partner may make a Shipped C-form Issued."],
    [
      WAYBILL_LIFECYCLE,
      "Doc Uploaded",
      "Closed",
      "partner",
      "Only staff may make a Doc Uploaded waybill request Closed.",
    ],
    [
      WAYBILL_LIFECYCLE,
      "Closed",
      "Doc Uploaded",
      "partner",
      "A Closed waybill request cannot become Doc Uploaded.",
    ],
    [KIOSK_ORDER_LIFECYCLE, "Confirmed", "Confirmed", "partner", "The kiosk order is already Confirmed."],
    [
      PAYMENT_LIFECYCLE,
      "approved",
      "rejected",
      "staff",
      "A approved payment confirmation cannot become rejected.",
    ],
    [CFORM_LIFECYCLE, "Lost", "Issued", "partner", "Unknown C-form status Lost."],
  ])("refuses %# for the one who may not take it", (table, from, to, actor, message) => {
    expect(refusal(table as Lifecycle<string>, from, to, actor as LifecycleActor)).toBe(message);
  });

  it("offers nothing for an unknown status, which is not final either", () => {
    expect(nextSteps(SR_LIFECYCLE, "Lost", "staff")).toEqual([]);
    expect(isFinalStatus(SR_LIFECYCLE, "Lost")).toBe(false);
  });
});

describe("dates and series", () => {
  it.each([
    ["2017-04-01", "2017-18"],
    ["2018-03-31", "2017-18"],
    ["2018-04-01", "2018-19"],
    ["2099-12-31", "2099-00"],
    ["2026-01-15", "2025-26"],
  ])("financial year of %s is %s", (day, fy) => expect(financialYearOf(day)).toBe(fy));

  it("reads the India day, not the UTC day", () => {
    expect(indiaDay(new Date("2017-06-30T19:00:00Z"))).toBe("2017-07-01");
    expect(indiaDay(new Date("2017-06-30T18:00:00Z"))).toBe("2017-06-30");
  });

  it("takes a partner without a state as the head office's state, where notes carry CGST and SGST", () => {
    expect(HEAD_OFFICE_STATE).toBe("Maharashtra");
    expect(gstStateCode(HEAD_OFFICE_STATE)).toBe(NOTE_HOME_STATE_CODE);
    expect(noteTax(11800n, HEAD_OFFICE_STATE, "2026-11-26")).toEqual({
      base: 10000n,
      cgst: 900n,
      sgst: 900n,
      igst: 0n,
    });
  });

  it("numbers documents per type, company, warehouse and year in at most 16 characters (rule 46(b))", () => {
    expect(documentNumber(DOCUMENT_TYPES.taxInvoice, 1, 2, "2017-18", 1)).toBe("IM02/1718/000001");
    expect(documentNumber(DOCUMENT_TYPES.taxInvoice, 2, 7, "2026-27", 16)).toBe("IA07/2627/000016");
    expect(documentNumber(DOCUMENT_TYPES.creditNote, 1, 5, "2025-26", 1234)).toBe("CM05/2526/001234");
    expect(documentNumber(DOCUMENT_TYPES.debitNote, 2, 0, "2099-00", 999_999)).toBe("DA00/9900/999999");
    expect(DOCUMENT_NUMBER_MAX_LENGTH).toBe(16);
    for (const wh of [0, 9, 99])
      for (const seq of [1, 999_999])
        for (const type of Object.values(DOCUMENT_TYPES)) {
          const n = documentNumber(type, 2, wh, "2026-27", seq);
          expect(n).toHaveLength(16);
          expect(n).toMatch(/^[A-Z0-9/-]{1,16}$/);
        }
    expect(() => documentNumber("I", 1, 100, "2026-27", 1)).toThrow("warehouse id from 0 to 99");
    expect(() => documentNumber("I", 1, 2, "2026-27", 1_000_000)).toThrow("from 1 to 999999");
  });

  it.each([
    ["2017-06-30", "Maharashtra", "Maharashtra", "VAT"],
    ["2017-06-30", "Karnataka", "Maharashtra", "CST"],
    ["2017-07-01", "Maharashtra", "Maharashtra", "CGST/SGST"],
    ["2017-07-01", "Karnataka", "Maharashtra", "IGST"],
  ])("on %s shipping to %s from %s the tax is %s", (day, ship, wh, regime) => {
    expect(taxRegimeOf(day, ship, wh)).toBe(regime);
  });
});

describe("notes and ageing", () => {
  it.each([
    // gross, state, day, base, cgst, sgst, igst
    [11800n, "Maharashtra", "2017-07-01", 10000n, 900n, 900n, 0n],
    [11800n, "Karnataka", "2018-01-01", 10000n, 0n, 0n, 1800n],
    // the odd paisa of a split goes to CGST, as on every other document
    [100n, "Maharashtra", "2020-01-01", 85n, 8n, 7n, 0n],
    [100n, " maharashtra ", "2020-01-01", 85n, 8n, 7n, 0n],
    [11800n, "Maharashtra", "2017-06-30", 11800n, 0n, 0n, 0n],
    [1n, "Delhi", "2020-01-01", 1n, 0n, 0n, 0n],
  ])("a note of %i paise in %s on %s", (gross, state, day, base, cgst, sgst, igst) => {
    const tax = noteTax(gross, state, day);
    expect(tax).toEqual({ base, cgst, sgst, igst });
    expect(tax.base + tax.cgst + tax.sgst + tax.igst).toBe(gross);
  });

  it.each([
    [119, null],
    [120, "DN120"],
    [179, "DN120"],
    [180, "DN180"],
  ])("%i days overdue owes %s", (days, note) => expect(ageingNoteOf(days)).toBe(note));

  it("charges exactly, in paise", () => {
    expect(ageingCharge("DN120", 100_000n)).toBe(1_500n);
    expect(ageingCharge("DN180", 100_000n)).toBe(3_000n);
    expect(ageingCharge("DN120", 33n)).toBe(0n);
  });

  it("a gap is ordered minus confirmed, never negative", () => {
    expect(lineGap(10, 6)).toBe(4);
    expect(lineGap(5, 5)).toBe(0);
    expect(lineGap(5, 7)).toBe(0);
  });
});

describe("splitByRegime", () => {
  it.each([
    [
      "CGST/SGST",
      1001n,
      1800n,
      {
        vat: 0n,
        cgst: 501n,
        sgst: 500n,
        igst: 0n,
        vatRate: 0n,
        cgstRate: 900n,
        sgstRate: 900n,
        igstRate: 0n,
      },
    ],
    [
      "IGST",
      1001n,
      500n,
      { vat: 0n, cgst: 0n, sgst: 0n, igst: 1001n, vatRate: 0n, cgstRate: 0n, sgstRate: 0n, igstRate: 500n },
    ],
    [
      "VAT",
      250n,
      1200n,
      { vat: 250n, cgst: 0n, sgst: 0n, igst: 0n, vatRate: 1200n, cgstRate: 0n, sgstRate: 0n, igstRate: 0n },
    ],
    [
      "CST",
      250n,
      200n,
      { vat: 250n, cgst: 0n, sgst: 0n, igst: 0n, vatRate: 200n, cgstRate: 0n, sgstRate: 0n, igstRate: 0n },
    ],
  ] as const)("%s splits %d paise of tax at %d", (regime, tax, rate, expected) => {
    expect(splitByRegime(regime, tax, rate)).toEqual(expected);
  });
});
