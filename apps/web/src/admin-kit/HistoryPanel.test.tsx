// @vitest-environment happy-dom
import "../test/setup";
import type { AuditRow } from "@portal/contracts";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "../lib/token";
import { fakeApi, renderUi } from "../test/render";
import { actionWords } from "./audit-actions";
import { HistoryPanel } from "./HistoryPanel";

afterEach(() => {
  cleanup();
  tokenStore.clear();
});

describe("audit actions in words", () => {
  it("names the codes the server writes", () => {
    expect(actionWords("load.ship")).toBe("Load shipped");
    expect(actionWords("load.handOver")).toBe("Load handed over");
    expect(actionWords("order.confirm")).toBe("Order confirmed");
    expect(actionWords("payment.approve")).toBe("Payment approved");
    expect(actionWords("ledger.creditCorrection")).toBe("Credit correction posted");
  });

  it("reads a code it does not know as its camelCase words", () => {
    expect(actionWords("salesReturn.putOnHold")).toBe("Sales return put on hold");
    expect(actionWords("invoice.reissue")).toBe("Invoice reissue");
    expect(actionWords("Upload")).toBe("Upload");
  });
});

const entry = (id: number, action: string, actorEmail: string | null): AuditRow => ({
  id,
  actorId: actorEmail ? 9 : null,
  actorEmail,
  action,
  entity: "load",
  entityId: "7",
  before: null,
  after: null,
  at: "2026-11-21T06:30:00.000Z",
});

describe("HistoryPanel", { timeout: 20_000 }, () => {
  it("shows each action in words, keeping its code on hover", async () => {
    tokenStore.set("t");
    fakeApi((url) =>
      url.pathname === "/api/admin/audit"
        ? {
            status: 200,
            body: {
              rows: [entry(2, "load.ship", "admin@demo.in"), entry(1, "load.handOver", null)],
              total: 2,
            },
          }
        : undefined,
    );
    renderUi(<HistoryPanel entity="load" entityId="7" />);
    const items = await screen.findAllByTestId("history-entry");
    expect(items.map((i) => i.textContent)).toEqual([
      "Load shipped by admin@demo.in21-11-2026 12:00",
      "Load handed over by system21-11-2026 12:00",
    ]);
    expect(screen.getByText("Load shipped").getAttribute("title")).toBe("load.ship");
  });
});
