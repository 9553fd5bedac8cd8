import type {
  EmailsByMobileResponse,
  KioskCustomer,
  KioskInvoice,
  KioskMail,
  KioskOrder,
  KioskOrderLine,
  KioskOrderMails,
  KioskProductHit,
  KioskReceipt,
  KioskRefund,
  KioskTrack,
  RegisterCustomerBody,
  SaveDetailsBody,
} from "@portal/contracts";
import {
  formatDateTime,
  formatRupees,
  giftVoucherCode,
  gstRateFor,
  indiaDay,
  isKioskStore,
  KIOSK_ORDER_LIFECYCLE,
  type KioskOrderAction,
  type KioskOrderStatus,
  type KioskPaymentMode,
  type KioskRefundMode,
  kioskActionRefusal,
  kioskDeliveryOf,
  kioskInvoice,
  kioskMessages,
  kioskOrderActions,
  kioskOrderTotal,
  kioskRefundOf,
  messages,
  ORDER_LIFECYCLE,
  paiseToDecimal,
  percentToBasisPoints,
  productEan,
  productIdOfEan,
  refusal,
  taxRegimeOf,
  toPaise,
  toReceiptClock,
} from "@portal/domain";
import type { Db } from "../../db/client";
import { retryingTransaction } from "../../db/retry";
import { AppError, badRequest, forbidden, notFound } from "../../lib/errors";
import type { Mailer } from "../../lib/mailer";
import type { UrlSigner } from "../../lib/signed-url";
import { type AuthService, type SessionUser, sessionUserById } from "../auth/public";
import {
  chooseWarehouse,
  type ListingService,
  mappedWarehouseIds,
  productRows,
  stockRows,
  type Viewer,
  visibleTo,
} from "../catalogue/public";
import { enqueueJob, type JobHandler } from "../jobs/public";
import type { OrdersService } from "../orders/public";
import { assertKioskDebitWithinLimit } from "../payments/public";
import { signKioskAck } from "./ack-link";
import { kioskInvoicePdf, receiptPdf } from "./pdf";
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

/** What the list needs besides the order itself: its purchase orders and its refund. */
interface OrderExtras {
  pos: readonly { placementId: string; poid: string; status: string; loadId: number | null }[];
  refunds: readonly repo.KioskRefundRow[];
}

const toRefund = (r: repo.KioskRefundRow): KioskRefund => ({
  amount: paiseToDecimal(toPaise(r.amount)),
  mode: r.mode,
  reference: r.reference,
  refundedAt: r.refundedAt.toISOString(),
  refundedBy: r.refundedByName,
});

/** The lifecycle's view of an order: its status and where its goods are. */
function stateOf(o: repo.KioskOrderRow, pos: OrderExtras["pos"]) {
  const delivery = kioskDeliveryOf(pos.filter((p) => p.placementId === o.placementId));
  return { id: o.id, status: o.status, delivery: delivery.stage, deliveryPoid: delivery.poid };
}

function toOrder(
  { order: o, customer }: { order: repo.KioskOrderRow; customer: repo.KioskCustomerRow },
  lines: readonly repo.KioskOrderLineRow[],
  extras: OrderExtras,
): KioskOrder {
  const mine = lines.filter((l) => l.kioskOrderId === o.id);
  const state = stateOf(o, extras.pos);
  const refund = extras.refunds.find((r) => r.kioskOrderId === o.id);
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
    paymentReference: o.paymentReference,
    delivery: state.delivery,
    actions: kioskOrderActions(state),
    refund: refund ? toRefund(refund) : null,
  };
}

const toMail = (m: repo.KioskMailRow): KioskMail => ({
  id: m.id,
  kind: m.kind === "link" ? "link" : "receipt",
  to: m.toAddress,
  subject: m.subject,
  attachment: m.attachment,
  queuedAt: m.queuedAt.toISOString(),
  sentAt: m.sentAt?.toISOString() ?? null,
});

/** The job kind of a mail to a kiosk customer (sent through the outbox's mailer by the job runner). */
export const KIOSK_MAIL_JOB = "kioskMail";

export interface KioskDeps {
  db: Db;
  auth: AuthService;
  orders: Pick<OrdersService, "place">;
  /** Cancels one of the store's purchase orders (the order desk's cancel: stock goes back). */
  cancelPurchaseOrder: (actor: { id: number }, poid: string, reason: string) => Promise<unknown>;
  now?: () => Date;
  /** The catalogue's listing: the type-ahead product search by name. */
  listing?: Pick<ListingService, "list">;
  /** The outbox's mailer and the job runner the kiosk's mails are sent through. */
  mailer?: Mailer;
  jobs?: { register(kind: string, handler: JobHandler): void };
  /** The site's address, for the acknowledgement link in a mail. */
  publicUrl?: string;
  /** Signs the customer's acknowledgement link (opened without a session); without it the link needs the store signed in. */
  signer?: UrlSigner;
}

export function createKioskService(deps: KioskDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  function assertKiosk(user: SessionUser) {
    if (!isKioskStore(user) || user.kioskCustomerMobile) throw forbidden(kioskMessages.kioskOnly);
  }

  async function extrasOf(storeUserId: number, orders: readonly repo.KioskOrderRow[]): Promise<OrderExtras> {
    const [pos, refunds] = await Promise.all([
      repo.purchaseOrdersOfPlacements(db, storeUserId, [...new Set(orders.map((o) => o.placementId))]),
      repo.refundsOf(
        db,
        orders.map((o) => o.id),
      ),
    ]);
    return { pos, refunds };
  }

  async function view(storeUserId: number, id: number): Promise<KioskOrder> {
    const found = await repo.orderOf(db, storeUserId, id);
    if (!found) throw notFound(kioskMessages.orderNotFound);
    return toOrder(found, await repo.linesOf(db, [id]), await extrasOf(storeUserId, [found.order]));
  }

  /** The order if the store may take `action` on it now; else 409 with the one message saying why. */
  async function allowed(user: SessionUser, id: number, action: KioskOrderAction) {
    const found = await own(user, id);
    const { pos } = await extrasOf(user.id, [found.order]);
    const refused = kioskActionRefusal(action, stateOf(found.order, pos));
    if (refused) throw conflict(refused);
    return found;
  }

  /** Queues a mail to the customer (kept in kiosk_mails, sent by the job runner through the mailer). */
  async function queueMail(
    user: SessionUser,
    found: { order: repo.KioskOrderRow; customer: repo.KioskCustomerRow },
    email: string | undefined,
    mail: { kind: "receipt" | "link"; subject: string; attachment: string | null },
  ): Promise<KioskMail> {
    const to = email ?? found.customer.email;
    if (!to) throw badRequest(kioskMessages.noEmail);
    return retryingTransaction(db, async (tx) => {
      if (email && email !== found.customer.email) await repo.setCustomerEmail(tx, found.customer.id, email);
      const at = now();
      const row = await repo.insertMail(tx, {
        kioskOrderId: found.order.id,
        kind: mail.kind,
        toAddress: to,
        subject: mail.subject,
        attachment: mail.attachment,
        queuedAt: at,
        queuedBy: user.id,
      });
      await enqueueJob(tx, KIOSK_MAIL_JOB, { mailId: row.id }, at);
      return toMail(row);
    });
  }

  async function receiptOf(
    user: SessionUser,
    found: { order: repo.KioskOrderRow; customer: repo.KioskCustomerRow },
  ): Promise<KioskReceipt> {
    const id = found.order.id;
    const o = toOrder(found, await repo.linesOf(db, [id]), { pos: [], refunds: [] });
    return {
      receiptNo: receiptNoOf(id),
      orderId: id,
      poid: o.poid,
      storeName: storeNameOf(user),
      customer: o.customer,
      createdAt: toReceiptClock(found.order.createdAt),
      paidAt: toReceiptClock(found.order.paidAt),
      paymentMode: found.order.paymentMode,
      paymentReference: found.order.paymentReference,
      lines: o.lines,
      totalAmount: o.totalAmount,
    };
  }

  /** The GST invoice of a confirmed order: the store sells at MRP in its own state (a counter sale). */
  async function invoiceOf(
    user: SessionUser,
    found: { order: repo.KioskOrderRow; customer: repo.KioskCustomerRow },
  ): Promise<KioskInvoice> {
    const lines = await repo.linesOf(db, [found.order.id]);
    const products = await productRows(
      db,
      lines.flatMap((l) => (l.productId ? [l.productId] : [])),
    );
    const rowOf = (id: number | null) => products.find((p) => p.product.id === id);
    const storeState = user.shippingState ?? user.state ?? "";
    const issuedOn = indiaDay(found.order.confirmedAt ?? found.order.createdAt);
    const regime = taxRegimeOf(issuedOn, storeState, storeState);
    const rates = lines.map((l) => {
      const row = rowOf(l.productId);
      if (l.kind === "voucher" || !row) return 0n;
      const unit = toPaise(l.unitAmount);
      return gstRateFor({
        hsnCode: row.product.hsnCode,
        mrp: unit,
        costToCustomer: unit,
        tableRate: percentToBasisPoints(row.igst),
      });
    });
    const computed = kioskInvoice(
      lines.map((l, i) => ({
        kind: l.kind === "voucher" ? "voucher" : "product",
        name: l.name,
        qty: l.qty,
        unitAmount: toPaise(l.unitAmount),
        rate: rates[i] ?? 0n,
      })),
      regime,
    );
    const money = (p: bigint) => paiseToDecimal(p);
    const t = computed.totals;
    const c = found.customer;
    return {
      invoiceNo: `KI${String(found.order.id).padStart(6, "0")}`,
      orderId: found.order.id,
      poid: found.order.poid,
      issuedOn,
      seller: {
        name: storeNameOf(user),
        address: [user.shippingAddress1, user.shippingAddress2, user.shippingCity, user.shippingPincode]
          .filter(Boolean)
          .join(", "),
        state: storeState,
        gstin: user.gstin ?? null,
      },
      customer: {
        name: [c.firstName, c.lastName].filter(Boolean).join(" ") || "Walk-in customer",
        mobileNo: c.mobileNo,
      },
      regime,
      lines: computed.lines.map((l, i) => ({
        kind: l.kind,
        name: l.name,
        hsnCode: l.kind === "voucher" ? null : (rowOf(lines[i]?.productId ?? null)?.product.hsnCode ?? null),
        qty: l.qty,
        gstRate: paiseToDecimal(l.rate),
        taxable: money(l.taxable),
        cgst: money(l.cgst),
        sgst: money(l.sgst),
        igst: money(l.igst),
        total: money(l.kind === "voucher" ? l.paid : l.total),
      })),
      totals: {
        taxable: money(t.taxable),
        cgst: money(t.cgst),
        sgst: money(t.sgst),
        igst: money(t.igst),
        tax: money(t.tax),
        vouchers: money(t.vouchers),
        roundOff: money(t.roundOff),
        total: money(t.total),
      },
      paymentMode: found.order.paymentMode,
    };
  }

  /** The mail job: renders what the mail carries at send time and sends it through the outbox's mailer. */
  const mailJob: JobHandler = async (payload) => {
    const { mailId } = payload as { mailId: number };
    const found = await repo.mailById(db, mailId);
    if (!found || found.mail.sentAt || !deps.mailer) return;
    const { mail, order } = found;
    const store = await sessionUserById(db, order.storeUserId);
    const owner = store ? await repo.orderOf(db, store.id, order.id) : null;
    if (!store || !owner) return;
    const name = owner.customer.firstName ?? "there";
    const signed = deps.signer ? signKioskAck(deps.signer, deps.publicUrl ?? "", order.id) : null;
    const link =
      signed?.url ?? `${deps.publicUrl ?? ""}/confirm/kiosk/${encodeURIComponent(order.poid)}/${order.id}`;
    const until = signed ? `The link works until ${formatDateTime(signed.expiresAt)} (India time).\n` : "";
    const storeName = storeNameOf(store);
    const receipt = mail.kind === "receipt" ? await receiptOf(store, owner) : null;
    const text = receipt
      ? `Hello ${name},\n\nThank you for your order ${order.id} at ${storeName}: ${formatRupees(receipt.totalAmount)} paid by ${receipt.paymentMode}.\nYour receipt ${receipt.receiptNo} is attached.\n`
      : `Hello ${name},\n\nPlease confirm your order ${order.id} at ${storeName} (${formatRupees(order.totalAmount)}, paid by ${order.paymentMode}) through this link:\n\n${link}\n\n${until}Your receipt is ready once you confirm.\n`;
    const html = `<p>${text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`).replace(/\n/g, "<br>")}</p>`;
    const attachments =
      receipt && mail.attachment
        ? [{ filename: mail.attachment, content: await receiptPdf(receipt), contentType: "application/pdf" }]
        : [];
    const message = { to: mail.toAddress, subject: mail.subject, text, html, attachments };
    await deps.mailer.send(message);
    await repo.markMailSent(db, mail.id, now());
  };
  deps.jobs?.register(KIOSK_MAIL_JOB, mailJob);

  async function own(user: SessionUser, id: number) {
    assertKiosk(user);
    const found = await repo.orderOf(db, user.id, id);
    if (!found) throw notFound(kioskMessages.orderNotFound);
    return found;
  }

  /** getReceipt: ready once the customer confirmed; until then ReceiptNotReady (422, code 740). */
  async function receiptReady(user: SessionUser, id: number): Promise<KioskReceipt> {
    const found = await own(user, id);
    if (found.order.status === "Cancelled") throw conflict(kioskMessages.cancelledNoReceipt);
    if (found.order.status !== "Confirmed") throw new ReceiptNotReady(kioskMessages.receiptNotReady);
    return receiptOf(user, found);
  }

  /** The products of these ids the store may order, with their stock at MRP in its warehouses. */
  async function productHits(viewer: Viewer, ids: number[]): Promise<KioskProductHit[]> {
    const visible = await repo.visibleProductIds(db, ids, visibleTo(viewer));
    if (visible.length === 0) return [];
    const [rows, stock] = await Promise.all([
      productRows(db, visible),
      stockRows(db, visible, mappedWarehouseIds(viewer)),
    ]);
    return rows.flatMap((r) => {
      const held = stock.filter((s) => s.productId === r.product.id);
      const chosen = chooseWarehouse(r.product.mrp, held, viewer.shipToState);
      if (!chosen) return [];
      return [
        {
          id: r.product.id,
          name: r.product.name,
          size: r.product.size,
          color: r.product.color,
          ean: productEan(r.product.id),
          mrp: paiseToDecimal(toPaise(r.product.mrp)),
          stock: held
            .filter((s) => toPaise(s.mrp) === toPaise(r.product.mrp))
            .reduce((n, s) => n + s.stock, 0),
        },
      ];
    });
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
      const [lines, extras] = await Promise.all([
        repo.linesOf(
          db,
          rows.map((r) => r.order.id),
        ),
        extrasOf(
          user.id,
          rows.map((r) => r.order),
        ),
      ]);
      return rows.map((r) => toOrder(r, lines, extras));
    },

    /**
     * cancelOrder: a Pending order whose goods have not left the warehouse is cancelled with its
     * purchase orders (their stock goes back), and what the customer paid is recorded as refunded
     * (by the mode chosen, by default the one they paid by). Anything else: 409 with one message.
     */
    async cancel(
      user: SessionUser,
      id: number,
      refundChoice: { mode?: KioskRefundMode | undefined; reference?: string | undefined } = {},
    ): Promise<KioskOrder> {
      const { order } = await allowed(user, id, "cancel");
      const pos = await repo.purchaseOrdersOf(db, user.id, order.placementId);
      for (const po of pos.filter((p) => refusal(ORDER_LIFECYCLE, p.status, "Cancelled") === null))
        await deps.cancelPurchaseOrder({ id: user.id }, po.poid, "Cancelled at the kiosk");
      const refund = kioskRefundOf(toPaise(order.totalAmount), order.paymentMode, refundChoice.mode);
      const done = await retryingTransaction(db, async (tx) => {
        const at = now();
        if (!(await repo.setStatus(tx, id, order.status, { status: "Cancelled", cancelledAt: at })))
          return false;
        await repo.insertRefund(tx, {
          kioskOrderId: id,
          amount: paiseToDecimal(refund.amount),
          mode: refund.mode,
          reference: refundChoice.reference || null,
          refundedAt: at,
          refundedBy: user.id,
          refundedByName: storeNameOf(user),
        });
        return true;
      });
      if (!done)
        throw conflict(
          refusal(KIOSK_ORDER_LIFECYCLE, "Cancelled", "Cancelled") ?? kioskMessages.cancelFailed,
        );
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

    /** Mails the customer the acknowledgement link again (a Pending order only). */
    async resendLink(user: SessionUser, id: number, email?: string): Promise<KioskMail> {
      const found = await allowed(user, id, "resendLink");
      return queueMail(user, found, email, {
        kind: "link",
        subject: `Please confirm your order ${id} at ${storeNameOf(user)}`,
        attachment: null,
      });
    },

    /** Mails the customer the receipt, its PDF attached (a Confirmed order only). */
    async emailReceipt(user: SessionUser, id: number, email?: string): Promise<KioskMail> {
      const found = await allowed(user, id, "email");
      return queueMail(user, found, email, {
        kind: "receipt",
        subject: `Your receipt ${receiptNoOf(id)} from ${storeNameOf(user)}`,
        attachment: `${receiptNoOf(id)}.pdf`,
      });
    },

    /** The customer's address and every mail sent to them about this order, newest first. */
    async mails(user: SessionUser, id: number): Promise<KioskOrderMails> {
      const found = await own(user, id);
      return { email: found.customer.email, mails: (await repo.mailsOf(db, id)).map(toMail) };
    },

    async invoice(user: SessionUser, id: number): Promise<KioskInvoice> {
      return invoiceOf(user, await allowed(user, id, "invoice"));
    },

    async invoicePdf(user: SessionUser, id: number): Promise<{ name: string; pdf: Buffer }> {
      const invoice = await invoiceOf(user, await allowed(user, id, "invoice"));
      return { name: invoice.invoiceNo, pdf: await kioskInvoicePdf(invoice) };
    },

    async receiptPdf(user: SessionUser, id: number): Promise<{ name: string; pdf: Buffer }> {
      const receipt = await receiptReady(user, id);
      return { name: receipt.receiptNo, pdf: await receiptPdf(receipt) };
    },

    /**
     * Type-ahead products for a kiosk order: a scanned EAN-13 or an id finds that product, words find
     * products by name through the catalogue's listing; only what the store may order, with its
     * stock at MRP in the store's warehouses.
     */
    async searchProducts(user: SessionUser, viewer: Viewer, q: string): Promise<KioskProductHit[]> {
      assertKiosk(user);
      const query = q.trim();
      const byCode = /^\d{13}$/.test(query)
        ? productIdOfEan(query)
        : /^\d{1,9}$/.test(query)
          ? Number(query)
          : null;
      if (/^\d{13}$/.test(query) && byCode === null) throw notFound(kioskMessages.eanNotFound(query));
      if (byCode !== null) {
        const hits = await productHits(viewer, [byCode]);
        if (hits.length === 0 && query.length === 13) throw notFound(kioskMessages.eanNotFound(query));
        if (hits.length > 0 || !deps.listing) return hits;
      }
      if (query.replace(/[^A-Za-z0-9]/g, "").length < 2) throw badRequest(kioskMessages.productSearchShort);
      if (!deps.listing) return [];
      const found = await deps.listing.list(viewer, {
        filters: [],
        search: query,
        page: 1,
        size: 8,
        whType: "all",
      });
      const hits: KioskProductHit[] = [];
      for (const card of found.products) {
        const sizes = card.styleSizes ?? [
          { id: card.id, size: card.size, totalStock: card.totalStock, mrp: card.mrp },
        ];
        for (const s of sizes)
          hits.push({
            id: s.id,
            name: card.name,
            size: s.size,
            color: card.color,
            ean: productEan(s.id),
            mrp: s.mrp,
            stock: s.totalStock,
          });
      }
      return hits.slice(0, 20);
    },

    /** One of the store's kiosk orders (what the customer's acknowledgement page shows). */
    async order(user: SessionUser, id: number): Promise<KioskOrder> {
      await own(user, id);
      return view(user.id, id);
    },

    /** getReceipt: ready once the customer confirmed; until then ReceiptNotReady (422, code 740). */
    async receipt(user: SessionUser, id: number): Promise<KioskReceipt> {
      return receiptReady(user, id);
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

const receiptNoOf = (id: number) => `KR${String(id).padStart(6, "0")}`;
export const storeNameOf = (user: Pick<SessionUser, "storeName" | "firstname" | "lastname">) =>
  user.storeName ?? `${user.firstname} ${user.lastname}`;

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
