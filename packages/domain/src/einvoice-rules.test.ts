import { describe, expect, it } from "vitest";
import { type Einvoice, einvoiceDate, einvoiceRuleProblems, statedNoteTax } from "./einvoice-rules";

/** A valid intra-state e-invoice: Pune warehouse (27) to a Pune partner (27), one item at 5%. */
function sample(): Einvoice {
  return {
    Version: "1.1",
    TranDtls: { TaxSch: "GST", SupTyp: "B2B", RegRev: "N", IgstOnIntra: "N" },
    DocDtls: { Typ: "INV", No: "IM02/2425/000001", Dt: "05/10/2024" },
    SellerDtls: {
      Gstin: "27AABCB1234F1Z8",
      LglNm: "Little Steps Retail Private Limited",
      Addr1: "Gat No. 1234",
      Loc: "Pune",
      Pin: 410501,
      Stcd: "27",
    },
    BuyerDtls: {
      Gstin: "27AKXPD4417K1ZQ",
      LglNm: "Babyhug FC Camp Pune",
      Pos: "27",
      Addr1: "Shop 4",
      Loc: "Pune",
      Pin: 411001,
      Stcd: "27",
    },
    DispDtls: { Nm: "Pune warehouse", Addr1: "Gat No. 1234", Loc: "Pune", Pin: 410501, Stcd: "27" },
    ItemList: [
      {
        SlNo: "1",
        PrdDesc: "Cotton romper",
        IsServc: "N",
        HsnCd: "61112000",
        Qty: 3,
        Unit: "PCS",
        UnitPrice: 333.333,
        TotAmt: 1000,
        AssAmt: 1000,
        GstRt: 5,
        IgstAmt: 0,
        CgstAmt: 25,
        SgstAmt: 25,
        TotItemVal: 1050,
      },
    ],
    ValDtls: { AssVal: 1000, CgstVal: 25, SgstVal: 25, IgstVal: 0, TotInvVal: 1050 },
  };
}

describe("einvoiceRuleProblems", () => {
  it("passes a consistent e-invoice", () => {
    expect(einvoiceRuleProblems(sample())).toEqual([]);
  });

  const item = (e: Einvoice) => e.ItemList[0] as Einvoice["ItemList"][number];
  it.each<[string, (e: Einvoice) => void, string[]]>([
    [
      "tax off by more than a rupee",
      (e) => {
        item(e).CgstAmt = 26.01;
        item(e).TotItemVal = 1051.01;
        e.ValDtls.CgstVal = 26.01;
        e.ValDtls.TotInvVal = 1051.01;
      },
      ["ItemList[1]: tax 51.01 is not assessable value × 5% = 50.00 (±₹1)"],
    ],
    [
      "tax off by exactly a rupee (allowed)",
      (e) => {
        item(e).CgstAmt = 26;
        item(e).TotItemVal = 1051;
        e.ValDtls.CgstVal = 26;
        e.ValDtls.TotInvVal = 1051;
      },
      [],
    ],
    [
      "IGST within the seller's state",
      (e) => {
        Object.assign(item(e), { CgstAmt: 0, SgstAmt: 0, IgstAmt: 50 });
        Object.assign(e.ValDtls, { CgstVal: 0, SgstVal: 0, IgstVal: 50 });
      },
      ["ItemList[1]: IGST on a supply within the seller's state 27"],
    ],
    [
      "CGST/SGST to another state",
      (e) => {
        e.BuyerDtls.Pos = "29";
      },
      ["ItemList[1]: CGST/SGST on a supply to another state (place of supply 29, seller 27)"],
    ],
    [
      "items not adding up to the totals",
      (e) => {
        e.ValDtls.AssVal = 1001.01;
        e.ValDtls.TotInvVal = 1048.99;
      },
      [
        "ValDtls.AssVal 1001.01 is not the items' sum 1000.00",
        "ValDtls.TotInvVal 1048.99 is not the items' sum 1050.00",
      ],
    ],
    [
      "unit price × quantity not the gross amount",
      (e) => {
        item(e).UnitPrice = 340;
      },
      ["ItemList[1]: unit price × quantity 1020.00 is not the gross amount 1000.00"],
    ],
    [
      "item value not assessable value + tax",
      (e) => {
        item(e).TotItemVal = 1050.5;
      },
      ["ItemList[1]: item value 1050.50 is not assessable value + tax"],
    ],
    [
      "a seller GSTIN with a wrong check character",
      (e) => {
        e.SellerDtls.Gstin = "27AABCB1234F1Z5";
      },
      ["SellerDtls.Gstin 27AABCB1234F1Z5: GSTIN check character is wrong: please check the number."],
    ],
    [
      "a buyer GSTIN of another state than its state code",
      (e) => {
        e.BuyerDtls.Stcd = "29";
      },
      ["BuyerDtls.Stcd 29 is not the state of GSTIN 27AKXPD4417K1ZQ"],
    ],
  ])("finds %s", (_, change, expected) => {
    const e = sample();
    change(e);
    expect(einvoiceRuleProblems(e)).toEqual(expected);
  });

  it("writes dates as the IRP does", () => {
    expect(einvoiceDate("2024-10-05")).toBe("05/10/2024");
  });
});

describe("statedNoteTax", () => {
  it("reads the CGST and SGST a courier note stated when it was posted", () => {
    expect(
      statedNoteTax("Courier charges (March) (SAC 9968; taxable 4000.00, CGST 9% 360.00 + SGST 9% 360.00)"),
    ).toEqual({
      what: "Courier charges (March)",
      sac: "9968",
      taxable: 400000n,
      rate: 18,
      cgst: 36000n,
      sgst: 36000n,
      igst: 0n,
    });
  });

  it("reads the IGST an ageing note stated", () => {
    expect(
      statedNoteTax("DN120 ageing on overdue 81234.50 (SAC 9971; taxable 1032.64, IGST 18% 185.88)"),
    ).toEqual({
      what: "DN120 ageing on overdue 81234.50",
      sac: "9971",
      taxable: 103264n,
      rate: 18,
      cgst: 0n,
      sgst: 0n,
      igst: 18588n,
    });
  });

  it.each([
    ["a correcting entry", "Correction: cheque 1234 entered twice"],
    ["a note before GST (SAC only)", "Courier charges (SAC 9968)"],
    [
      "a tax split written by someone else inside the text",
      "(SAC 9968; taxable 1.00, IGST 18% 0.18) typed by staff",
    ],
  ])("finds no GST in %s", (_, description) => {
    expect(statedNoteTax(description)).toBeNull();
  });
});
