import type { KioskCustomer } from "@portal/contracts";
import { MAX_VOUCHERS_PER_AMOUNT } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { chosenVouchers, emptyNewKioskOrder, newKioskOrderReducer } from "./newKioskOrderForm";

const priya: KioskCustomer = {
  mobileNo: "9840012345",
  firstName: "Priya",
  lastName: "Sharma",
  email: "priya@demo.in",
  dob: "1991-06-14",
};
const romper = { id: 101, name: "Cotton romper", mrp: "799.00" };

describe("the new kiosk order form", () => {
  it("keeps the mobile's digits and forgets the customer looked up for another number", () => {
    const found = newKioskOrderReducer(
      { ...emptyNewKioskOrder, mobile: "9840012345" },
      { type: "customerLookedUp", customer: priya },
    );
    expect(found.lookedUp).toBe(true);
    expect(found.details).toEqual({
      firstName: "Priya",
      lastName: "Sharma",
      dob: "1991-06-14",
      email: "priya@demo.in",
    });
    const typed = newKioskOrderReducer(found, { type: "mobileTyped", value: "98400-1234" });
    expect(typed).toMatchObject({ mobile: "984001234", lookedUp: false, customer: null });
  });

  it("starts empty details for a new customer", () => {
    const found = newKioskOrderReducer(emptyNewKioskOrder, { type: "customerLookedUp", customer: null });
    expect(found.details).toEqual({ firstName: "", lastName: "", dob: "", email: "" });
    expect(found.customer).toBeNull();
  });

  it("adds to the quantity of a product already on the order and resets the product fields", () => {
    const once = newKioskOrderReducer(
      { ...emptyNewKioskOrder, qty: 2 },
      { type: "productAdded", product: romper, qty: 2 },
    );
    const twice = newKioskOrderReducer(once, { type: "productAdded", product: romper, qty: 3 });
    expect(twice.lines).toEqual([{ ...romper, qty: 5 }]);
    expect(twice).toMatchObject({ qty: 1 });
    expect(newKioskOrderReducer(twice, { type: "lineRemoved", id: 101 }).lines).toEqual([]);
  });

  it("holds quantities to at least one and voucher counts to the allowed range", () => {
    expect(newKioskOrderReducer(emptyNewKioskOrder, { type: "qtySet", value: "" }).qty).toBe(1);
    const many = newKioskOrderReducer(emptyNewKioskOrder, { type: "vouchersSet", amount: 500, value: 999 });
    expect(many.vouchers).toEqual({ 500: MAX_VOUCHERS_PER_AMOUNT });
    const none = newKioskOrderReducer(many, { type: "vouchersSet", amount: 500, value: -2 });
    expect(none.vouchers).toEqual({ 500: 0 });
  });

  it("sends only the voucher amounts asked for", () => {
    expect(chosenVouchers({ 500: 2, 1000: 0, 2000: 1 })).toEqual([
      { amount: 500, qty: 2 },
      { amount: 2000, qty: 1 },
    ]);
  });
});
