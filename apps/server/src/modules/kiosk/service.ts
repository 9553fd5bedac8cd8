import type {
  EmailsByMobileResponse,
  KioskCustomer,
  KioskOrder,
  KioskOrderLine,
  KioskReceipt,
  KioskTrack,
  RegisterCustomerBody,
  SaveDetailsBody,
} from "@portal/contracts";
import {
  giftVoucherCode,
  isKioskStore,
  KIOSK_ORDER_LIFECYCLE,
  type KioskOrderStatus,
  type KioskPaymentMode,
  kioskMessages,
  kioskOrderTotal,
  messages,
  ORDER_LIFECYCLE,
  paiseToDecimal,
  refusal,
  toPaise,
  toReceiptClock,
} from "@portal/domain";
import type { Db } from "../../db/client";
import { AppError, badRequest, forbidden, notFound } from "../../lib/errors";
import type { AuthService, SessionUser } from "../auth/public";
import {
  chooseWarehouse,
  mappedWarehouseIds,
  productRows,
  stockRows,
  type Viewer,
} from "../catalogue/public";
import type { OrdersService } from "../orders/public";
import { assertKioskDebitWithinLimit } from "../payments/public";
import * as repo from "./repo";

const conflict = (message: string) => new AppError(409, message);

/** Answered by getReceipt while the receipt is not ready: the route sends 422 with code 740. */
export class ReceiptNotReady extends Error {}

export interface KioskPlaceInput {
  mobileNo: string;
  products: { id: number; qty: number }[];
  vouchers: { amount: number; qty: number }[];
  paymentMode: KioskPaymentMode;
  paymentReference?: string | undefined;
}

const toCustomer = (c: repo.KioskCustomerRow): KioskCustomer => ({
  mobileNo: c.mobileNo,
  firstName: c.firstName,
  lastName: c.lastName,
  email: c.email,
  dob: c.dob,
});

const toLine = (l: repo.KioskOrderLineRow): KioskOrderLine => ({
  kind: l.kind === "voucher" ? "voucher" : "product",
  productId: l.productId,
  name: l.name,
  qty: l.qty,
  unitAmount: paiseToDecimal(toPaise(l.unitAmount)),
  amount: paiseToDecimal(toPaise(l.amount)),
  voucherCodes: l.voucherCodes,
});

function toOrder(
  { order: o, customer }: { order: repo.KioskOrderRow; customer: repo.KioskCustomerRow },
  lines: readonly repo.KioskOrderLineRow[],
): KioskOrder {
  const mine = lines.filter((l) => l.kioskOrderId === o.id);
  return {
    id: o.id,
    poid: o.poid,
    phoneNo: o.phoneNo,
    customer: toCustomer(customer),
    status: o.status as KioskOrderStatus,
    createdAt: o.createdAt.toISOString(),
    confirmedAt: o.confirmedAt?.toISOString() ?? null,
    cancelledAt: o.cancelledAt?.toISOString() ?? null,
    totalAmount: paiseToDecimal(toPaise(o.totalAmount)),
    paymentMode: o.paymentMode,
    products: mine.flatMap((l) =>
      l.kind === "product" && l.productId ? [{ id: l.productId, qty: l.qty }] : [],
    ),
    lines: mine.map(toLine),
  };
}

export interface KioskDeps {
  db: Db;
  auth: AuthService;
  orders: Pick<OrdersService, "place">;
  /** Cancels one of the store's purchase orders (the order desk's cancel: stock goes back). */
  cancelPurchaseOrder: (actor: { id: number }, poid: string, reason: string) => Promise<unknown>;
  now?: () => Date;
}

export function createKioskService(deps: KioskDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  function assertKiosk(user: SessionUser) {
    if (!isKioskStore(user) || user.kioskCustomerMobile) throw forbidden(kioskMessages.kioskOnly);
  }

  async function view(storeUserId: number, id: number): Promise<KioskOrder> {
    const found = await repo.orderOf(db, storeUserId, id);
    if (!found) throw notFound(kioskMessages.orderNotFound);
    return toOrder(found, await repo.linesOf(db, [id]));
  }

  async function own(user: SessionUser, id: number) {
    assertKiosk(user);
    const found = await repo.orderOf(db, user.id, id);
    if (!found) throw notFound(kioskMessages.orderNotFound);
    return found;
  }

  return {
    assertKiosk,

    /**
     * A kiosk store signs a walk-in customer in as its guest: the guest session belongs to the store
     * and carries the customer's mobile number.
     */
    async guestLogin(store: SessionUser, mobileNo: string, firstName: string | undefined) {
      if (!isKioskStore(store) || store.kioskCustomerMobile) {
        throw forbidden(messages.guestLoginKioskOnly);
      }
      const customer = await repo.upsertCustomer(deps.db, store.id, mobileNo, firstName ?? null);
      const token = await deps.auth.startSession(store.id, customer.mobileNo);
      return { token, customer: { mobileNo: customer.mobileNo, firstName: customer.firstName } };
    },

    /** getEmailsByMobile: the store's customer with this mobile number and their email, if any. */
    async emailsByMobile(user: SessionUser, mobileNo: string): Promise<EmailsByMobileResponse> {
      assertKiosk(user);
      const c = await repo.customerOf(db, user.id, mobileNo);
      return { emails: c?.email ? [c.email] : [], customer: c ? toCustomer(c) : null };
    },

    async register(user: SessionUser, body: RegisterCustomerBody): Promise<KioskCustomer> {
      assertKiosk(user);
      const row = await repo.insertCustomer(db, {
        storeUserId: user.id,
        mobileNo: body.mobileNo,
        firstName: body.firstName,
        lastName: body.lastName,
        dob: body.dob,
        email: body.email ?? null,
      });
      if (!row) throw conflict(kioskMessages.customerExists);
      return toCustomer(row);
    },

    async saveDetails(user: SessionUser, body: SaveDetailsBody): Promise<KioskCustomer> {
      assertKiosk(user);
      const row = await repo.updateCustomer(db, user.id, body.mobileNo, {
        firstName: body.firstName,
        lastName: body.lastName,
        dob: body.dob,
      });
      if (!row) throw notFound(kioskMessages.customerNotFound);
      return toCustomer(row);
    },

    /**
     * Places a kiosk order: the products through the orders' own placement (same plan, prices, GST,
     * stock and Idempotency-Key, source Kiosk, the store's cart untouched), shipped to the store; gift
     * vouchers as lines with their codes; the payment recorded at the store counter. All or nothing.
     */
    async place(user: SessionUser, viewer: Viewer, key: string, input: KioskPlaceInput): Promise<KioskOrder> {
      assertKiosk(user);
      if (input.products.length === 0) throw badRequest(kioskMessages.needProducts);
      const customer = await repo.customerOf(db, user.id, input.mobileNo);
      if (!customer) throw notFound(kioskMessages.customerNotFound);
      // The kiosk debit limit (Your Debit Balance is Greater than 5000).
      await assertKioskDebitWithinLimit(db, user.id);

      const quantities = new Map<number, number>();
      for (const p of input.products) quantities.set(p.id, (quantities.get(p.id) ?? 0) + p.qty);
      const ids = [...quantities.keys()];
      const rows = await productRows(db, ids);
      const stock = await stockRows(db, ids, mappedWarehouseIds(viewer));
      const byWarehouse = new Map<number, { id: number; qty: number }[]>();
      for (const id of ids) {
        const row = rows.find((r) => r.product.id === id);
        const held = stock.filter((s) => s.productId === id);
        const chosen = row ? chooseWarehouse(row.product.mrp, held, viewer.shipToState) : null;
        if (!row || !chosen) throw badRequest(`${messages.productNotAvailable}: ${id}`);
        byWarehouse.set(chosen.warehouseId, [
          ...(byWarehouse.get(chosen.warehouseId) ?? []),
          { id, qty: quantities.get(id) ?? 0 },
        ]);
      }
      const address = {
        name: user.storeName ?? `${user.firstname} ${user.lastname}`,
        address1: user.shippingAddress1 ?? "",
        address2: user.shippingAddress2 ?? undefined,
        city: user.shippingCity ?? "",
        state: user.shippingState ?? user.state ?? "",
        pincode: user.shippingPincode ?? user.pincode ?? "",
        phone: user.phone ?? customer.mobileNo,
      };
      if (!address.address1 || !address.city || !address.state || !/^\d{6}$/.test(address.pincode))
        throw badRequest(messages.fillRequiredFields);
      const body = {
        orders: [...byWarehouse].map(([wh, products]) => ({ wh, products })),
        shippingAddress: address,
        billingAddress: { ...address, phone: undefined, gstNo: undefined },
      };

      const at = now();
      const mrpOf = (id: number) => rows.find((r) => r.product.id === id)?.product.mrp ?? 0;
      const productAmount = (id: number) => toPaise(mrpOf(id));
      let placedId: number | null = null;
      const outcome = await deps.orders.place(user, viewer, key, body, {
        source: "Kiosk",
        keepCart: true,
        within: async (tx, result) => {
          const refused = result.filter((r) => r.status === 400);
          const placed = result.flatMap((r) => (r.status === 200 ? [r] : []));
          if (refused.length > 0 || placed.length === 0)
            throw badRequest(
              `${kioskMessages.notFullyPlaced}: ${refused.map((r) => ("message" in r ? r.message : "")).join("; ")}`,
            );
          const total = kioskOrderTotal(
            [...quantities].map(([id, qty]) => ({ mrp: mrpOf(id), qty })),
            input.vouchers,
          );
          const first = placed[0];
          if (!first) throw badRequest(kioskMessages.processFailed);
          const order = await repo.insertOrder(tx, {
            storeUserId: user.id,
            customerId: customer.id,
            phoneNo: customer.mobileNo,
            poid: first.poid,
            placementId: await repo.placementIdOf(tx, first.poid),
            status: "Pending",
            totalAmount: paiseToDecimal(total),
            paymentMode: input.paymentMode,
            paymentReference: input.paymentReference || null,
            paidAt: at,
            createdAt: at,
          });
          placedId = order.id;
          await repo.insertLines(tx, [
            ...[...quantities].map(([id, qty]) => {
              const row = rows.find((r) => r.product.id === id);
              const unit = productAmount(id);
              return {
                kioskOrderId: order.id,
                kind: "product",
                productId: id,
                name: row?.product.name ?? String(id),
                qty,
                unitAmount: paiseToDecimal(unit),
                amount: paiseToDecimal(unit * BigInt(qty)),
              };
            }),
            ...voucherLines(order.id, input.vouchers),
          ]);
        },
      });
      if (outcome.status !== 200) throw badRequest(kioskMessages.processFailed);
      if (placedId === null) {
        // The same Idempotency-Key again: the order placed the first time.
        const first = (outcome.body as { result: { status: number; poid?: string }[] }).result.find(
          (r) => r.status === 200,
        );
        placedId = first?.poid ? await repo.orderByPoid(db, user.id, first.poid) : null;
        if (placedId === null) throw notFound(kioskMessages.orderNotFound);
      }
      return view(user.id, placedId);
    },

    async list(user: SessionUser, status: KioskOrderStatus): Promise<KioskOrder[]> {
      assertKiosk(user);
      const rows = await repo.ordersOf(db, user.id, status);
      const lines = await repo.linesOf(
        db,
        rows.map((r) => r.order.id),
      );
      return rows.map((r) => toOrder(r, lines));
    },

    /** cancelOrder: a Pending order is cancelled with its purchase orders (their stock goes back). */
    async cancel(user: SessionUser, id: number): Promise<KioskOrder> {
      const { order } = await own(user, id);
      const refused = refusal(KIOSK_ORDER_LIFECYCLE, order.status, "Cancelled", "partner");
      if (refused) throw conflict(refused);
      const pos = await repo.purchaseOrdersOf(db, user.id, order.placementId);
      const cancellable = (p: { status: string }) =>
        refusal(ORDER_LIFECYCLE, p.status, "Cancelled", "partner") === null;
      const open = pos.filter(cancellable);
      const blocked =
        open.find((p) => p.loadId !== null) ?? pos.find((p) => !cancellable(p) && p.status !== "Cancelled");
      if (blocked) throw conflict(`${kioskMessages.cancelFailed} ${blocked.poid} is already on its way.`);
      for (const po of open)
        await deps.cancelPurchaseOrder({ id: user.id }, po.poid, "Cancelled at the kiosk");
      if (!(await repo.setStatus(db, id, order.status, { status: "Cancelled", cancelledAt: now() })))
        throw conflict(kioskMessages.cancelFailed);
      return view(user.id, id);
    },

    /** confirmOrder (the customer's acknowledgement): Pending becomes Confirmed; confirming again changes nothing. */
    async confirm(user: SessionUser, poid: string, id: number): Promise<KioskOrder> {
      const { order } = await own(user, id);
      if (order.poid !== poid) throw notFound(kioskMessages.orderNotFound);
      if (order.status === "Confirmed") return view(user.id, id);
      const refused = refusal(KIOSK_ORDER_LIFECYCLE, order.status, "Confirmed", "partner");
      if (refused) throw conflict(refused);
      await repo.setStatus(db, id, order.status, { status: "Confirmed", confirmedAt: now() });
      return view(user.id, id);
    },

    /** getReceipt: ready once the customer confirmed; until then ReceiptNotReady (422, code 740). */
    async receipt(user: SessionUser, id: number): Promise<KioskReceipt> {
      const found = await own(user, id);
      if (found.order.status === "Cancelled") throw conflict(kioskMessages.cancelledNoReceipt);
      if (found.order.status !== "Confirmed") throw new ReceiptNotReady(kioskMessages.receiptNotReady);
      const o = toOrder(found, await repo.linesOf(db, [id]));
      return {
        receiptNo: `KR${String(id).padStart(6, "0")}`,
        orderId: id,
        poid: o.poid,
        storeName: user.storeName ?? `${user.firstname} ${user.lastname}`,
        customer: o.customer,
        createdAt: toReceiptClock(found.order.createdAt),
        paidAt: toReceiptClock(found.order.paidAt),
        paymentMode: found.order.paymentMode,
        paymentReference: found.order.paymentReference,
        lines: o.lines,
        totalAmount: o.totalAmount,
      };
    },

    async track(user: SessionUser, id: number): Promise<KioskTrack> {
      const { order } = await own(user, id);
      const pos = await repo.purchaseOrdersOf(db, user.id, order.placementId);
      const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
      const shipped = pos.map((p) => p.shippedAt).find(Boolean) ?? null;
      const delivered =
        pos.length > 0 && pos.every((p) => p.deliveredAt) ? (pos[pos.length - 1]?.deliveredAt ?? null) : null;
      const steps =
        order.status === "Cancelled"
          ? [
              { label: "Order placed", at: iso(order.createdAt), done: true },
              { label: "Paid at the store counter", at: iso(order.paidAt), done: true },
              { label: "Cancelled", at: iso(order.cancelledAt), done: true },
            ]
          : [
              { label: "Order placed", at: iso(order.createdAt), done: true },
              { label: "Paid at the store counter", at: iso(order.paidAt), done: true },
              {
                label: "Confirmed by the customer",
                at: iso(order.confirmedAt),
                done: order.confirmedAt !== null,
              },
              { label: "Shipped", at: iso(shipped), done: shipped !== null },
              { label: "Delivered to the store", at: iso(delivered), done: delivered !== null },
            ];
      return {
        id,
        status: order.status as KioskOrderStatus,
        steps,
        purchaseOrders: pos.map((p) => ({
          poid: p.poid,
          status: p.status,
          warehouseId: p.warehouseId,
          docketNo: p.docketNo,
          transporter: p.transporter,
          shippedAt: iso(p.shippedAt),
          deliveredAt: iso(p.deliveredAt),
        })),
      };
    },
  };
}
export type KioskService = ReturnType<typeof createKioskService>;

/** Gift voucher lines with one code per voucher. */
function voucherLines(orderId: number, vouchers: readonly { amount: number; qty: number }[]) {
  let n = 0;
  const merged = new Map<number, number>();
  for (const v of vouchers) merged.set(v.amount, (merged.get(v.amount) ?? 0) + v.qty);
  return [...merged]
    .sort(([a], [b]) => a - b)
    .map(([amount, qty]) => {
      const unit = toPaise(amount);
      return {
        kioskOrderId: orderId,
        kind: "voucher",
        productId: null,
        name: `Gift voucher ₹${amount}`,
        qty,
        unitAmount: paiseToDecimal(unit),
        amount: paiseToDecimal(unit * BigInt(qty)),
        voucherCodes: Array.from({ length: qty }, () => giftVoucherCode(amount, orderId, ++n)),
      };
    });
}
