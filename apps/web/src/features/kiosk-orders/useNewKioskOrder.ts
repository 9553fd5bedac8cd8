import type { KioskOrder } from "@portal/contracts";
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
  const { mobile, customer, details, productId, qty, lines, vouchers, paymentMode, reference } = form;

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

  const addProduct = () =>
    run(async () => {
      const id = Number(productId);
      if (!Number.isInteger(id) || id < 1) throw new Error("id");
      const p = await kioskApi.product(id);
      dispatch({ type: "productAdded", product: { id: p.id, name: p.name, mrp: p.mrp }, qty });
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
