import type { KioskCustomer } from "@portal/contracts";
import { type KioskPaymentMode, MAX_VOUCHERS_PER_AMOUNT } from "@portal/domain";

/** A product line of a new kiosk order. */
export interface KioskLine {
  id: number;
  name: string;
  mrp: string;
  qty: number;
}

export interface CustomerDetails {
  firstName: string;
  lastName: string;
  dob: string;
  email: string;
}

/** What the new-order form holds between its three steps: customer, products and vouchers, payment. */
export interface NewKioskOrderForm {
  mobile: string;
  /** The customer on record for the mobile (null: not looked up, or a new customer). */
  customer: KioskCustomer | null;
  lookedUp: boolean;
  details: CustomerDetails;
  qty: number;
  lines: KioskLine[];
  /** Voucher counts by amount. */
  vouchers: Record<number, number>;
  paymentMode: KioskPaymentMode;
  reference: string;
}

export const emptyNewKioskOrder: NewKioskOrderForm = {
  mobile: "",
  customer: null,
  lookedUp: false,
  details: { firstName: "", lastName: "", dob: "", email: "" },
  qty: 1,
  lines: [],
  vouchers: {},
  paymentMode: "Cash",
  reference: "",
};

export type NewKioskOrderAction =
  | { type: "mobileTyped"; value: string }
  | { type: "customerLookedUp"; customer: KioskCustomer | null }
  | { type: "customerSaved"; customer: KioskCustomer }
  | { type: "detailsEdited"; change: Partial<CustomerDetails> }
  | { type: "qtySet"; value: number | string }
  | { type: "productAdded"; product: Omit<KioskLine, "qty">; qty: number }
  | { type: "lineRemoved"; id: number }
  | { type: "vouchersSet"; amount: number; value: number | string }
  | { type: "paymentModeSet"; value: KioskPaymentMode }
  | { type: "referenceTyped"; value: string };

export function newKioskOrderReducer(
  form: NewKioskOrderForm,
  action: NewKioskOrderAction,
): NewKioskOrderForm {
  switch (action.type) {
    case "mobileTyped":
      // another number: the customer is looked up again
      return { ...form, mobile: action.value.replace(/\D/g, ""), lookedUp: false, customer: null };
    case "customerLookedUp": {
      const c = action.customer;
      return {
        ...form,
        customer: c,
        lookedUp: true,
        details: {
          firstName: c?.firstName ?? "",
          lastName: c?.lastName ?? "",
          dob: c?.dob ?? "",
          email: c?.email ?? "",
        },
      };
    }
    case "customerSaved":
      return { ...form, customer: action.customer };
    case "detailsEdited":
      return { ...form, details: { ...form.details, ...action.change } };
    case "qtySet":
      return { ...form, qty: Math.max(1, Number(action.value) || 1) };
    case "productAdded": {
      const { product, qty } = action;
      const existing = form.lines.find((l) => l.id === product.id);
      const lines = existing
        ? form.lines.map((l) => (l.id === product.id ? { ...l, qty: l.qty + qty } : l))
        : [...form.lines, { ...product, qty }];
      return { ...form, lines, qty: 1 };
    }
    case "lineRemoved":
      return { ...form, lines: form.lines.filter((l) => l.id !== action.id) };
    case "vouchersSet":
      return {
        ...form,
        vouchers: {
          ...form.vouchers,
          [action.amount]: Math.max(0, Math.min(MAX_VOUCHERS_PER_AMOUNT, Number(action.value) || 0)),
        },
      };
    case "paymentModeSet":
      return { ...form, paymentMode: action.value };
    case "referenceTyped":
      return { ...form, reference: action.value };
  }
}

/** The vouchers asked for (counts above zero), as the place-order body takes them. */
export const chosenVouchers = (vouchers: Readonly<Record<number, number>>) =>
  Object.entries(vouchers)
    .filter(([, n]) => n > 0)
    .map(([amount, n]) => ({ amount: Number(amount), qty: n }));
