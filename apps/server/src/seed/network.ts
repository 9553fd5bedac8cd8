/**
 * A network-sized world (issue 32): `stores` partner stores of every account type (BABYHUG
 * franchisees with ledger and ARS, COCO stores of the alternate company, stockists, kiosk stores)
 * with `years` of back-office history, made by the same services and steps the demo history uses:
 * placements priced as POST /api/order prices them (`writeHistoricalPlacement`: the one tax engine),
 * the order desk's confirm and cancel, loads built, handed over, shipped (tax invoices from the
 * gapless counters, ledger debits) and delivered, payments submitted and approved, the ageing job at
 * each month end. Each month's placements of every store are written in one transaction.
 * Deterministic: the same seed, store count and years give the same network. Seeded on top of the
 * demo world (its warehouses, catalogue and staff).
 */
import type { PlaceOrderBody } from "@portal/contracts";
import {
  DEMO_PASSWORD,
  GST_STATE_CODES,
  gstinCheckCharacter,
  indiaDay,
  indiaDayStart,
  paiseToDecimal,
  type RuleSet,
  servingCompanyOf,
  toPaise,
} from "@portal/domain";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { bulkInsert } from "../db/bulk-insert";
import type { Db, DbOrTx } from "../db/client";
import {
  arsProducts,
  auditLog,
  franchises,
  invoices,
  jobs,
  notifications,
  products,
  users,
  userWarehouses,
  warehouses,
} from "../db/schema";
import { hashPassword } from "../lib/password";
import {
  createEwayBillService,
  createSandboxEwb,
  enterNeededEwayBills,
  ewayBillBlock,
} from "../modules/gst/public";
import { createLedgerService } from "../modules/ledger/public";
import {
  createLoads,
  createLoadsService,
  deliverLoadsInFull,
  handOverLoads,
  type LoadStepRecords,
  lockLoad,
  shipLoads,
} from "../modules/loads/public";
import {
  cancelOrders,
  confirmOrdersInFull,
  createOrderDeskService,
  type StepRecords,
} from "../modules/order-desk/public";
import {
  type HistoricalPlacement,
  productFactsOf,
  type WarehouseFacts,
  writeHistoricalPlacement,
  writeHistoricalPlacements,
} from "../modules/orders/public";
import { createPaymentsService, submitPayments } from "../modules/payments/public";
import { inAppOnly } from "./notify";
import { Random } from "./random";

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Staff confirm, load, ship and deliver; these transporters hand the loads over. */
const TRANSPORTERS = ["Blue Dart", "Delhivery", "Gati", "DTDC", "Safexpress"];
/** Products on each network franchisee's ARS list. */
const ARS_LIST_SIZE = 40;
/** The network's stores sign in as `store0001@network.demo.in` … with the demo password. */
export const NETWORK_EMAIL_DOMAIN = "network.demo.in";
export const networkEmail = (n: number) => `store${String(n).padStart(4, "0")}@${NETWORK_EMAIL_DOMAIN}`;

/** The kinds of store, in the order they repeat: franchisees most, then stockists, kiosks and COCO stores. */
const KINDS = [
  "franchise",
  "stockist",
  "franchise",
  "kiosk",
  "franchise",
  "coco",
  "stockist",
  "franchise",
] as const;
type Kind = (typeof KINDS)[number];

/** Orders (placements) a month per kind of store: about 8 on average, as a busy network's are. */
const PLACEMENTS_PER_MONTH: Record<Kind, number> = { franchise: 10, coco: 8, stockist: 7, kiosk: 4 };

/** Cities of the network (state, pincode) and the warehouses stores there order from. */
const CITIES = [
  { city: "Pune", state: "Maharashtra", pincode: "411001", warehouses: [2, 5] },
  { city: "Mumbai", state: "Maharashtra", pincode: "400001", warehouses: [2, 5] },
  { city: "Nagpur", state: "Maharashtra", pincode: "440001", warehouses: [2] },
  { city: "New Delhi", state: "Delhi", pincode: "110001", warehouses: [3, 2] },
  { city: "Bengaluru", state: "Karnataka", pincode: "560001", warehouses: [7, 2] },
  { city: "Chennai", state: "Tamil Nadu", pincode: "600042", warehouses: [7, 2] },
  { city: "Hyderabad", state: "Telangana", pincode: "500082", warehouses: [7, 2] },
  { city: "Ahmedabad", state: "Gujarat", pincode: "380001", warehouses: [2, 3] },
  { city: "Jaipur", state: "Rajasthan", pincode: "302001", warehouses: [3, 2] },
  { city: "Kolkata", state: "West Bengal", pincode: "700001", warehouses: [3, 7] },
] as const;

export interface NetworkOptions {
  /** How many partner stores (the issue's network is 500). */
  stores: number;
  /** Years of history ending at `end` (default 9). */
  years?: number;
  /** The end of history (the demo world's base date). */
  end: Date;
  seed?: number;
  /** Scales every store's placements a month (default 1). */
  pace?: number;
  log?: (message: string) => void;
  /**
   * Each step for many documents at once (default): the same rows as one document at a time, in a
   * few multi-row statements per month. False walks every document through the services one by one.
   */
  batched?: boolean;
}

/**
 * Within a batched step's transaction, look-ups by key use the primary keys: a poid compared with
 * many at once would otherwise be planned on the trigram index (a bitmap scan), whose common
 * trigrams make it slower with every month of orders.
 */
async function planOnKeys(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
}

/** The notices and audit entries a batched step made, written in a few multi-row statements. */
async function writeRecords(tx: DbOrTx, records: StepRecords): Promise<void> {
  await bulkInsert(
    tx,
    notifications,
    records.notices.map((n) => ({
      userId: n.userId,
      title: n.title,
      message: n.message,
      target: n.target,
      createdAt: n.at,
    })),
  );
  await bulkInsert(
    tx,
    auditLog,
    records.audit.map((e) => ({
      actorId: e.actorId,
      action: e.action,
      entity: e.entity,
      entityId: String(e.entityId),
      before: e.before ?? null,
      after: e.after ?? null,
      at: e.at,
      actorMemberId: e.actorMemberId ?? null,
    })),
  );
}

export interface NetworkSummary {
  stores: number;
  months: number;
  placements: number;
  orders: number;
  loads: number;
  invoices: number;
  payments: number;
  cancelled: number;
  durationMs: number;
}

interface Store {
  id: number;
  email: string;
  kind: Kind;
  state: string;
  since: Date;
  warehouses: WarehouseFacts[];
  rules: RuleSet[];
  hasFoodLicense: boolean;
  franchise: { concept: string; createdAt: Date } | null;
  ledgerAccount: 1 | 2;
  address: PlaceOrderBody["shippingAddress"];
}

const PAN_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ";

/** A valid GSTIN for the store's state: the state's code, a made-up PAN, entity 1, Z, the check character. */
function gstinOf(state: string, n: number): string {
  const code = GST_STATE_CODES[state as keyof typeof GST_STATE_CODES];
  const letters = [7, 11, 13, 17, 19]
    .map((k) => PAN_LETTERS.charAt((n * k + k) % PAN_LETTERS.length))
    .join("");
  const first14 = `${code}${letters.slice(0, 3)}P${letters.charAt(4)}${String(n % 10_000).padStart(4, "0")}N1Z`;
  return `${first14}${gstinCheckCharacter(first14)}`;
}

const monthStart = (year: number, month: number) =>
  indiaDayStart(`${year}-${String(month).padStart(2, "0")}-01`);

/** The `count` months before the month of `end`. */
function monthsBefore(end: Date, count: number): Date[] {
  let y = Number(indiaDay(end).slice(0, 4));
  let m = Number(indiaDay(end).slice(5, 7));
  const out: Date[] = [];
  for (let i = 0; i < count; i++) {
    m--;
    if (m === 0) {
      m = 12;
      y--;
    }
    out.unshift(monthStart(y, m));
  }
  return out;
}

/** Creates the stores (users, franchises, warehouse mapping) in one transaction. */
async function createStores(db: Db, count: number, first: Date, end: Date, rng: Random): Promise<Store[]> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const known = new Map(
    (
      await db.select({ id: warehouses.id, name: warehouses.name, state: warehouses.state }).from(warehouses)
    ).map((w) => [w.id, w]),
  );
  return db.transaction(async (tx) => {
    await planOnKeys(tx);
    const out: Store[] = [];
    for (let n = 1; n <= count; n++) {
      const kind = KINDS[(n - 1) % KINDS.length] as Kind;
      const place = CITIES[(n * 7 + Math.floor(n / KINDS.length)) % CITIES.length] ?? CITIES[0];
      // Most stores are there from the first month; one in four opens later, in the first half of the history.
      const opensLater = kind !== "coco" && rng.chance(0.25);
      const halfDays = Math.max(31, Math.floor((end.getTime() - first.getTime()) / DAY / 2));
      const since =
        kind === "coco"
          ? first
          : new Date(first.getTime() + (opensLater ? rng.int(30, halfDays) : 0) * DAY + 10 * HOUR);
      const franchiseRow =
        kind === "stockist"
          ? null
          : {
              concept: kind === "coco" ? "COCO" : kind === "kiosk" ? "KIOSK" : "BABYHUG",
              name: `Babyhug ${kind === "kiosk" ? "Kiosk" : kind === "coco" ? "COCO" : "FC"} ${place.city} ${n}`,
              // COCO stores of the spec's window are served by the alternate company (ledger account 2).
              createdAt: kind === "coco" ? new Date("2018-03-20T00:00:00+05:30") : since,
            };
      let franchiseId: number | null = null;
      if (franchiseRow) {
        const [f] = await tx.insert(franchises).values(franchiseRow).returning({ id: franchises.id });
        franchiseId = f?.id ?? null;
      }
      const storeName =
        franchiseRow?.name ??
        `${["Little Steps", "Tiny Tots", "Kids Corner", "Baby World"][n % 4]} ${place.city} ${n}`;
      const flags = {
        offer: kind === "franchise",
        canViewStorePerformance: kind === "franchise",
        canOrder: true,
        canCartUpload: kind !== "kiosk",
        isFranchisee: kind === "franchise" || kind === "coco",
        enableLedger: kind === "franchise" || kind === "coco",
        hasFoodLicense: kind === "franchise",
        enableARS: false,
      };
      const [user] = await tx
        .insert(users)
        .values({
          email: networkEmail(n),
          passwordHash,
          role: "user",
          accountType: kind === "coco" ? "franchise" : kind,
          firstname: ["Rahul", "Sneha", "Vikram", "Anjali", "Suresh", "Kavita"][n % 6] ?? "Rahul",
          lastname: ["Sharma", "Patel", "Reddy", "Kulkarni", "Nair", "Singh", "Joshi"][n % 7] ?? "Sharma",
          storeName,
          phone: `98${String(20_000_000 + n).padStart(8, "0")}`,
          ...flags,
          pincode: place.pincode,
          state: place.state,
          gstin: gstinOf(place.state, n),
          shippingAddress1: `Shop ${n}, Main Road`,
          shippingAddress2: null,
          shippingCity: place.city,
          shippingState: place.state,
          shippingPincode: place.pincode,
          franchiseId,
          createdAt: since,
        })
        .returning({ id: users.id });
      if (!user) throw new Error(`Could not create ${networkEmail(n)}`);
      const mapped = place.warehouses.filter((id) => known.has(id));
      await tx.insert(userWarehouses).values(mapped.map((warehouseId) => ({ userId: user.id, warehouseId })));
      const franchise = franchiseRow
        ? { concept: franchiseRow.concept, createdAt: franchiseRow.createdAt }
        : null;
      out.push({
        id: user.id,
        email: networkEmail(n),
        kind,
        state: place.state,
        since,
        warehouses: mapped.flatMap((id) => {
          const w = known.get(id);
          return w ? [w] : [];
        }),
        rules: [],
        hasFoodLicense: flags.hasFoodLicense,
        franchise,
        ledgerAccount: servingCompanyOf(franchise).ledgerAccount,
        address: {
          name: storeName,
          address1: `Shop ${n}, Main Road`,
          address2: undefined,
          city: place.city,
          state: place.state,
          pincode: place.pincode,
          phone: `98${String(20_000_000 + n).padStart(8, "0")}`,
        },
      });
    }
    return out;
  });
}

/** Plain, orderable products the network orders (owned or credit-warehouse stock, not food). */
async function productPool(db: Db, size: number) {
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
    .limit(size);
}

/**
 * Seeds the network's stores and history into a database that holds the demo world. Resolves to
 * what was made.
 */
export async function seedNetwork(db: Db, options: NetworkOptions): Promise<NetworkSummary> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const rng = new Random((options.seed ?? 20_261_101) ^ 0x4e37);
  const pace = options.pace ?? 1;
  const batched = options.batched ?? true;
  const endMs = options.end.getTime();
  const months = monthsBefore(options.end, Math.round((options.years ?? 9) * 12));
  const first = months[0] ?? options.end;
  const age = (at: Date) => (endMs - at.getTime()) / DAY;

  const batch = { db, notify: inAppOnly };
  const desk = createOrderDeskService(batch).steps;
  const loads = createLoadsService(batch).steps;
  const payments = createPaymentsService(batch);
  const ledger = createLedgerService({ db });
  // Loads worth more than the e-way bill limit ship with one: staff enter the number of the e-way bill
  // they made on the NIC portal (12 digits, one per load), as the load desk lets them.
  let clock = options.end;
  const ewayBills = createEwayBillService({ db, ewb: createSandboxEwb(() => clock), now: () => clock });
  const ewayBillBefore = async (loadId: number, day: string, at: Date) => {
    const load = await lockLoad(db, loadId);
    if (!load || (await ewayBillBlock(db, load, day)) === null) return;
    clock = at;
    await ewayBills.enter(
      staff.id,
      loadId,
      { number: String(700_000_000_000 + loadId), validUntil: null },
      at,
    );
  };
  const [staffRow] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  if (!staffRow) throw new Error("The network is seeded on top of the demo world: no staff user found");
  const staff = { id: staffRow.id };

  const stores = await createStores(db, options.stores, first, options.end, rng);
  log(`${stores.length} network stores created`);
  const pool = await productPool(db, 600);
  if (pool.length < 20) throw new Error("The network needs a catalogue of at least a few hundred products");
  const facts = await productFactsOf(
    db,
    pool.map((p) => p.id),
  );

  const totals = { placements: 0, orders: 0, loads: 0, invoices: 0, payments: 0, cancelled: 0 };
  /** The orders the planner's statistics last counted. */
  let analyzedAt = 0;
  /** Milliseconds spent in each step, for the log. */
  const spent: Record<string, number> = {};
  const timed = async <T>(step: string, work: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    try {
      return await work();
    } finally {
      spent[step] = (spent[step] ?? 0) + performance.now() - t0;
    }
  };
  /** The last moment of each warehouse's tax-invoice series: shipments of one warehouse follow each other. */
  const seriesLast = new Map<number, number>();
  const inSeriesOrder = (wh: number, at: Date) => {
    const last = seriesLast.get(wh);
    return last !== undefined && at.getTime() <= last ? new Date(last + 60_000) : at;
  };
  /** Each store's loads shipped per month: paid on the 5th of the month after. */
  const shippedLoads = new Map<number, number[]>();
  /** The orders of each load, for the payment's order list. */
  const loadOrders = new Map<number, string[]>();

  for (const [monthIndex, month] of months.entries()) {
    const next = new Date(month.getTime() + 31 * DAY);
    // Payments first: on the 5th each store pays the tax invoices of the loads shipped last month.
    const payAt = new Date(month.getTime() + 4 * DAY + 11 * HOUR);
    if (payAt.getTime() < endMs) {
      // Each shipped load's tax invoice total, read once for every store.
      const shipped = [...shippedLoads.values()].flat();
      const invoiced = new Map<number, bigint>();
      if (batched && shipped.length > 0)
        for (const r of await db
          .select({ loadId: invoices.loadId, total: invoices.total })
          .from(invoices)
          .where(and(inArray(invoices.loadId, shipped), eq(invoices.kind, "TAX INVOICE"))))
          if (r.loadId !== null) invoiced.set(r.loadId, (invoiced.get(r.loadId) ?? 0n) + toPaise(r.total));
      const paying: Parameters<typeof submitPayments>[2][number][] = [];
      for (const store of stores) {
        const loadIds = shippedLoads.get(store.id) ?? [];
        shippedLoads.delete(store.id);
        if (loadIds.length === 0) continue;
        const rows = batched
          ? loadIds.map((id) => ({ total: paiseToDecimal(invoiced.get(id) ?? 0n) }))
          : await db
              .select({ total: invoices.total })
              .from(invoices)
              .where(and(inArray(invoices.loadId, loadIds), eq(invoices.kind, "TAX INVOICE")));
        const total = rows.reduce((sum, r) => sum + toPaise(r.total), 0n);
        if (total === 0n) continue;
        const poids = loadIds.flatMap((id) => loadOrders.get(id) ?? []);
        for (const id of loadIds) loadOrders.delete(id);
        if (batched) {
          const body = {
            paymentData: {
              paymentType: rng.pick(["Cheque", "Neft", "RTGS"] as const),
              referenceId: `UTR${indiaDay(payAt).replaceAll("-", "")}N${store.id}`,
              totalAmountPayable: paiseToDecimal(total),
              totalAmountPaid: paiseToDecimal(total),
              orders: poids.slice(0, 200),
              ledgerAccount: store.ledgerAccount,
            },
          };
          totals.payments++;
          const decideAt = new Date(payAt.getTime() + rng.int(1, 3) * DAY);
          const approves = decideAt.getTime() < endMs && age(decideAt) > 4;
          paying.push({ userId: store.id, body, at: payAt, approveAt: approves ? decideAt : null });
          continue;
        }
        const submitted = await timed("pay", () =>
          payments.submit(
            store.id,
            {
              paymentData: {
                paymentType: rng.pick(["Cheque", "Neft", "RTGS"] as const),
                referenceId: `UTR${indiaDay(payAt).replaceAll("-", "")}N${store.id}`,
                totalAmountPayable: paiseToDecimal(total),
                totalAmountPaid: paiseToDecimal(total),
                orders: poids.slice(0, 200),
                ledgerAccount: store.ledgerAccount,
              },
            },
            payAt,
          ),
        );
        totals.payments++;
        const decideAt = new Date(payAt.getTime() + rng.int(1, 3) * DAY);
        if (decideAt.getTime() < endMs && age(decideAt) > 4)
          await timed("approve", () => payments.steps.approve(staff, submitted.id, decideAt));
      }
      if (paying.length > 0)
        await timed("pay", () =>
          db.transaction(async (tx) => {
            await planOnKeys(tx);
            const records: StepRecords = { notices: [], audit: [] };
            await submitPayments(tx, staff, paying, records);
            await writeRecords(tx, records);
          }),
        );
    }

    // The month's placements of every store, in one transaction.
    const placed: { store: Store; poid: string; at: Date; wh: number }[] = [];
    const queued: { input: HistoricalPlacement; store: Store; at: Date; wh: number }[] = [];
    await timed("place", () =>
      db.transaction(async (tx) => {
        await planOnKeys(tx);
        for (const store of stores) {
          if (store.since >= next) continue;
          const base = PLACEMENTS_PER_MONTH[store.kind] * pace;
          const count = Math.floor(base) + (rng.chance(base % 1) ? 1 : 0);
          const mine: { at: Date; wh: number; body: PlaceOrderBody }[] = [];
          for (let i = 0; i < count; i++) {
            const at = new Date(
              month.getTime() + rng.int(0, 27) * DAY + rng.int(10, 18) * HOUR + rng.int(0, 59) * 60_000,
            );
            if (at < store.since || at.getTime() >= endMs) continue;
            const wh = rng.pick(store.warehouses);
            const lines = rng.sample(pool, rng.int(4, 9)).map((p) => ({ id: p.id, qty: rng.int(1, 12) }));
            mine.push({
              at,
              wh: wh.id,
              body: {
                orders: [{ wh: wh.id, products: lines }],
                shippingAddress: store.address,
                billingAddress: store.address,
              } as PlaceOrderBody,
            });
          }
          mine.sort((a, b) => a.at.getTime() - b.at.getTime());
          for (const p of mine) {
            const input = {
              user: store,
              at: p.at,
              body: p.body,
              shipToState: store.state,
              warehouses: store.warehouses,
              products: facts,
              rules: store.rules,
              hasFoodLicense: store.hasFoodLicense,
            };
            if (batched) {
              queued.push({ input, store, at: p.at, wh: p.wh });
              continue;
            }
            const poids = await writeHistoricalPlacement(tx, input);
            totals.placements++;
            for (const poid of poids) placed.push({ store, poid, at: p.at, wh: p.wh });
          }
        }
        // The batched path: every placement of the month planned alike, written in a few statements.
        const written = await writeHistoricalPlacements(
          tx,
          queued.map((q) => q.input),
        );
        queued.forEach((q, i) => {
          totals.placements++;
          for (const poid of written[i] ?? []) placed.push({ store: q.store, poid, at: q.at, wh: q.wh });
        });
      }),
    );
    totals.orders += placed.length;

    // The desk: most orders confirmed within two days, a few cancelled; the newest still wait.
    const confirmed = new Map<string, { poid: string; at: Date }[]>();
    const toConfirm: { poid: string; at: Date }[] = [];
    const toCancel: { poid: string; reason: string; at: Date }[] = [];
    for (const o of placed) {
      const decideAt = new Date(o.at.getTime() + rng.int(2, 40) * HOUR);
      if (age(o.at) < 6 || decideAt.getTime() >= endMs) continue;
      if (rng.chance(0.04)) {
        if (batched) toCancel.push({ poid: o.poid, reason: "Partner asked to cancel", at: decideAt });
        else await timed("cancel", () => desk.cancel(staff, o.poid, "Partner asked to cancel", decideAt));
        totals.cancelled++;
        continue;
      }
      if (batched) toConfirm.push({ poid: o.poid, at: decideAt });
      else await timed("confirm", () => desk.confirm(staff, o.poid, {}, decideAt));
      // One load per store, warehouse and half month.
      const half = o.at.getTime() - month.getTime() < 14 * DAY ? 0 : 1;
      const key = `${o.store.id}:${o.wh}:${half}`;
      confirmed.set(key, [...(confirmed.get(key) ?? []), { poid: o.poid, at: decideAt }]);
    }

    if (toConfirm.length + toCancel.length > 0)
      await timed("confirm", () =>
        db.transaction(async (tx) => {
          await planOnKeys(tx);
          const records = { notices: [], audit: [] } satisfies StepRecords;
          await cancelOrders(tx, staff, toCancel, records);
          await confirmOrdersInFull(tx, staff, toConfirm, records);
          await writeRecords(tx, records);
        }),
      );

    // Loads, in the order they are built, so each warehouse's invoices are numbered in date order.
    const builds = [...confirmed.entries()].flatMap(([key, orders]) => {
      const [storeId, wh] = key.split(":").map(Number) as [number, number];
      const ready = orders.filter((o) => age(o.at) >= 14);
      if (ready.length === 0) return [];
      const latest = Math.max(...ready.map((o) => o.at.getTime()));
      return [
        { storeId, wh, poids: ready.map((o) => o.poid), createdAt: new Date(latest + rng.int(1, 3) * DAY) },
      ];
    });
    builds.sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.storeId - b.storeId || a.wh - b.wh,
    );
    if (!batched)
      for (const b of builds) {
        if (b.createdAt.getTime() >= endMs) continue;
        const loadId = await timed("load", () => loads.create(staff, { poids: b.poids }, b.createdAt));
        totals.loads++;
        const handAt = new Date(b.createdAt.getTime() + rng.int(1, 2) * DAY);
        if (handAt.getTime() >= endMs) continue;
        const docketNo = `${rng.pick(["BD", "DL", "GT", "DT", "SX"])}N${String(loadId).padStart(8, "0")}`;
        const transporter = rng.pick(TRANSPORTERS);
        await timed("handOver", () => loads.handOver(staff, loadId, { transporter, docketNo }, handAt));
        const shipAt = inSeriesOrder(b.wh, new Date(handAt.getTime() + rng.int(1, 2) * DAY));
        if (shipAt.getTime() >= endMs) continue;
        await timed("eway", () => ewayBillBefore(loadId, indiaDay(shipAt), shipAt));
        await timed("ship", () =>
          loads.ship(staff, loadId, { actualShippingDate: indiaDay(shipAt) }, shipAt),
        );
        seriesLast.set(b.wh, shipAt.getTime());
        totals.invoices++;
        shippedLoads.set(b.storeId, [...(shippedLoads.get(b.storeId) ?? []), loadId]);
        loadOrders.set(loadId, b.poids);
        const deliverAt = new Date(shipAt.getTime() + rng.int(3, 6) * DAY);
        if (deliverAt.getTime() >= endMs || age(shipAt) < 14) continue;
        await timed("deliver", () => loads.deliver(staff, loadId, {}, deliverAt));
      }

    if (batched) {
      // The same schedule (the same draws in the same order), then each step for every load at once.
      const plan: {
        b: (typeof builds)[number];
        hand: { at: Date; prefix: string; transporter: string } | null;
        shipAt?: Date | null;
        deliverAt?: Date | null;
      }[] = [];
      for (const b of builds) {
        if (b.createdAt.getTime() >= endMs) continue;
        const handAt = new Date(b.createdAt.getTime() + rng.int(1, 2) * DAY);
        if (handAt.getTime() >= endMs) {
          plan.push({ b, hand: null });
          continue;
        }
        const prefix = rng.pick(["BD", "DL", "GT", "DT", "SX"]);
        const transporter = rng.pick(TRANSPORTERS);
        const shipAt = inSeriesOrder(b.wh, new Date(handAt.getTime() + rng.int(1, 2) * DAY));
        if (shipAt.getTime() >= endMs) {
          plan.push({ b, hand: { at: handAt, prefix, transporter }, shipAt: null });
          continue;
        }
        seriesLast.set(b.wh, shipAt.getTime());
        const deliverAt = new Date(shipAt.getTime() + rng.int(3, 6) * DAY);
        const delivers = !(deliverAt.getTime() >= endMs || age(shipAt) < 14);
        plan.push({
          b,
          hand: { at: handAt, prefix, transporter },
          shipAt,
          deliverAt: delivers ? deliverAt : null,
        });
      }
      const ids = await timed("load", () =>
        db.transaction(async (tx) => {
          await planOnKeys(tx);
          const records: LoadStepRecords = { notices: [], audit: [] };
          const made = await createLoads(
            tx,
            staff,
            plan.map((p) => ({ poids: p.b.poids, at: p.b.createdAt })),
            records,
          );
          const handed = plan.flatMap((p, i) => {
            const id = made[i];
            return p.hand && id !== undefined
              ? [
                  {
                    id,
                    transporter: p.hand.transporter,
                    docketNo: `${p.hand.prefix}N${String(id).padStart(8, "0")}`,
                    at: p.hand.at,
                  },
                ]
              : [];
          });
          await handOverLoads(tx, staff, handed, records);
          await writeRecords(tx, records);
          return made;
        }),
      );
      totals.loads += ids.length;
      const shipping = plan.flatMap((p, i) => {
        const id = ids[i];
        return p.shipAt && id !== undefined ? [{ p, id, shipAt: p.shipAt }] : [];
      });
      await timed("eway", () =>
        db.transaction(async (tx) => {
          await planOnKeys(tx);
          const records: LoadStepRecords = { notices: [], audit: [] };
          await enterNeededEwayBills(
            tx,
            staff.id,
            shipping.map((s) => ({ loadId: s.id, day: indiaDay(s.shipAt), at: s.shipAt })),
            (loadId) => String(700_000_000_000 + loadId),
            records,
          );
          await writeRecords(tx, records);
        }),
      );
      await timed("ship", () =>
        db.transaction(async (tx) => {
          await planOnKeys(tx);
          const records: LoadStepRecords = { notices: [], audit: [] };
          await shipLoads(
            tx,
            staff,
            shipping.map((s) => ({ id: s.id, day: indiaDay(s.shipAt), at: s.shipAt })),
            records,
          );
          await deliverLoadsInFull(
            tx,
            staff,
            shipping.flatMap((s) => (s.p.deliverAt ? [{ id: s.id, at: s.p.deliverAt }] : [])),
            records,
          );
          await writeRecords(tx, records);
        }),
      );
      for (const s of shipping) {
        totals.invoices++;
        shippedLoads.set(s.p.b.storeId, [...(shippedLoads.get(s.p.b.storeId) ?? []), s.id]);
        loadOrders.set(s.id, s.p.b.poids);
      }
    }

    // Month end: the ageing job.
    const monthEnd = new Date(next.getTime() - 5 * DAY);
    if (monthEnd.getTime() < endMs) await timed("ageing", () => ledger.runAgeing(monthEnd));
    // The tables grow from nothing: fresh statistics keep the planner on the primary keys (stale
    // ones send a poid look-up to the trigram index, slower with every month).
    if (totals.orders > analyzedAt * 1.25) {
      analyzedAt = totals.orders;
      await timed("analyze", () =>
        db.execute(
          sql`ANALYZE purchase_orders, purchase_order_lines, loads, invoices, ledger_entries, payments, eway_bills`,
        ),
      );
    }
    // History was lived already: its mails went out long ago.
    await db.delete(jobs).where(eq(jobs.kind, "mail"));
    log(
      `network: ${indiaDay(month).slice(0, 7)} (${monthIndex + 1}/${months.length}): ${totals.orders} orders, ` +
        `${totals.invoices} invoices, ${totals.payments} payments, ${Math.round((performance.now() - started) / 1000)} s`,
    );
  }
  // The franchisees' automatic replenishment lists (the Monday ARS job places them): 40 products of
  // the network's pool each, a target stock of 6 to 30 units.
  const arsRows = stores
    .filter((s) => s.kind === "franchise")
    .flatMap((s, n) =>
      Array.from({ length: Math.min(ARS_LIST_SIZE, pool.length) }, (_, i) => {
        const product = pool[(n * 13 + i * 7) % pool.length] as { id: number };
        return { userId: s.id, productId: product.id, targetStock: 6 + ((n + i) % 5) * 6 };
      }),
    );
  const uniqueArs = [...new Map(arsRows.map((r) => [`${r.userId}:${r.productId}`, r])).values()];
  for (let i = 0; i < uniqueArs.length; i += 1000)
    await db.insert(arsProducts).values(uniqueArs.slice(i, i + 1000));
  log(`${uniqueArs.length} ARS list lines for the network's franchisees`);
  // A history written at once has no visibility map until autovacuum comes round, and the planner then
  // prices an index-only scan as heap visits: the staff queue sorted by warehouse name walked the primary
  // key instead of `(warehouse_id, poid)`, 3 s a page on 500 stores (0.4 ms after this).
  await timed("vacuum", () =>
    db.execute(
      sql`VACUUM ANALYZE purchase_orders, purchase_order_lines, loads, invoices, ledger_entries, payments, eway_bills`,
    ),
  );
  log(
    `network steps (s): ${Object.entries(spent)
      .map(([step, ms]) => `${step} ${(ms / 1000).toFixed(1)}`)
      .join(", ")}`,
  );
  return {
    stores: stores.length,
    months: months.length,
    ...totals,
    durationMs: Math.round(performance.now() - started),
  };
}
