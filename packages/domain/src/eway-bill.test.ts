import { describe, expect, it } from "vitest";
import {
  ewayBillDateTime,
  ewayBillDocNo,
  ewayBillInstant,
  ewayBillNeeded,
  ewayBillValidityDays,
  ewayBillValidUntil,
  pincodeDistanceKm,
  TRANSPORTER_GSTINS,
  transporterGstin,
} from "./eway-bill";
import { gstinProblem } from "./gstin";

describe("the distance between two pincodes", () => {
  it.each([
    // the demo world's routes: warehouse pincode → partner pincode
    ["411001", "560001", 882],
    ["411001", "400001", 144],
    ["110001", "411001", 1407],
    ["560001", "600042", 349],
    ["440008", "411001", 744],
    ["382330", "380001", 28],
    ["682011", "560001", 441],
    ["700001", "110001", 1564],
    // the company warehouses (2 Chakan, 5 Bhiwandi, 7 Hoskote) to the partners
    ["410501", "411001", 66],
    ["421302", "400001", 55],
    ["562114", "560001", 27],
    ["410501", "560001", 940],
    ["562114", "600042", 328],
  ])("%s → %s is %i km (great circle × 1.2)", (from, to, km) => {
    expect(pincodeDistanceKm(from, to)).toBe(km);
    expect(pincodeDistanceKm(to, from)).toBe(km);
  });

  it("is 10 km within one sorting district", () => {
    expect(pincodeDistanceKm("411001", "411057")).toBe(10);
    expect(pincodeDistanceKm("560001", "560102")).toBe(10);
    expect(pincodeDistanceKm("110037", "110001")).toBe(10);
  });

  it("falls back to the postal zone for a district the table does not list", () => {
    // 413 (Solapur) is listed; 414 (Ahmednagar) is not: zone 4's centroid
    // 414 (Ahmednagar) is not listed: zone 4's centroid (20.0, 76.5) to Pune's (18.52, 73.86)
    expect(pincodeDistanceKm("414001", "411001")).toBe(387);
    expect(pincodeDistanceKm("499001", "411001")).toBe(387);
  });

  it("is capped at 4,000 km and null for what is not a pincode", () => {
    expect(pincodeDistanceKm("795001", "190001")).toBeLessThanOrEqual(4000);
    expect(pincodeDistanceKm("011001", "411001")).toBeNull();
    expect(pincodeDistanceKm("41100", "411001")).toBeNull();
    expect(pincodeDistanceKm("411001", "9x0001")).toBeNull();
  });
});

describe("an e-way bill's validity", () => {
  it("is one day per 200 km or part of it", () => {
    expect([1, 10, 200, 201, 400, 401, 878, 1413, 4000].map(ewayBillValidityDays)).toEqual([
      1, 1, 1, 2, 2, 3, 5, 8, 20,
    ]);
  });

  it("ends at 23:59 India time of the last day, counted from the day of generation in India", () => {
    // 2026-11-18 11:00 IST, 878 km: 5 days → 2026-11-23 23:59 IST
    const at = new Date("2026-11-18T05:30:00Z");
    expect(ewayBillValidUntil(at, 878).toISOString()).toBe("2026-11-23T18:29:00.000Z");
    // 23:30 IST on 2026-11-18 is still the 18th in India (18:00 UTC): 143 km → 19th, 23:59 IST
    expect(ewayBillValidUntil(new Date("2026-11-18T18:00:00Z"), 143).toISOString()).toBe(
      "2026-11-19T18:29:00.000Z",
    );
    // 00:30 IST on the 19th (19:00 UTC on the 18th) counts from the 19th
    expect(ewayBillValidUntil(new Date("2026-11-18T19:00:00Z"), 143).toISOString()).toBe(
      "2026-11-20T18:29:00.000Z",
    );
  });

  it("is written as NIC writes it and read back", () => {
    const at = new Date("2026-11-23T18:29:00.000Z");
    expect(ewayBillDateTime(at)).toBe("23/11/2026 11:59:00 PM");
    expect(ewayBillDateTime(new Date("2026-11-18T05:30:00Z"))).toBe("18/11/2026 11:00:00 AM");
    expect(ewayBillDateTime(new Date("2026-11-18T18:40:00Z"))).toBe("19/11/2026 12:10:00 AM");
    expect(ewayBillInstant("23/11/2026 11:59:00 PM")?.toISOString()).toBe(at.toISOString());
    expect(ewayBillInstant("19/11/2026 12:10:00 AM")?.toISOString()).toBe("2026-11-18T18:40:00.000Z");
    expect(ewayBillInstant("2026-11-23")).toBeNull();
  });
});

describe("the limit and the transporters", () => {
  it("needs an e-way bill above the limit, not at it", () => {
    expect(ewayBillNeeded(5_000_000n, 5_000_000)).toBe(false);
    expect(ewayBillNeeded(5_000_001n, 5_000_000)).toBe(true);
    expect(ewayBillNeeded(1n, 0)).toBe(true);
  });

  it("names each demo transporter's valid GSTIN, whatever the name's case", () => {
    for (const gstin of Object.values(TRANSPORTER_GSTINS)) expect(gstinProblem(gstin)).toBeNull();
    expect(transporterGstin(" Blue Dart ")).toBe(TRANSPORTER_GSTINS["blue dart"]);
    expect(transporterGstin("Unknown Carriers")).toBeNull();
    expect(transporterGstin(null)).toBeNull();
  });
});

describe("the document number an e-way bill names", () => {
  it("is a tax invoice's number as it is and a proforma's in NIC's 16 characters", () => {
    expect(ewayBillDocNo("IM02/2627/000016")).toBe("IM02/2627/000016");
    expect(ewayBillDocNo("PI/PO-260615-100001T")).toBe("PI/260615100001T");
  });
});
