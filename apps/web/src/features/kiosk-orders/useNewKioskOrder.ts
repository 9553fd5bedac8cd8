import type { KioskOrder, KioskProductHit } from "@portal/contracts";
import { isIndianMobile, kioskMessages } from "@portal/domain";
import { useReducer, useState } from "react";
import { errorMessage, isApiError } from "../../lib/api";
import { notify } from "../../lib/notify";
import { kioskApi } from "./api";
import { chosenVouchers, emptyNewKioskOrder, newKioskOrderReducer } from "./newKioskOrderForm";

const newKey = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `k-${Date.now()}-${Math.random()}`.replace(".", "");

/** A problem of the form itself, told to the user as it is. */
class FormProblem extends Error {}

/** One server call at a time, its problem shown on the form: the server's message for a refusal, else "try again". */
function useServerStep() {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<void>) {
    setBusy(true);
    setProblem(null);
    try {
      await action();
    } catch (error) {
      setProblem(
        isApiError(error) && error.status < 500 && error.status !== 0
          ? errorMessage(error)
          : error instanceof FormProblem
            ? error.message
            : kioskMessages.tryAgain,
      );
    } finally {
      setBusy(false);
    }
  }
  return { problem, setProblem, busy, run };
}

/** The new kiosk order's form state and its server steps: find the customer, save them, add a product, place. */
export function useNewKioskOrder() {
  const [form, dispatch] = useReducer(newKioskOrderReducer, emptyNewKioskOrder);
  const { problem, setProblem, busy, run } = useServerStep();
  // one key per attempt: a retried request is not placed twice
  const [key, setKey] = useState(newKey);
  const [placed, setPlaced] = useState<KioskOrder | null>(null);
  const { mobile, customer, details, qty, lines, vouchers, paymentMode, reference } = form;

  const find = () =>
    run(async () => {
      if (!isIndianMobile(mobile)) throw new Error("mobile");
      const found = await kioskApi.emailsByMobile(mobile);
      dispatch({ type: "customerLookedUp", customer: found.customer });
    }).then(() => {
      if (!isIndianMobile(mobile)) setProblem("Enter the customer's 10-digit mobile number.");
    });

  const saveCustomer = () =>
    run(async () => {
      const body = {
        mobileNo: mobile,
        firstName: details.firstName,
        lastName: details.lastName,
        dob: details.dob,
      };
      const saved = customer
        ? await kioskApi.saveDetails(body)
        : await kioskApi.register({ ...body, ...(details.email ? { email: details.email } : {}) });
      dispatch({ type: "customerSaved", customer: saved });
      notify.success(customer ? "Customer details saved." : "Customer registered.");
    });

  /** Adds a product picked from the search (or the one a typed id or scanned barcode names). */
  const addProduct = (picked: KioskProductHit | string) =>
    run(async () => {
      let hit = typeof picked === "string" ? null : picked;
      if (typeof picked === "string") {
        const q = picked.trim();
        if (!q) throw new FormProblem(kioskMessages.productSearchShort);
        const { hits } = await kioskApi.searchProducts(q);
        hit =
          hits.find((h) => String(h.id) === q || h.ean === q) ??
          (hits.length === 1 ? (hits[0] ?? null) : null);
        if (!hit)
          throw new FormProblem(
            hits.length === 0 ? `No product found for "${q}".` : "Pick one of the products found.",
          );
      }
      if (!hit) return;
      dispatch({ type: "productAdded", product: { id: hit.id, name: hit.name, mrp: hit.mrp }, qty });
    });

  const place = () =>
    run(async () => {
      try {
        const order = await kioskApi.place(
          {
            mobileNo: mobile,
            products: lines.map((l) => ({ id: l.id, qty: l.qty })),
            vouchers: chosenVouchers(vouchers),
            paymentMode,
            ...(reference.trim() ? { paymentReference: reference.trim() } : {}),
          },
          key,
        );
        setPlaced(order);
        notify.success(`Kiosk order ${order.id} placed.`);
      } catch (error) {
        // A refused order may be corrected and sent again: a new attempt, a new key.
        if (isApiError(error) && error.status >= 400 && error.status < 500) setKey(newKey());
        throw isApiError(error) && error.status < 500 && error.status !== 0
          ? error
          : new Error(kioskMessages.processFailed);
      }
    });

  return { form, dispatch, problem, busy, placed, find, saveCustomer, addProduct, place };
}
