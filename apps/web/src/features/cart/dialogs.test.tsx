// @vitest-environment happy-dom
import "../../test/setup";
import { notifications } from "@mantine/notifications";
import { messages } from "@portal/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { franchisee, renderUi } from "../../test/render";
import { AddressDialog, addressDefaults, type OrderAddresses } from "./AddressDialog";
import { buildOrders } from "./order";
import { PlaceOrderDialog } from "./PlaceOrderDialog";
import { testAllocation, testCart, testLine, threeGroupCart } from "./testCart";

afterEach(() => {
  notifications.clean();
  cleanup();
});

const addresses: OrderAddresses = {
  shippingAddress: {
    name: "Babyhug FC Camp Pune",
    address1: "12 MG Road",
    address2: undefined,
    city: "Pune",
    state: "Maharashtra",
    pincode: "411001",
    phone: "9800000001",
  },
  billingAddress: {
    name: "Babyhug FC Camp Pune",
    address1: "12 MG Road",
    address2: undefined,
    city: "Pune",
    state: "Maharashtra",
    pincode: "411001",
    phone: "9800000001",
    gstNo: undefined,
  },
};

function renderPlaceOrder(cart = threeGroupCart()) {
  const onPlace = vi.fn();
  renderUi(
    <PlaceOrderDialog
      opened
      cart={cart}
      addresses={addresses}
      placing={false}
      slow={false}
      problem={null}
      onBack={() => {}}
      onClose={() => {}}
      onPlace={onPlace}
    />,
  );
  const checkbox = (group: string) =>
    within(screen.getByTestId(`group-option-${group}`)).getByRole("checkbox") as HTMLInputElement;
  return { onPlace, checkbox };
}

describe("place-order dialog", () => {
  it("preselects only the groups meeting their minimum and disables those below it", () => {
    const { checkbox } = renderPlaceOrder();
    // owned ₹7,000 meets its ₹0 minimum, below the ₹20,000 shipping limit: selected, shipping charge
    expect(checkbox("owned").checked).toBe(true);
    expect(screen.getByTestId("group-shipping-owned").textContent).toBe(
      "Shipping charge ₹250.00 (GST incl.) for this group · add ₹13,000.00 more to avoid it.",
    );
    // stockist ₹4,000 is below its ₹6,000 minimum: not selected and not selectable, with the reason
    expect(checkbox("stockist").checked).toBe(false);
    expect(checkbox("stockist").disabled).toBe(true);
    expect(screen.getByTestId("group-blocker-stockist").textContent).toContain("₹6,000.00");
    expect(screen.getByTestId("group-blocker-stockist").textContent).toContain("add ₹2,000.00 more");
    // drop-ship has no minimum
    expect(checkbox("dropship").checked).toBe(true);
    expect(screen.getByTestId("selected-total").textContent).toBe("₹8,000.00");
  });

  it("says 'Please select warehouse' when nothing is selected, and places the chosen groups", () => {
    const { onPlace, checkbox } = renderPlaceOrder();
    fireEvent.click(checkbox("owned"));
    fireEvent.click(checkbox("dropship"));
    fireEvent.click(screen.getByTestId("confirm-order-button"));
    expect(screen.getByTestId("select-warehouse-error").textContent).toBe(messages.selectWarehouse);
    expect(onPlace).not.toHaveBeenCalled();

    fireEvent.click(checkbox("dropship"));
    expect(screen.queryByTestId("select-warehouse-error")).toBeNull();
    fireEvent.click(screen.getByTestId("confirm-order-button"));
    expect(onPlace).toHaveBeenCalledWith(["dropship"]);
  });

  it("shows the stockist group selectable once it reaches ₹6,000", () => {
    const cart = testCart([
      testLine(100002, [testAllocation(120, "Little Steps", "stockist", 12, "500.00")]),
    ]);
    const { checkbox } = renderPlaceOrder(cart);
    expect(checkbox("stockist").checked).toBe(true);
    expect(checkbox("stockist").disabled).toBe(false);
    expect(screen.queryByTestId("group-option-owned")).toBeNull();
  });
});

describe("order payload", () => {
  it("sends one order per warehouse with the allocated units of the selected groups only", () => {
    const cart = testCart([
      testLine(1, [
        testAllocation(2, "Pune", "owned", 3, "100.00"),
        testAllocation(5, "Mumbai", "owned", 2, "110.00"),
      ]),
      testLine(2, [testAllocation(2, "Pune", "owned", 1, "50.50")], { isReturnable: false }),
      testLine(3, [testAllocation(99, "Stockist", "stockist", 4, "10.00")]),
      testLine(4, [], { available: false, problem: messages.productNotFound, qty: 2 }),
    ]);
    expect(buildOrders(cart.products, ["owned"])).toEqual([
      {
        wh: 2,
        products: [
          { id: 1, qty: 3, isReturnable: true, actualPrice: "100.00", totalPrice: "300.00" },
          { id: 2, qty: 1, isReturnable: false, actualPrice: "50.50", totalPrice: "50.50" },
        ],
        totalStockistOrWarehousePrice: "350.50",
      },
      {
        wh: 5,
        products: [{ id: 1, qty: 2, isReturnable: true, actualPrice: "110.00", totalPrice: "220.00" }],
        totalStockistOrWarehousePrice: "220.00",
      },
    ]);
  });
});

describe("address dialog", () => {
  it("refuses incomplete addresses with the spec's message and sends a complete one", async () => {
    const onSubmit = vi.fn();
    const initial = addressDefaults({ ...franchisee, shippingAddress1: null, phone: null });
    renderUi(<AddressDialog opened initial={initial} onClose={() => {}} onSubmit={onSubmit} />);
    const dialog = await screen.findByTestId("shipping-dialog");
    // prefilled from me
    expect((within(dialog).getByLabelText(/^City/) as HTMLInputElement).value).toBe("Pune");
    expect((within(dialog).getByLabelText(/^Pincode/) as HTMLInputElement).value).toBe("411001");

    fireEvent.click(within(dialog).getByTestId("shipping-continue"));
    expect((await within(dialog).findByTestId("address-error")).textContent).toBe(
      messages.fillRequiredFields,
    );
    expect(within(dialog).getByText("Required")).toBeTruthy();
    expect(within(dialog).getByText("Enter the 10-digit phone number")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText(/^Address line 1/), { target: { value: "12 MG Road" } });
    fireEvent.change(within(dialog).getByLabelText(/^Phone/), { target: { value: "98000" } });
    fireEvent.click(within(dialog).getByTestId("shipping-continue"));
    await waitFor(() => expect(within(dialog).queryByText("Required")).toBeNull());
    expect(within(dialog).getByText("Enter the 10-digit phone number")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText(/^Phone/), { target: { value: "9800000001" } });
    fireEvent.click(within(dialog).getByTestId("shipping-continue"));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      shippingAddress: {
        name: "Babyhug FC Camp Pune",
        address1: "12 MG Road",
        city: "Pune",
        state: "Maharashtra",
        pincode: "411001",
        phone: "9800000001",
      },
      billingAddress: {
        name: "Babyhug FC Camp Pune",
        address1: "12 MG Road",
        city: "Pune",
        state: "Maharashtra",
        pincode: "411001",
        phone: "9800000001",
      },
    });
  });

  it("asks for the billing address when it is not the same", async () => {
    const onSubmit = vi.fn();
    renderUi(
      <AddressDialog opened initial={addressDefaults(franchisee)} onClose={() => {}} onSubmit={onSubmit} />,
    );
    const dialog = await screen.findByTestId("shipping-dialog");
    fireEvent.click(within(dialog).getByTestId("same-as-shipping"));
    expect(within(dialog).getAllByLabelText(/^Address line 1/)).toHaveLength(2);
    const billingLine1 = within(dialog).getAllByLabelText(/^Address line 1/)[1] as HTMLInputElement;
    fireEvent.change(billingLine1, { target: { value: "" } });
    fireEvent.click(within(dialog).getByTestId("shipping-continue"));
    expect((await within(dialog).findByTestId("address-error")).textContent).toBe(
      messages.fillRequiredFields,
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
