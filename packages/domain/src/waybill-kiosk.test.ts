import { describe, expect, it } from "vitest";
import {
  fromReceiptClock,
  giftVoucherCode,
  kioskOrderTotal,
  messageLines,
  toReceiptClock,
  WAYBILL_MAX_BYTES,
  waybillFileProblem,
} from "./waybill-kiosk";

describe("waybill uploads", () => {
  it("asks for a file, then allows only a PDF (by content) of 1 byte to 5 MB", () => {
    expect(waybillFileProblem(null)).toBe("Please select file to upload.");
    const rule = "Please try again <br> Only .pdf file with maximum size of 5 MB is allowed";
    expect(waybillFileProblem({ size: 0, detectedMime: null })).toBe(rule);
    expect(waybillFileProblem({ size: 10, detectedMime: "image/png" })).toBe(rule);
    expect(waybillFileProblem({ size: WAYBILL_MAX_BYTES + 1, detectedMime: "application/pdf" })).toBe(rule);
    expect(waybillFileProblem({ size: WAYBILL_MAX_BYTES, detectedMime: "application/pdf" })).toBeNull();
  });

  it("shows the spec's <br> as two lines", () => {
    expect(messageLines("Please try again <br> Only .pdf file with maximum size of 5 MB is allowed")).toEqual(
      ["Please try again", "Only .pdf file with maximum size of 5 MB is allowed"],
    );
    expect(messageLines("Please select pdf file.")).toEqual(["Please select pdf file."]);
  });
});

describe("kiosk rules", () => {
  it("writes receipt times on India's clock as UTC and reads them back 5 h 30 min earlier", () => {
    const at = new Date("2026-11-01T05:00:00.000Z");
    expect(toReceiptClock(at)).toBe("2026-11-01T10:30:00.000Z");
    expect(fromReceiptClock("2026-11-01T10:30:00.000Z").toISOString()).toBe(at.toISOString());
  });

  it("numbers gift voucher codes per order", () => {
    expect(giftVoucherCode(500, 12, 2)).toBe("GV500-12-02");
  });
});

describe("kiosk order total", () => {
  it("adds products at MRP times quantity and vouchers at their amount times count, in paise", () => {
    expect(
      kioskOrderTotal(
        [{ mrp: "799.00", qty: 2 }],
        [
          { amount: 500, qty: 1 },
          { amount: 100, qty: 3 },
        ],
      ),
    ).toBe(239800n);
    expect(
      kioskOrderTotal(
        [
          { mrp: "0.10", qty: 3 },
          { mrp: 1249.5, qty: 1 },
        ],
        [],
      ),
    ).toBe(124980n);
    expect(kioskOrderTotal([], [])).toBe(0n);
  });
});
