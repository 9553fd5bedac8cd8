import type { BillingAddress, Me, ShippingAddress } from "@portal/contracts";
import { INDIAN_STATES } from "@portal/domain";

/**
 * The address dialog's values and where they start from, apart from the dialog (and its form
 * library), which loads when the place-order flow first opens it.
 */
export interface AddressFields {
  name: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  pincode: string;
  phone: string;
}

export interface AddressFormValues {
  sameAsShipping: boolean;
  shipping: AddressFields;
  billing: AddressFields;
  gstNo: string;
}

export interface OrderAddresses {
  shippingAddress: ShippingAddress;
  billingAddress: BillingAddress;
}

const knownState = (state: string | null | undefined) =>
  INDIAN_STATES.find((s) => s.toLowerCase() === (state ?? "").trim().toLowerCase()) ?? "";

/** The dialog starts from the store's address as `me` knows it. */
export function addressDefaults(user: Me): AddressFormValues {
  const shipping: AddressFields = {
    name: user.storeName ?? `${user.firstname} ${user.lastname}`.trim(),
    address1: user.shippingAddress1 ?? "",
    address2: user.shippingAddress2 ?? "",
    city: user.shippingCity ?? "",
    state: knownState(user.shippingState ?? user.state),
    pincode: user.shippingPincode ?? user.pincode ?? "",
    phone: user.phone ?? "",
  };
  return { sameAsShipping: true, shipping, billing: { ...shipping }, gstNo: "" };
}
