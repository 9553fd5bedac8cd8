// @vitest-environment happy-dom
import "../../test/setup";
import { notifications } from "@mantine/notifications";
import type { Waybill } from "@portal/contracts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "../../lib/token";
import { fakeApi, franchisee, renderApp } from "../../test/render";

afterEach(() => {
  notifications.clean();
  cleanup();
  tokenStore.clear();
});

const waybill: Waybill = {
  id: 7,
  requestid: "WB41",
  awbno: "BD41",
  loadId: 41,
  warehouseId: 2,
  warehouseName: "Pune",
  transporter: "Blue Dart",
  checkpostname: null,
  WHrequestdate: "2026-11-01T05:00:00.000Z",
  assignstatus: "WH Request",
  invoiceValue: "12500.00",
  totalqty: 12,
  noofbox: null,
  actualweight: null,
  documents: 0,
  ewayBillNo: "471203958812",
  ewayBillValidUntil: "2026-11-02T18:29:00.000Z",
};

const uploaded = {
  path: "waybills/7/aBcD.pdf",
  fileName: "wrong-load.pdf",
  uploadedAt: "2026-11-02T05:00:00.000Z",
  comment: null,
};

function api(uploads: FormData[], files: (typeof uploaded)[] = []) {
  return fakeApi((url, init) => {
    if (url.pathname === "/api/users/me") return { status: 200, body: franchisee };
    if (["/api/menu", "/api/notifications"].includes(url.pathname)) return { status: 200, body: [] };
    if (url.pathname === "/api/users/cart") return { status: 200, body: { products: [] } };
    if (url.pathname === "/api/waybill/getWHReqCount") return { status: 200, body: { count: 1 } };
    if (url.pathname === "/api/waybill/getWaybillList")
      return { status: 200, body: { rows: [waybill], count: 1 } };
    if (url.pathname === "/api/waybill/WB41")
      return {
        status: 200,
        body: { ...waybill, assignstatus: files.length ? "Doc Uploaded" : "WH Request", files },
      };
    if (url.pathname === "/api/waybill/replaceWaybillDoc") {
      uploads.push(init.body as FormData);
      return {
        status: 200,
        body: {
          message: "wrong-load.pdf was replaced by right.pdf.",
          waybill: { ...waybill, assignstatus: "Doc Uploaded", files: [] },
        },
      };
    }
    if (url.pathname === "/api/waybill/saveWaybillDoc") {
      uploads.push(init.body as FormData);
      return {
        status: 200,
        body: {
          message: "Waybill uploaded successfully.",
          waybill: { ...waybill, assignstatus: "Doc Uploaded", files: [] },
        },
      };
    }
    return undefined;
  });
}

const file = (name: string, type: string, text = "%PDF-1.4\n%%EOF") => new File([text], name, { type });

describe("/account/waybill", { timeout: 20_000 }, () => {
  it("lists WH requests and checks the upload before asking to confirm; sends status Closed and action Update", async () => {
    tokenStore.set("t");
    const uploads: FormData[] = [];
    const calls = api(uploads);
    renderApp("/account/waybill");
    const [row] = await screen.findAllByTestId("waybill-row", undefined, { timeout: 10_000 });
    if (!row) throw new Error("no row");
    expect(row.textContent).toContain("WB41");
    expect(row.textContent).toContain("Blue Dart");
    expect(row.textContent).toContain("Pune");
    expect(row.textContent).toContain("471203958812");
    expect(calls.some((c) => c.path === "/api/waybill/getWaybillList")).toBe(true);
    fireEvent.click(within(row).getByRole("button", { name: /Documents/ }));
    const dialog = await screen.findByTestId("waybill-documents");
    await within(dialog).findByTestId("waybill-no-files");

    fireEvent.click(within(dialog).getByTestId("waybill-upload"));
    expect(within(dialog).getByTestId("waybill-problem").textContent).toBe("Please select file to upload.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Preview" }));
    expect(within(dialog).getByTestId("waybill-problem").textContent).toBe("Please select pdf file.");

    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file("notes.txt", "text/plain", "hello")] } });
    fireEvent.click(within(dialog).getByTestId("waybill-upload"));
    const problem = within(dialog).getByTestId("waybill-problem");
    expect(problem.textContent).toBe("Please try againOnly .pdf file with maximum size of 5 MB is allowed");
    expect(problem.querySelectorAll("br")).toHaveLength(1);
    expect(screen.queryByTestId("waybill-confirm")).toBeNull();

    fireEvent.change(input, { target: { files: [file("waybill.pdf", "application/pdf")] } });
    fireEvent.click(within(dialog).getByTestId("waybill-upload"));
    expect((await screen.findByTestId("waybill-confirm-message")).textContent).toContain("waybill.pdf");
    expect(uploads).toHaveLength(0);
    fireEvent.click(screen.getByTestId("waybill-confirm-confirm"));
    await waitFor(() => expect(uploads).toHaveLength(1));
    const sent = uploads[0];
    if (!sent) throw new Error("nothing sent");
    expect(sent.get("status")).toBe("Closed");
    expect(sent.get("action")).toBe("Update");
    expect(sent.get("requestid")).toBe("WB41");
    expect(sent.get("loadid")).toBe("41");
    expect((sent.get("file") as File).name).toBe("waybill.pdf");
  });

  it("replaces a wrong upload of an open request: the new file and the replaced document's path are sent", async () => {
    tokenStore.set("t");
    const uploads: FormData[] = [];
    api(uploads, [uploaded]);
    renderApp("/account/waybill");
    const [row] = await screen.findAllByTestId("waybill-row", undefined, { timeout: 10_000 });
    if (!row) throw new Error("no row");
    fireEvent.click(within(row).getByRole("button", { name: /Documents/ }));
    const dialog = await screen.findByTestId("waybill-documents");
    fireEvent.click(await within(dialog).findByRole("button", { name: "Replace wrong-load.pdf" }));
    expect(within(dialog).getByTestId("waybill-replacing").textContent).toContain("wrong-load.pdf");
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file("right.pdf", "application/pdf")] } });
    fireEvent.click(within(dialog).getByTestId("waybill-upload"));
    expect((await screen.findByTestId("waybill-confirm-message")).textContent).toBe(
      "Replace wrong-load.pdf with right.pdf on waybill request WB41?",
    );
    fireEvent.click(screen.getByTestId("waybill-confirm-confirm"));
    await waitFor(() => expect(uploads).toHaveLength(1));
    const sent = uploads[0];
    if (!sent) throw new Error("nothing sent");
    expect(sent.get("path")).toBe("waybills/7/aBcD.pdf");
    expect(sent.get("requestid")).toBe("WB41");
    expect((sent.get("file") as File).name).toBe("right.pdf");
    expect(await screen.findByText("wrong-load.pdf was replaced by right.pdf.")).toBeTruthy();
  });
});
