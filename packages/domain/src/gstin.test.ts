import { describe, expect, it } from "vitest";
import { gstinCheckCharacter, gstinProblem } from "./gstin";
import { partnerDeskMessages as msg } from "./messages";

describe("GSTIN", () => {
  it("computes GSTN's check character", () => {
    expect(gstinCheckCharacter("27AAPFU0939F1Z")).toBe("V");
    expect(gstinCheckCharacter("29AAGCB7383J1Z")).toBe("4");
  });

  it("accepts a valid number, in any case, for its own state", () => {
    expect(gstinProblem("27AAPFU0939F1ZV")).toBeNull();
    expect(gstinProblem(" 27aapfu0939f1zv ", "Maharashtra")).toBeNull();
    expect(gstinProblem("29AAGCB7383J1Z4", "Karnataka")).toBeNull();
  });

  it("says what is wrong", () => {
    expect(gstinProblem("27AAPFU0939F1Z")).toBe(msg.gstinLength);
    expect(gstinProblem("27AAPF10939F1ZV")).toBe(msg.gstinShape);
    expect(gstinProblem("99AAPFU0939F1ZV")).toBe(msg.gstinUnknownState);
    expect(gstinProblem("27AAPFU0939F1ZV", "Karnataka")).toBe(msg.gstinStateMismatch("27", "Karnataka"));
    expect(gstinProblem("27AAPFU0939F1ZW")).toBe(msg.gstinChecksum);
  });
});
