// @vitest-environment happy-dom
import "../../test/setup";
import { notifications } from "@mantine/notifications";
import type { Me, PartnerDetail } from "@portal/contracts";
import { partnerDeskMessages } from "@portal/domain";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "../../lib/token";
import { fakeApi, franchisee, renderApp } from "../../test/render";
import { describeChanges } from "./PartnerPage";

afterEach(() => {
  cleanup();
  notifications.clean();
  tokenStore.clear();
});

const staff: Me = { ...franchisee, id: 9, email: "admin@demo.in", role: "admin", accountType: "admin" };
const partner: PartnerDetail = {
  id: 5,
  email: "franchisee@demo.in",
  firstname: "Priya",
  lastname: "Deshmukh",
  storeName: "Babyhug FC Camp Pune",
  role: "user",
  accountType: "franchise",
  concept: "BABYHUG",
  state: "Maharashtra",
  gstin: null,
  active: true,
  createdAt: "2019-01-01T00:00:00.000Z",
  flags: {
    enableLedger: true,
    canViewStorePerformance: true,
    enableARS: false,
    hasFoodLicense: false,
    canOrder: true,
    canCartUpload: false,
    offer: false,
    isFranchisee: true,
  },
  phone: "9800000001",
  pincode: "411001",
  shippingAddress1: "12 MG Road",
  shippingAddress2: null,
  shippingCity: "Pune",
  address: null,
  creditLimitPaise: null,
  warehouseIds: [2],
  rules: [],
};

describe("a partner's record", { timeout: 30_000 }, () => {
  it("checks the GSTIN as it is typed, and the save's notice says what changed", async () => {
    tokenStore.set("t");
    const saved: unknown[] = [];
    fakeApi((url, init) => {
      if (url.pathname === "/api/users/me") return { status: 200, body: staff };
      if (url.pathname === "/api/admin/partners/warehouses")
        return {
          status: 200,
          body: [
            { id: 2, name: "Pune", state: "Maharashtra" },
            { id: 5, name: "Bhiwandi", state: "Maharashtra" },
          ],
        };
      if (url.pathname === "/api/admin/notifications/concepts")
        return { status: 200, body: [{ concept: "BABYHUG", partners: 3 }] };
      if (url.pathname === "/api/admin/partners/5" && init.method === "PUT") {
        saved.push(JSON.parse(String(init.body)));
        return {
          status: 200,
          body: {
            ...partner,
            gstin: "27AAPFU0939F1ZV",
            changes: [{ field: "gstin", before: null, after: "27AAPFU0939F1ZV" }],
          },
        };
      }
      if (url.pathname === "/api/admin/partners/5") return { status: 200, body: partner };
      return undefined;
    });
    renderApp("/admin/partners/5");
    const gstin = await screen.findByLabelText("GSTIN", undefined, { timeout: 10_000 });
    fireEvent.change(gstin, { target: { value: "27AAPFU0939F1ZW" } });
    expect(await screen.findByText(partnerDeskMessages.gstinChecksum)).toBeDefined();
    expect(screen.getByRole("button", { name: "Save changes" }).hasAttribute("disabled")).toBe(true);
    fireEvent.change(gstin, { target: { value: "27aapfu0939f1zv" } });
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Save changes" }).hasAttribute("disabled")).toBe(false),
    );
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      state: "Maharashtra",
      gstin: "27AAPFU0939F1ZV",
      address: null,
      creditLimitPaise: null,
      warehouseIds: [2],
    });
    expect(await screen.findByText("franchisee@demo.in saved: GSTIN: – → 27AAPFU0939F1ZV.")).toBeDefined();
  });

  it("words each change with its field's name", () => {
    expect(
      describeChanges([
        { field: "creditLimit", before: null, after: "₹5,00,000.00" },
        { field: "canOrder", before: "yes", after: "no" },
      ]),
    ).toBe("Credit limit: – → ₹5,00,000.00; Ordering: yes → no");
    expect(describeChanges([])).toBe("nothing changed");
  });
});
