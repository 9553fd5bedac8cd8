// @vitest-environment happy-dom
import "../../test/setup";
import type { CartUploadReport } from "@portal/contracts";
import { CART_CSV_HEADER } from "@portal/domain";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderUi } from "../../test/render";
import { UploadCartButton, UploadReport } from "./UploadCart";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("Upload CSV", () => {
  it("shows the columns and header first, and offers the template to download", async () => {
    renderUi(<UploadCartButton />);
    fireEvent.click(screen.getByTestId("upload-button"));
    const format = await screen.findByTestId("upload-format");
    const columns = within(format).getByTestId("upload-columns");
    expect(
      within(columns)
        .getAllByRole("row")
        .map((r) => r.querySelector("td")?.textContent),
    ).toEqual([undefined, "productId", "quantity"]);
    expect(within(format).getByTestId("upload-example").textContent).toBe(
      "productId,quantity\n100001,2\n100002,12",
    );

    const saved: Blob[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      saved.push(blob as Blob);
      return "blob:template";
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    fireEvent.click(within(format).getByTestId("upload-template"));
    expect(saved.length).toBe(1);
    expect(await saved[0]?.text()).toBe(`${CART_CSV_HEADER}\r\n`);
    expect(CART_CSV_HEADER).toBe("productId,quantity");
  });
});

describe("the upload report", () => {
  it("has a tab for each count, with the same number", async () => {
    const row = (r: number, productId: number, qty: number) => ({ row: r, productId, qty });
    const report: CartUploadReport = {
      message: "",
      added: [row(2, 100001, 2), row(3, 100002, 4)],
      updated: [{ ...row(4, 100003, 6), previousQty: 2 }],
      unchanged: [row(5, 100004, 1), row(6, 100005, 1), row(7, 100006, 3)],
      dropped: [{ row: 8, text: "abc,1", reason: 'product id "abc" is not a whole number' }],
      droppedNotListed: 0,
      unserviceable: [],
      products: [],
    };
    renderUi(<UploadReport report={report} fileName="cart.csv" onClose={() => {}} />);
    const dialog = await screen.findByTestId("upload-report");
    const counts = [...dialog.querySelectorAll(".mantine-SimpleGrid-root > div")].map((d) => d.textContent);
    expect(counts).toEqual(["2Added", "1Updated", "3Unchanged", "1Dropped"]);
    expect(
      within(dialog)
        .getAllByRole("tab")
        .map((t) => t.textContent),
    ).toEqual(["Added (2)", "Updated (1)", "Unchanged (3)", "Dropped (1)"]);
    fireEvent.click(within(dialog).getByRole("tab", { name: "Unchanged (3)" }));
    expect((await within(dialog).findAllByTestId("upload-unchanged-row")).length).toBe(3);
  });
});
