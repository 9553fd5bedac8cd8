/**
 * Store performance's own facts in the demo world: each store's daily footfall, bills, repeat bills,
 * customer returns, loyalty takings and fortnightly audits (made to agree with its store_sales), and
 * the national network's peer stores day by day, for the national averages. A generator of its own
 * (`seed ^ 0x9e7f`) keeps the rest of the world unchanged.
 */
import {
  indiaDay,
  isStoreAuditDay,
  type PeriodTotals,
  performanceConfig,
  volumeScaleOf,
} from "@portal/domain";
import { Random } from "./random";
import { STORE_HISTORY_DAYS, STORE_SALES_DAYS } from "./store-trade";

/** A store's own daily facts beside its store_sales (the store-performance sums not made of sales). */
export interface StoreMetricRow
  extends Pick<
    PeriodTotals,
    "footfall" | "bills" | "repeatBills" | "returnedUnits" | "loyaltySalesPaise" | "auditScore"
  > {
  userId: number;
  day: string;
}

/** A peer store's day: the same sums a store's period is made of (`PeriodTotals`, one day). */
export interface PeerDayRow extends Omit<PeriodTotals, "days"> {
  peerNo: number;
  concept: string;
  day: string;
}

/** Peer stores per concept in the national network. */
export const PEER_STORES: Readonly<Record<string, number>> = { BABYHUG: 12, COCO: 6, KIOSK: 6 };

const dayBefore = (base: Date, daysBefore: number) =>
  indiaDay(new Date(base.getTime() - daysBefore * 86_400_000));
const between = (rng: Random, min: number, max: number) => min + rng.next() * (max - min);
const weekend = (day: string) => {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
};

export function storePerformanceRows(
  stores: readonly { userId: number }[],
  sales: readonly { userId: number; saleDate: string; qty: number; amountPaise: bigint }[],
  base: Date,
  seed: number,
): { metrics: StoreMetricRow[]; peers: PeerDayRow[] } {
  const rng = new Random(seed ^ 0x9e7f);
  const daily = new Map<string, { units: number; paise: number }>();
  for (const s of sales) {
    const key = `${s.userId}|${s.saleDate}`;
    const sum = daily.get(key) ?? { units: 0, paise: 0 };
    sum.units += s.qty;
    sum.paise += Number(s.amountPaise);
    daily.set(key, sum);
  }
  const metrics: StoreMetricRow[] = [];
  const metricRow = (random: Random, userId: number, day: string): StoreMetricRow => {
    const sold = daily.get(`${userId}|${day}`) ?? { units: 0, paise: 0 };
    const bills = sold.units === 0 ? 0 : Math.max(1, Math.round(sold.units / between(random, 1.8, 2.8)));
    return {
      userId,
      day,
      bills,
      footfall: bills === 0 ? random.int(4, 18) : Math.round(bills / between(random, 0.26, 0.44)),
      repeatBills: Math.round(bills * between(random, 0.32, 0.56)),
      returnedUnits: Math.round(sold.units * between(random, 0, 0.06)),
      loyaltySalesPaise: Math.round(sold.paise * between(random, 0.38, 0.62)),
      auditScore: isStoreAuditDay(day) ? random.int(70, 99) : null,
    };
  };
  for (const { userId } of stores)
    for (let back = STORE_SALES_DAYS; back >= 1; back--)
      metrics.push(metricRow(rng, userId, dayBefore(base, back)));

  /** Units sold a day by a BABYHUG store meeting its benchmark (config 2). */
  const unitsPerDay = performanceConfig(2).benchmark;
  const peers: PeerDayRow[] = [];
  interface Peer {
    peerNo: number;
    concept: string;
    size: number;
    sellingPrice: number;
    apparel: number;
    privateLabel: number;
    coverDays: number;
  }
  const peerRow = (random: Random, peer: Peer, day: string): PeerDayRow => {
    const units = Math.round(
      unitsPerDay * peer.size * (weekend(day) ? 1.3 : 0.9) * between(random, 0.75, 1.25),
    );
    const netSalesPaise = Math.round(units * peer.sellingPrice * between(random, 0.92, 1.08)) * 100;
    const bills = Math.max(1, Math.round(units / between(random, 2.0, 2.9)));
    return {
      peerNo: peer.peerNo,
      concept: peer.concept,
      day,
      netSalesPaise,
      units,
      bills,
      footfall: Math.round(bills / between(random, 0.28, 0.42)),
      repeatBills: Math.round(bills * between(random, 0.35, 0.55)),
      returnedUnits: Math.round(units * between(random, 0, 0.05)),
      apparelSalesPaise: Math.round(netSalesPaise * peer.apparel),
      privateLabelSalesPaise: Math.round(netSalesPaise * peer.privateLabel),
      loyaltySalesPaise: Math.round(netSalesPaise * between(random, 0.4, 0.6)),
      stockUnits: Math.round(unitsPerDay * peer.size * peer.coverDays * between(random, 0.9, 1.1)),
      auditScore: isStoreAuditDay(day) ? random.int(75, 99) : null,
    };
  };
  const allPeers: Peer[] = [];
  let peerNo = 0;
  for (const [concept, count] of Object.entries(PEER_STORES)) {
    for (let i = 0; i < count; i++) {
      peerNo++;
      const peer: Peer = {
        peerNo,
        concept,
        size: volumeScaleOf(concept) * between(rng, 0.7, 1.3),
        sellingPrice: between(rng, 760, 1080),
        apparel: between(rng, 0.3, 0.5),
        privateLabel: between(rng, 0.16, 0.32),
        coverDays: between(rng, 20, 42),
      };
      allPeers.push(peer);
      for (let back = STORE_SALES_DAYS; back >= 1; back--)
        peers.push(peerRow(rng, peer, dayBefore(base, back)));
    }
  }

  // The older days of the year (the 12-month trend), from a generator of their own: the last
  // 120 days above stay exactly as they were.
  const older = new Random(seed ^ 0x01d9e7f);
  for (const { userId } of stores)
    for (let back = STORE_HISTORY_DAYS; back > STORE_SALES_DAYS; back--)
      metrics.push(metricRow(older, userId, dayBefore(base, back)));
  for (const peer of allPeers)
    for (let back = STORE_HISTORY_DAYS; back > STORE_SALES_DAYS; back--)
      peers.push(peerRow(older, peer, dayBefore(base, back)));
  return { metrics, peers };
}
