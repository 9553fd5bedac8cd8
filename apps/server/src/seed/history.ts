/**
 * The demo world's years of back-office history, made by driving the same services the Admin
 * Console calls, each with its own moment (`at`): orders placed (priced like POST /api/order),
 * confirmed wholly or in part or cancelled, loaded, handed over, shipped (tax invoices from the
 * gapless series, ledger debits), delivered; payments approved and rejected; sales returns (raised
 * from tax invoices), waybill requests, C-forms and ageing notes. Deterministic: the same seed gives
 * the same history.
 */
import type { PlaceOrderBody } from "@portal/contracts";
import {
  ALTERNATE_COMPANY,
  arsRunDay,
  financeMessages,
  HEAD_OFFICE_STATE,
  indiaDay,
  indiaDayStart,
  paiseToDecimal,
  purchaseRefusal,
  type RuleSet,
  type SalesReturnStatus,
  SR_STATUSES,
  toPaise,
} from "@portal/domain";
import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import {
  arsProducts,
  franchises,
  invoices,
  jobs,
  notifications,
  payments as paymentRows,
  products,
  purchaseOrderLines,
  purchaseOrders,
  userRules,
  users,
  userWarehouses,
  warehouses,
} from "../db/schema";
import { AppError } from "../lib/errors";
import type { SessionUser } from "../modules/auth/public";
import { issueCform, openCforms } from "../modules/cforms/public";
import { createLedgerService } from "../modules/ledger/public";
import { createLoadsService } from "../modules/loads/public";
import { createOrderDeskService } from "../modules/order-desk/public";
import { productFactsOf, type WarehouseFacts, writeHistoricalPlacement } from "../modules/orders/public";
import { createPaymentsService } from "../modules/payments/public";
import { createSalesReturnsService } from "../modules/sales-returns/public";
import {
  createWaybillsService,
  demoCheckPost,
  demoWaybillDocument,
  demoWaybillStage,
} from "../modules/waybills/public";
import { seedEwayBills } from "./eway-bills";
import { inAppOnly } from "./notify";
import { Random } from "./random";

/** The first month of history: the ledger starts on 2017-04-01. */
export const HISTORY_START = { year: 2017, month: 4 };
const DAY = 86_400_000;
const HOUR = 3_600_000;
/** The last two years of history run at full pace. */
const RECENT_DAYS = 730;
const TRANSPORTERS = ["Blue Dart", "Delhivery", "Gati", "DTDC", "Safexpress"];
/** Loads shipped within these many days all have a waybill request, open or closed. */
const WAYBILL_RECENT_DAYS = 45;

/** Orders a month per account (the franchisee about 10, the others fewer). */
const ORDERS_PER_MONTH: Record<string, number> = {
  "franchisee@demo.in": 10,
  "coco@demo.in": 3,
  "stockist@demo.in": 2,
  "kiosk@demo.in": 1,
};

export interface HistorySummary {
  months: number;
  orders: number;
  loads: number;
  invoices: number;
  payments: number;
  salesReturns: number;
  waybills: number;
  durationMs: number;
}

interface Partner {
  id: number;
  email: string;
  state: string;
  since: Date;
  warehouses: WarehouseFacts[];
  rules: RuleSet[];
  hasFoodLicense: boolean;
  name: string;
  address1: string;
  city: string;
  pincode: string;
  phone: string;
  /** Months a partner lets invoices wait before paying (late payers age into DN120/DN180). */
  paysAfterMonths: number;
  /** A franchisee with an ARS list: its Monday orders are the weekly ARS replenishment (B2F). */
  isFranchisee: boolean;
  /** Its franchise: which company serves it, so which ledger account its orders sit on. */
  franchise: { concept: string; createdAt: Date } | null;
}

/** Whether a moment falls on the ARS run's weekday (Monday), India time. */
const isArsRunDay = (at: Date) => arsRunDay(indiaDay(at)) === indiaDay(at);

const monthStart = (year: number, month: number) =>
  indiaDayStart(`${year}-${String(month).padStart(2, "0")}-01`);

/** The months from `first` up to (not including) the month of `end`. */
function monthsBetween(first: Date, end: Date): Date[] {
  const out: Date[] = [];
  let y = Number(indiaDay(first).slice(0, 4));
  let m = Number(indiaDay(first).slice(5, 7));
  for (;;) {
    const start = monthStart(y, m);
    if (start >= end) return out;
    out.push(start);
    m++;
    if (m === 13) {
      m = 1;
      y++;
    }
  }
}

export async function seedHistory(
  db: Db,
  options: { end: Date; months: number | "full"; seed: number; log?: (m: string) => void },
): Promise<HistorySummary> {
  const started = performance.now();
  const rng = new Random(options.seed ^ 0x5eed);
  // The services' steps alone: the history never shows a transition's result, so none is read back.
  const batch = { db, notify: inAppOnly };
  const desk = createOrderDeskService(batch).steps;
  const loads = createLoadsService(batch).steps;
  const payments = createPaymentsService(batch);
  const salesReturns = createSalesReturnsService(batch);
  const waybills = createWaybillsService(batch).steps;
  const ledger = createLedgerService({ db });
  const ewayBills = seedEwayBills(db);

  const [staffRow] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  const staff = staffRow ? { id: staffRow.id } : null;
  const partners = await loadPartners(db);
  const pool = await productPool(db);
  // The franchisees' ARS lists: their Monday (B2F) orders are ARS replenishments of those products.
  const arsLists = await arsListsOf(db);
  const facts = await productFactsOf(db, [
    ...new Set([...pool.map((p) => p.id), ...[...arsLists.values()].flat()]),
  ]);

  /**
   * The ARS lines of a franchisee's Monday order: for each drawn line a product of its ARS list it
   * may buy from the warehouse, of the drawn product's stock type (so the order splits into the same
   * purchase orders and the rest of history draws the same), taken round the list from the order's
   * index; a line whose stock type the list lacks keeps the drawn product. Null: no ARS product fits.
   */
  const arsLinesOf = (
    partner: Partner,
    wh: number,
    drawn: readonly { id: number; qty: number }[],
    index: number,
  ): { id: number; qty: number }[] | null => {
    const buyer = {
      canOrder: true,
      hasFoodLicense: partner.hasFoodLicense,
      rules: partner.rules,
      mappedWarehouseIds: partner.warehouses.map((w) => w.id),
    };
    const list = (arsLists.get(partner.id) ?? []).filter((id) => {
      const product = facts.get(id);
      return (
        product !== undefined && purchaseRefusal(buyer, { product, brandDelivers: true, from: wh }) === null
      );
    });
    const used = new Set<number>();
    const lines = drawn.map((d, k) => {
      const type = facts.get(d.id)?.stockType;
      const same = list.filter((id) => facts.get(id)?.stockType === type && !used.has(id));
      const id = same[(index * 3 + k) % Math.max(1, same.length)];
      if (id === undefined) return d;
      used.add(id);
      return { id, qty: d.qty };
    });
    return lines.some((l) => used.has(l.id)) ? lines : null;
  };

  const full = monthsBetween(monthStart(HISTORY_START.year, HISTORY_START.month), options.end);
  const months = options.months === "full" ? full : full.slice(Math.max(0, full.length - options.months));
  const totals = { orders: 0, loads: 0, invoices: 0, payments: 0, salesReturns: 0, waybills: 0 };
  const endMs = options.end.getTime();
  /** How recent a moment is, in days before the end of history. */
  const age = (at: Date) => (endMs - at.getTime()) / DAY;
  /**
   * The last moment of each numbered series the history writes into (tax invoices `I:<warehouse>`,
   * credit notes `C:<warehouse>`). Partners are played one after another within a month, so one
   * partner's shipment could fall before another's already numbered one; it is moved just after it
   * instead (the services refuse a date before the series' last), so numbers follow their dates.
   */
  const seriesLast = new Map<string, number>();
  const inSeriesOrder = (series: string, at: Date) => {
    const last = seriesLast.get(series);
    return last !== undefined && at.getTime() <= last ? new Date(last + 60_000) : at;
  };
  const numbered = (series: string, at: Date) => seriesLast.set(series, at.getTime());

  /**
   * COCO's account 1, the main company's: its orders sit on account 2, but the head office bills it
   * courier charges (a debit note of 2026-03-10) that stay unpaid for seven months, so the ageing
   * job raises DN120 and then DN180 notes on them. The store pays the whole account on 2026-10-05,
   * and on 2026-10-20 tries the same UTR for an account-2 invoice: the confirmation is refused and
   * kept as a rejected one with the refusal's message. Only when the history reaches back to the note.
   */
  const coco = {
    note: new Date(endMs - 236 * DAY + 11 * HOUR),
    pay: new Date(endMs - 27 * DAY + 12 * HOUR),
    reuse: new Date(endMs - 12 * DAY + 12 * HOUR),
    noted: false,
  };
  const inMonth = (at: Date, month: Date) => indiaDay(at).slice(0, 7) === indiaDay(month).slice(0, 7);
  async function cocoAccountOne(partner: Partner, month: Date) {
    if (!staff) return;
    if (inMonth(coco.note, month)) {
      const headOffice = createLedgerService({ db, now: () => coco.note });
      await headOffice.addNote({ id: staff.id } as SessionUser, partner.id, {
        ledgerAccount: 1,
        kind: "courierExpenses",
        amount: "4720.00",
        description: "Courier charges for return pick-ups, January and February 2026",
        docketNumber: "BD26021187",
      });
      coco.noted = true;
    }
    if (!coco.noted) return;
    const reference = `UTR${indiaDay(coco.pay).replaceAll("-", "")}${partner.id}HO`;
    if (inMonth(coco.pay, month)) {
      const owed = await payments.pending(partner.id, 1, coco.pay);
      const paid = await payments.confirm(
        partner.id,
        {
          paymentData: {
            paymentType: "Neft",
            referenceId: reference,
            totalAmountPaid: owed.totalPayable,
            orders: [],
            documents: owed.openDocuments.map((d) => d.entryId),
            ledgerAccount: 1,
          },
        },
        coco.pay,
      );
      await payments.steps.approve(staff, paid.id, new Date(coco.pay.getTime() + 3 * DAY));
      totals.payments++;
    }
    if (inMonth(coco.reuse, month)) {
      const owed = await payments.pending(partner.id, 2, coco.reuse);
      const oldest = owed.openDocuments[0];
      const paymentData = {
        paymentType: "Neft" as const,
        referenceId: reference,
        totalAmountPaid: oldest?.openAmount ?? owed.totalPayable,
        orders: [],
        documents: oldest ? [oldest.entryId] : [],
        ledgerAccount: 2,
      };
      const refusal = financeMessages.referenceUsed(reference);
      try {
        await payments.confirm(partner.id, { paymentData }, coco.reuse);
      } catch (error) {
        if (!(error instanceof AppError) || error.message !== refusal) throw error;
        // Refused at once: kept as a rejected confirmation whose reason is the refusal (it holds no reference).
        await db.insert(paymentRows).values({
          userId: partner.id,
          ledgerAccount: 2,
          paymentType: paymentData.paymentType,
          referenceId: reference,
          referenceKey: null,
          totalAmountPayable: paymentData.totalAmountPaid,
          totalAmountPaid: paymentData.totalAmountPaid,
          orders: oldest?.orders ?? [],
          status: "rejected",
          reason: refusal,
          submittedAt: coco.reuse,
          decidedAt: coco.reuse,
        });
        totals.payments++;
        return;
      }
      throw new Error(`a second confirmation with ${reference} was accepted`);
    }
  }

  /**
   * The last week's sales returns raised by staff from tax invoices (the Admin Console's way): the
   * franchisee's received in full and the COCO store's with a unit short, both approved, so their credit
   * notes reverse the invoice lines at the goods' own HSN, rate and taxable value (as every return's do);
   * the stockist's rejected with a reason before the goods came back. Each from the partner's newest
   * delivered invoice, lines delivered whole. Made with no draw of the history's random numbers.
   */
  async function staffRaisedReturns() {
    if (!staff) return;
    const plan = [
      { email: "franchisee@demo.in", lines: 2, short: 0, outcome: "approve" },
      { email: "coco@demo.in", lines: 1, short: 1, outcome: "approve" },
      { email: "stockist@demo.in", lines: 1, short: 0, outcome: "reject" },
    ] as const;
    for (const [i, p] of plan.entries()) {
      const partner = partners.find((x) => x.email === p.email);
      const raisedAt = new Date(endMs - (9 - i) * DAY + 11 * HOUR);
      if (!partner || partner.since >= raisedAt) continue;
      const invoice = await newestDeliveredInvoice(db, partner.id, raisedAt);
      if (!invoice) continue;
      const { lines: returnable } = await salesReturns.returnable(invoice.id);
      const whole = returnable
        .filter((l) => l.returnable >= 2 && invoice.deliveredWhole.has(`${l.poid}:${l.productId}`))
        .slice(0, p.lines);
      if (whole.length === 0) continue;
      const lines = whole.map((l) => ({ poid: l.poid, productId: l.productId, quantity: 2 }));
      const srId = await salesReturns.steps.raise(
        staff,
        { invoice: invoice.id, userId: partner.id, lines },
        raisedAt,
      );
      totals.salesReturns++;
      const decideAt = new Date(raisedAt.getTime() + 2 * DAY);
      if (p.outcome === "reject") {
        await salesReturns.steps.reject(
          staff,
          srId,
          "Returned goods are used and without their tags",
          decideAt,
        );
        continue;
      }
      await salesReturns.steps.receive(
        staff,
        srId,
        {
          lines: lines.map((l, j) => ({
            poid: l.poid,
            productId: l.productId,
            receivedQuantity: j === 0 ? l.quantity - p.short : l.quantity,
          })),
        },
        decideAt,
      );
      // Approval posts the credit note: numbered after the warehouse's last one.
      const approveAt = inSeriesOrder(`C:${invoice.warehouseId}`, new Date(decideAt.getTime() + DAY));
      if (approveAt.getTime() >= endMs) continue;
      await salesReturns.steps.approve(staff, srId, approveAt);
      numbered(`C:${invoice.warehouseId}`, approveAt);
    }
  }

  for (const [monthIndex, month] of months.entries()) {
    const next = new Date(month.getTime() + 31 * DAY);
    for (const partner of partners) {
      if (partner.since >= next) continue;
      // Full pace over the last two years; about a third of it before, so that years of history stay quick to build.
      const base = ORDERS_PER_MONTH[partner.email] ?? 0;
      const recent = age(month) < RECENT_DAYS;
      const count = recent ? base : Math.floor(base * 0.35) + (rng.chance((base * 0.35) % 1) ? 1 : 0);
      const placed: { poid: string; at: Date; wh: number }[] = [];
      // The month's placements (priced as POST /api/order prices them), written in one transaction.
      const placements: { at: Date; wh: number; body: PlaceOrderBody }[] = [];
      for (let i = 0; i < count; i++) {
        const day = rng.int(0, 27);
        const at = new Date(
          month.getTime() + day * DAY + rng.int(10, 18) * 3_600_000 + rng.int(0, 59) * 60_000,
        );
        if (at < partner.since || at.getTime() >= endMs) continue;
        const wh = rng.pick(partner.warehouses);
        const drawn = rng.sample(pool, rng.int(2, 5)).map((p) => ({ id: p.id, qty: rng.int(1, 12) }));
        // A franchisee's Monday order is its ARS replenishment: products of its ARS list it may buy
        // from the warehouse (the same draw's quantities, so the rest of the history is unchanged).
        const arsLines =
          partner.isFranchisee && isArsRunDay(at) ? arsLinesOf(partner, wh.id, drawn, i) : null;
        const lines = arsLines ?? drawn;
        const address = {
          name: partner.name,
          address1: partner.address1,
          city: partner.city,
          state: partner.state,
          pincode: partner.pincode,
          phone: partner.phone,
        };
        const body = {
          orders: [{ wh: wh.id, products: lines }],
          shippingAddress: address,
          billingAddress: address,
        } as PlaceOrderBody;
        placements.push({ at, wh: wh.id, body });
      }
      placements.sort((a, b) => a.at.getTime() - b.at.getTime());
      await db.transaction(async (tx) => {
        for (const p of placements) {
          const poids = await writeHistoricalPlacement(tx, {
            user: partner,
            at: p.at,
            body: p.body,
            shipToState: partner.state,
            warehouses: partner.warehouses,
            products: facts,
            rules: partner.rules,
            hasFoodLicense: partner.hasFoodLicense,
            // The franchisee's Monday orders are its weekly ARS replenishment (source B2F, ARS products).
            ...(partner.isFranchisee && isArsRunDay(p.at) ? { source: "B2F" as const } : {}),
          });
          for (const poid of poids) placed.push({ poid, at: p.at, wh: p.wh });
        }
      });
      totals.orders += placed.length;

      // The desk: most orders confirmed within two days, some in part, a few cancelled; the newest still wait.
      const confirmed: { poid: string; at: Date; wh: number }[] = [];
      for (const o of placed) {
        const decideAt = new Date(o.at.getTime() + rng.int(2, 40) * 3_600_000);
        if (age(o.at) < 6 || decideAt.getTime() >= endMs) continue;
        const roll = rng.next();
        if (roll < 0.05) {
          await desk.cancel(staff, o.poid, "Partner asked to cancel", decideAt);
          continue;
        }
        const part = roll < 0.2 ? await partLines(db, o.poid, rng) : undefined;
        await desk.confirm(staff, o.poid, part ? { lines: part } : {}, decideAt);
        if (rng.chance(0.03) && age(decideAt) > 10) {
          await desk.cancel(
            staff,
            o.poid,
            "Stock found damaged at the warehouse",
            new Date(decideAt.getTime() + DAY),
          );
          continue;
        }
        confirmed.push({ poid: o.poid, at: decideAt, wh: o.wh });
      }

      // Loads: per warehouse, the month's confirmed orders go in one load near the month's end.
      for (const wh of new Set(confirmed.map((c) => c.wh))) {
        // Orders confirmed in the last two weeks wait for their load (the desk's "to load" queue).
        const orders = confirmed.filter((c) => c.wh === wh && age(c.at) >= 14);
        if (orders.length === 0) continue;
        const latest = Math.max(...orders.map((o) => o.at.getTime()));
        const createdAt = new Date(latest + rng.int(1, 3) * DAY);
        if (createdAt.getTime() >= endMs) continue;
        const loadId = await loads.create(staff, { poids: orders.map((o) => o.poid) }, createdAt);
        totals.loads++;
        const handAt = new Date(createdAt.getTime() + rng.int(1, 2) * DAY);
        if (handAt.getTime() >= endMs) continue;
        // the load id makes the docket unique per transporter, as the hand-over requires
        const docketNo = `${rng.pick(["BD", "DL", "GT", "DT", "SX"])}${String(rng.int(100, 999))}${String(loadId).padStart(6, "0")}`;
        await loads.handOver(staff, loadId, { transporter: rng.pick(TRANSPORTERS), docketNo }, handAt);
        const shipAt = inSeriesOrder(`I:${wh}`, new Date(handAt.getTime() + rng.int(1, 2) * DAY));
        if (shipAt.getTime() >= endMs) continue;
        await ewayBills.beforeShip(staff?.id ?? null, loadId, indiaDay(shipAt), shipAt);
        await loads.ship(staff, loadId, { actualShippingDate: indiaDay(shipAt) }, shipAt);
        numbered(`I:${wh}`, shipAt);
        totals.invoices++;
        // Waybills: one load in seven asks for one; every load of the last weeks does, and those are a mix
        // of open and closed requests (the random draws stay the same, so the rest of history does too).
        const drawn = rng.chance(0.15);
        if (drawn || age(shipAt) < WAYBILL_RECENT_DAYS) {
          const reqAt = new Date(shipAt.getTime() + DAY);
          if (reqAt.getTime() < endMs) {
            const checkpostName = demoCheckPost(wh, loadId);
            const waybillId = await waybills.request(staff, { loadId, checkpostName }, reqAt);
            totals.waybills++;
            const stage = demoWaybillStage(loadId, age(reqAt) < WAYBILL_RECENT_DAYS);
            const upAt = new Date(reqAt.getTime() + (drawn ? rng.int(1, 4) : 1 + (loadId % 4)) * DAY);
            if (upAt.getTime() < endMs && age(upAt) > 5) {
              const closeAt = new Date(upAt.getTime() + (drawn ? rng.int(1, 3) : 1 + (loadId % 3)) * DAY);
              if (stage !== "WH Request")
                await waybills.docUploaded(partner.id, waybillId, demoWaybillDocument(waybillId), upAt);
              if (stage === "Closed" && closeAt.getTime() < endMs && age(closeAt) > 8)
                await waybills.close(staff, waybillId, "Documents verified", closeAt);
            }
          }
        }
        const deliverAt = new Date(shipAt.getTime() + rng.int(3, 6) * DAY);
        // Loads shipped in the last fortnight are still on the road.
        if (deliverAt.getTime() >= endMs || age(shipAt) < 14) continue;
        const short = rng.chance(0.1) ? await shortDelivery(db, loadId, rng) : undefined;
        // A short delivery is credited: its credit note takes the warehouse's next number.
        const deliveredAt = short ? inSeriesOrder(`C:${wh}`, deliverAt) : deliverAt;
        if (deliveredAt.getTime() >= endMs) continue;
        await loads.deliver(staff, loadId, short ? { lines: short } : {}, deliveredAt);
        if (short) numbered(`C:${wh}`, deliveredAt);
      }

      // Payments: on the 5th the partner pays what was invoiced `paysAfterMonths` months ago.
      const payAt = new Date(month.getTime() + 4 * DAY + 11 * 3_600_000);
      const dueMonth =
        months[monthIndex - partner.paysAfterMonths] ?? full[full.indexOf(month) - partner.paysAfterMonths];
      if (dueMonth && payAt.getTime() < endMs && payAt >= partner.since) {
        const due = await invoicedIn(db, partner.id, dueMonth);
        if (due.total > 0n) {
          const pay = async (ref: string, at: Date) =>
            payments.submit(
              partner.id,
              {
                paymentData: {
                  paymentType: rng.pick(["Cheque", "Neft", "RTGS"] as const),
                  referenceId: ref,
                  totalAmountPayable: paiseToDecimal(due.total),
                  totalAmountPaid: paiseToDecimal(due.total),
                  orders: due.poids.slice(0, 200),
                  ledgerAccount: due.ledgerAccount,
                },
              },
              at,
            );
          const ref = `UTR${indiaDay(payAt).replaceAll("-", "")}${partner.id}`;
          const first = await pay(ref, payAt);
          totals.payments++;
          const decideAt = new Date(payAt.getTime() + rng.int(1, 3) * DAY);
          if (decideAt.getTime() < endMs && age(decideAt) > 4) {
            // About one payment in nine bounces, is rejected with a reason, and is paid again.
            if (totals.payments % 9 === 4) {
              await payments.steps.reject(
                staff,
                first.id,
                "Amount not received in the bank account",
                decideAt,
              );
              const again = await pay(`${ref}R`, new Date(decideAt.getTime() + DAY));
              totals.payments++;
              const approveAt = new Date(decideAt.getTime() + 3 * DAY);
              if (approveAt.getTime() < endMs) await payments.steps.approve(staff, again.id, approveAt);
            } else {
              await payments.steps.approve(staff, first.id, decideAt);
            }
          }
        }
      }

      if (partner.email === "coco@demo.in") await cocoAccountOne(partner, month);

      // Sales returns: now and then a partner returns part of a delivered line, raised by staff from the
      // load's tax invoice (its credit note reverses the line); older ones are fully approved.
      if (rng.chance(partner.email === "franchisee@demo.in" ? 0.5 : 0.2)) {
        const srAt = new Date(month.getTime() + rng.int(10, 25) * DAY);
        const line = srAt.getTime() < endMs ? await deliveredLine(db, partner.id, srAt) : null;
        if (line) {
          const qty = Math.max(1, Math.floor(line.quantity / 3));
          // Raised from the load's tax invoice, so its credit note reverses the invoice line.
          const srId = await salesReturns.steps.raise(
            staff,
            {
              invoice: line.invoiceId,
              userId: partner.id,
              lines: [{ poid: line.poid, productId: line.productId, quantity: qty }],
            },
            srAt,
          );
          totals.salesReturns++;
          // Older returns run their whole course; the newest stop part-way, so every status shows.
          const steps = SR_STATUSES.slice(1) as readonly SalesReturnStatus[];
          const daysOld = age(srAt);
          const reach = daysOld > 60 ? steps.length : Math.min(steps.length, Math.floor(daysOld / 10));
          let at = srAt;
          for (const [i, status] of steps.slice(0, reach).entries()) {
            at = new Date(at.getTime() + rng.int(2, 6) * DAY);
            // Approval posts the credit note: numbered after the warehouse's last one.
            if (status === "AccountApproved") at = inSeriesOrder(`C:${line.warehouseId}`, at);
            if (at.getTime() >= endMs) break;
            if (i === 0)
              await salesReturns.setInTransit(
                partner.id,
                srId,
                { company: "Delhivery", awb: `SR${srId}AWB` },
                at,
              );
            else await salesReturns.steps.advance(staff, srId, status, at);
            if (status === "AccountApproved") numbered(`C:${line.warehouseId}`, at);
          }
        }
      }
    }

    // Month end: C-forms of the older CST invoices arrive, and the ageing job runs.
    const monthEnd = new Date(next.getTime() - 5 * DAY);
    if (monthEnd.getTime() < endMs) {
      for (const partner of partners) {
        for (const cform of await openCforms(db, partner.id)) {
          if (rng.chance(0.6)) {
            await issueCform(
              db,
              cform.id,
              {
                cformNumber: `CF${cform.id}${rng.int(1000, 9999)}`,
                docketNumber: `IP${rng.int(100_000, 999_999)}`,
                courierName: "India Post",
              },
              monthEnd,
            );
          }
        }
      }
      await ledger.runAgeing(monthEnd);
    }
    if (monthIndex % 12 === 11)
      options.log?.(`history: ${indiaDay(month).slice(0, 7)} (${totals.orders} orders so far)`);
  }

  // A short history does not reach back before GST: the franchisee is still given one inter-state
  // (CST) invoice of May 2017, paid in June, whose C-form is To Be Submitted (the C-form screen's demo);
  // it is made after the months so that no month end receives its C-form.
  const firstMonth = months[0];
  const franchisee = partners.find((p) => p.email === "franchisee@demo.in");
  const delhi = franchisee?.warehouses.find((w) => w.id === 3);
  // Only when the history starts after the financial year 2017-18, so its number is the first of its
  // series and no later-numbered invoice of that year has an earlier date.
  if (firstMonth && indiaDay(firstMonth) > "2018-03-31" && franchisee && delhi) {
    const at = new Date("2017-05-08T11:00:00+05:30");
    const address = {
      name: franchisee.name,
      address1: franchisee.address1,
      city: franchisee.city,
      state: franchisee.state,
      pincode: franchisee.pincode,
      phone: franchisee.phone,
    };
    const lines = pool.slice(0, 3).map((p, i) => ({ id: p.id, qty: 2 + i }));
    const poids = await db.transaction((tx) =>
      writeHistoricalPlacement(tx, {
        user: franchisee,
        at,
        body: {
          orders: [{ wh: delhi.id, products: lines }],
          shippingAddress: address,
          billingAddress: address,
        } as PlaceOrderBody,
        shipToState: franchisee.state,
        warehouses: franchisee.warehouses,
        products: facts,
        rules: franchisee.rules,
        hasFoodLicense: franchisee.hasFoodLicense,
      }),
    );
    const day = (d: number) => new Date(at.getTime() + d * DAY);
    for (const poid of poids) await desk.confirm(staff, poid, {}, day(1));
    if (poids.length > 0) {
      const loadId = await loads.create(staff, { poids }, day(3));
      await loads.handOver(staff, loadId, { transporter: "Gati", docketNo: "GT17050801" }, day(4));
      await loads.ship(staff, loadId, { actualShippingDate: indiaDay(day(5)) }, day(5));
      await loads.deliver(staff, loadId, {}, day(9));
      const due = await invoicedIn(db, franchisee.id, new Date("2017-05-01T00:00:00+05:30"));
      const paid = await payments.submit(
        franchisee.id,
        {
          paymentData: {
            paymentType: "Cheque",
            referenceId: "CHQ170605",
            totalAmountPayable: paiseToDecimal(due.total),
            totalAmountPaid: paiseToDecimal(due.total),
            orders: due.poids,
            ledgerAccount: due.ledgerAccount,
          },
        },
        day(28),
      );
      await payments.steps.approve(staff, paid.id, day(30));
      totals.orders += poids.length;
      totals.loads++;
      totals.invoices++;
      totals.payments++;
    }
  }

  await staffRaisedReturns();

  // The franchisee's newest sales return waits to be sent back (Pending), so the SR screen has one to act on.
  const endFranchisee = partners.find((p) => p.email === "franchisee@demo.in");
  const srAt = new Date(endMs - 3 * DAY);
  const srLine = endFranchisee ? await deliveredLine(db, endFranchisee.id, srAt) : null;
  if (endFranchisee && srLine) {
    await salesReturns.steps.raise(
      staff,
      {
        invoice: srLine.invoiceId,
        userId: endFranchisee.id,
        lines: [{ poid: srLine.poid, productId: srLine.productId, quantity: 1 }],
      },
      srAt,
    );
    totals.salesReturns++;
  }

  await db.transaction(async (tx) => {
    // History was lived already: its mails went out long ago, and only the last month's notices are unread.
    await tx.delete(jobs).where(eq(jobs.kind, "mail"));
    await tx
      .update(notifications)
      .set({ readAt: options.end })
      .where(
        and(lt(notifications.createdAt, new Date(endMs - 30 * DAY)), sql`${notifications.readAt} IS NULL`),
      );
  });
  return { months: months.length, ...totals, durationMs: Math.round(performance.now() - started) };
}

async function loadPartners(db: Db): Promise<Partner[]> {
  const rows = await db
    .select({ user: users, franchiseCreatedAt: franchises.createdAt, concept: franchises.concept })
    .from(users)
    .leftJoin(franchises, eq(franchises.id, users.franchiseId))
    .where(inArray(users.email, Object.keys(ORDERS_PER_MONTH)))
    .orderBy(asc(users.id));
  const out: Partner[] = [];
  for (const { user, franchiseCreatedAt, concept } of rows) {
    const mapped = await db
      .select({ id: warehouses.id, name: warehouses.name, state: warehouses.state })
      .from(userWarehouses)
      .innerJoin(warehouses, eq(warehouses.id, userWarehouses.warehouseId))
      .where(and(eq(userWarehouses.userId, user.id), lt(warehouses.id, 99)))
      .orderBy(asc(warehouses.id));
    const ruleRows = await db.select().from(userRules).where(eq(userRules.userId, user.id));
    const block = ruleRows.filter((r) => r.kind === "block");
    const rules: RuleSet[] = block.length
      ? [
          {
            type: "block",
            categories: block.filter((r) => r.dimension === "category").map((r) => r.valueId),
            subcategories: block.filter((r) => r.dimension === "subcategory").map((r) => r.valueId),
            brands: block.filter((r) => r.dimension === "brand").map((r) => r.valueId),
            subcategoryTypes: block.filter((r) => r.dimension === "subcategoryType").map((r) => r.valueId),
          },
        ]
      : [];
    if (mapped.length === 0) continue;
    out.push({
      id: user.id,
      email: user.email,
      state: user.shippingState ?? user.state ?? HEAD_OFFICE_STATE,
      since: franchiseCreatedAt && franchiseCreatedAt < user.createdAt ? franchiseCreatedAt : user.createdAt,
      warehouses: mapped,
      rules,
      hasFoodLicense: user.hasFoodLicense,
      name: user.storeName ?? `${user.firstname} ${user.lastname}`,
      address1: user.shippingAddress1 ?? "Main Road",
      city: user.shippingCity ?? "Pune",
      pincode: user.shippingPincode ?? user.pincode ?? "411001",
      phone: user.phone ?? "9822000000",
      paysAfterMonths: user.email === "coco@demo.in" ? 5 : 1,
      isFranchisee: user.isFranchisee && user.enableARS,
      franchise:
        concept !== null && franchiseCreatedAt !== null ? { concept, createdAt: franchiseCreatedAt } : null,
    });
  }
  return out;
}

/** Plain, orderable products the history draws from (owned or credit-warehouse stock, not food). */
async function productPool(db: Db) {
  return db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.b2bIsActive, true),
        inArray(products.stockType, ["OwnedStock", "CreditWHStock"]),
        sql`${products.retailerMargin} > 0`,
        sql`${products.subcategoryId} NOT IN (79, 815)`,
      ),
    )
    .orderBy(asc(products.id))
    .limit(300);
}

/** A part confirmation: one line confirmed at about half its ordered quantity. */
async function partLines(db: Db, poid: string, rng: Random) {
  const lines = await db
    .select({ productId: purchaseOrderLines.productId, ordered: purchaseOrderLines.orderedQuantity })
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.poid, poid))
    .orderBy(asc(purchaseOrderLines.id));
  const line = lines.find((l) => l.ordered > 1);
  if (!line) return undefined;
  // A line may be left out entirely when the order has others.
  return [{ productId: line.productId, quantity: rng.int(lines.length > 1 ? 0 : 1, line.ordered - 1) }];
}

async function shortDelivery(db: Db, loadId: number, rng: Random) {
  const lines = await db
    .select({
      poid: purchaseOrderLines.poid,
      productId: purchaseOrderLines.productId,
      quantity: purchaseOrderLines.quantity,
    })
    .from(purchaseOrderLines)
    .innerJoin(purchaseOrders, eq(purchaseOrders.poid, purchaseOrderLines.poid))
    .where(and(eq(purchaseOrders.loadId, loadId), sql`${purchaseOrderLines.quantity} > 1`))
    .orderBy(asc(purchaseOrderLines.id))
    .limit(1);
  const line = lines[0];
  if (!line) return undefined;
  return [
    {
      poid: line.poid,
      productId: line.productId,
      deliveredQuantity: line.quantity - rng.int(1, Math.min(2, line.quantity - 1)),
    },
  ];
}

/** Tax invoices of a partner issued in a month: their total, orders and ledger account. */
async function invoicedIn(db: Db, userId: number, month: Date) {
  const from = indiaDay(month);
  const to = indiaDay(new Date(month.getTime() + 31 * DAY)).slice(0, 7);
  const rows = await db
    .select({ total: invoices.total, loadId: invoices.loadId, document: invoices.document })
    .from(invoices)
    .where(
      and(
        eq(invoices.userId, userId),
        eq(invoices.kind, "TAX INVOICE"),
        sql`${invoices.issuedOn} >= ${from} AND ${invoices.issuedOn} < ${`${to}-01`}`,
      ),
    );
  const poids = new Set<string>();
  let total = 0n;
  let ledgerAccount = 1;
  for (const r of rows) {
    total += toPaise(r.total);
    const doc = r.document as { lines: { poid: string }[]; company: { name: string } };
    for (const l of doc.lines) poids.add(l.poid);
    if (doc.company.name === ALTERNATE_COMPANY.name) ledgerAccount = 2;
  }
  return { total, poids: [...poids], ledgerAccount };
}

/**
 * The partner's newest tax invoice whose load was delivered before `before`, with the lines that
 * arrived whole (delivered as many as invoiced).
 */
async function newestDeliveredInvoice(db: Db, userId: number, before: Date) {
  const [row] = await db
    .select({ id: invoices.id, warehouseId: invoices.warehouseId, loadId: invoices.loadId })
    .from(invoices)
    .innerJoin(purchaseOrders, eq(purchaseOrders.loadId, invoices.loadId))
    .where(
      and(
        eq(invoices.userId, userId),
        eq(invoices.kind, "TAX INVOICE"),
        eq(purchaseOrders.status, "Delivered"),
        lt(purchaseOrders.deliveredAt, before),
      ),
    )
    .orderBy(sql`${invoices.issuedOn} DESC`, sql`${invoices.id} DESC`)
    .limit(1);
  if (!row || row.loadId === null) return null;
  const lines = await db
    .select({
      poid: purchaseOrderLines.poid,
      productId: purchaseOrderLines.productId,
      delivered: purchaseOrderLines.deliveredQuantity,
    })
    .from(purchaseOrderLines)
    .innerJoin(purchaseOrders, eq(purchaseOrders.poid, purchaseOrderLines.poid))
    .where(eq(purchaseOrders.loadId, row.loadId));
  const [stored] = await db
    .select({ document: invoices.document })
    .from(invoices)
    .where(eq(invoices.id, row.id));
  const printed = (stored?.document as { lines?: { poid: string; productId: number; quantity: number }[] })
    ?.lines;
  const shipped = new Map((printed ?? []).map((l) => [`${l.poid}:${l.productId}`, l.quantity]));
  const deliveredWhole = new Set(
    lines
      .filter((l) => l.delivered !== null && l.delivered === shipped.get(`${l.poid}:${l.productId}`))
      .map((l) => `${l.poid}:${l.productId}`),
  );
  return { id: row.id, warehouseId: row.warehouseId, deliveredWhole };
}

/** A delivered line of the partner's, delivered before `before`, with the tax invoice of its load. */
async function deliveredLine(db: Db, userId: number, before: Date) {
  const rows = await db
    .select({
      poid: purchaseOrderLines.poid,
      productId: purchaseOrderLines.productId,
      quantity: purchaseOrderLines.quantity,
      warehouseId: purchaseOrders.warehouseId,
      invoiceId: invoices.id,
    })
    .from(purchaseOrderLines)
    .innerJoin(purchaseOrders, eq(purchaseOrders.poid, purchaseOrderLines.poid))
    .innerJoin(invoices, and(eq(invoices.loadId, purchaseOrders.loadId), eq(invoices.kind, "TAX INVOICE")))
    .where(
      and(
        eq(purchaseOrders.userId, userId),
        eq(purchaseOrders.status, "Delivered"),
        lt(purchaseOrders.deliveredAt, before),
        sql`${purchaseOrderLines.quantity} >= 3`,
      ),
    )
    // The lines of one load are delivered at the same moment: ties are broken by order, product and line,
    // or PGlite and PostgreSQL (whose plans differ once it has analysed the tables) pick different lines.
    .orderBy(
      sql`${purchaseOrders.deliveredAt} DESC`,
      asc(purchaseOrderLines.poid),
      asc(purchaseOrderLines.productId),
      asc(purchaseOrderLines.id),
      asc(invoices.id),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** Each franchisee's ARS list (product ids), for its Monday replenishment orders. */
async function arsListsOf(db: Db): Promise<Map<number, number[]>> {
  const rows = await db
    .select({ userId: arsProducts.userId, productId: arsProducts.productId })
    .from(arsProducts)
    .orderBy(asc(arsProducts.userId), asc(arsProducts.productId));
  const lists = new Map<number, number[]>();
  for (const r of rows) lists.set(r.userId, [...(lists.get(r.userId) ?? []), r.productId]);
  return lists;
}
