import { describe, expect, it } from "vitest";
import { INDIAN_MOBILE, indianMobileMessage, isIndianMobile } from "./phone";

describe("an Indian mobile number", () => {
  it.each([
    ["9876543210", true],
    ["6000000000", true],
    ["5876543210", false],
    ["987654321", false],
    ["98765432101", false],
    ["+919876543210", false],
    ["98765 43210", false],
    ["", false],
  ])("%s is a mobile number: %s", (value, ok) => {
    expect(isIndianMobile(value)).toBe(ok);
    expect(INDIAN_MOBILE.test(value)).toBe(ok);
  });

  it("is refused with the field's name", () => {
    expect(indianMobileMessage("phone")).toBe("phone must be a 10-digit Indian mobile number");
    expect(indianMobileMessage("MobileNo")).toBe("MobileNo must be a 10-digit Indian mobile number");
  });
});
