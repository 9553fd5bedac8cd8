import { describe, expect, it } from "vitest";
import { accountMenuEntries, pageTitle } from "./navigation";
import { passwordProblem } from "./users";

const base = { isFranchisee: false, enableLedger: false, role: "user" };
const labels = (flags: typeof base) => accountMenuEntries(flags).map((e) => e.label);

describe("My Account menu", () => {
  it("lists the spec's entries in the spec's order for a plain partner", () => {
    expect(labels(base)).toEqual([
      "Order History",
      "Load History",
      "SR Details",
      "Waybill",
      "Discount File",
      "VM E-book",
      "Store Music & AV Commercial",
      "Artworks & Creatives",
      "Brand Contacts",
      "Policies",
      "POS Release Notes",
      "Kiosk Confirmation",
      "Confirm Payment",
      "Change Password",
      "Logout",
    ]);
  });

  it("puts ARS Report at position 3 for franchisees only", () => {
    expect(labels({ ...base, isFranchisee: true })[2]).toBe("ARS Report");
    expect(labels(base)).not.toContain("ARS Report");
  });

  it("puts Ledger at position 6 only with enableLedger", () => {
    expect(labels({ ...base, enableLedger: true })[5]).toBe("Ledger");
    expect(labels({ ...base, isFranchisee: true, enableLedger: true })[5]).toBe("Ledger");
    expect(labels({ ...base, isFranchisee: true, enableLedger: true })[2]).toBe("ARS Report");
    expect(labels(base)).not.toContain("Ledger");
  });

  it("shows Store Performance only with canViewStorePerformance, before Change Password", () => {
    const entries = labels({ ...base, canViewStorePerformance: true } as typeof base);
    expect(entries.slice(-3)).toEqual(["Store Performance", "Change Password", "Logout"]);
    expect(labels(base)).not.toContain("Store Performance");
    expect(accountMenuEntries({ ...base, canViewStorePerformance: true }).at(-3)?.path).toBe(
      "/storeperformance",
    );
  });

  it("shows Admin Console to admins only, and Logout stays last", () => {
    const admin = labels({ ...base, role: "admin" });
    expect(admin).toContain("Admin Console");
    expect(admin.at(-1)).toBe("Logout");
    expect(labels(base)).not.toContain("Admin Console");
  });

  it("shows C-Form after Confirm Payment only to partners with C-form rows", () => {
    const withCforms = accountMenuEntries(base, { hasCforms: true }).map((e) => e.label);
    expect(withCforms.slice(-4)).toEqual(["Confirm Payment", "C-Form", "Change Password", "Logout"]);
    expect(labels(base)).not.toContain("C-Form");
  });

  it("gives every entry but Logout a path", () => {
    for (const entry of accountMenuEntries({ isFranchisee: true, enableLedger: true, role: "admin" })) {
      if (entry.key === "logout") expect(entry.path).toBeNull();
      else expect(entry.path).toMatch(/^\//);
    }
  });
});

describe("pageTitle and passwords", () => {
  it("suffixes the site title", () => {
    expect(pageTitle("Login")).toBe("Login | Partner Portal");
  });

  it.each([
    ["Demo@1234", null],
    ["short1", "Password must be at least 8 characters long"],
    ["allletters", "Password must contain at least one letter and one number"],
    ["12345678", "Password must contain at least one letter and one number"],
  ])("%s", (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });
});
