import { and, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { rateLimits } from "../db/schema";
import { tooManyRequests } from "./errors";

/**
 * Counts events per key in a fixed window (per email, per address), in the database: every app
 * instance sharing it counts together. A hit is one atomic upsert, so concurrent hits never lose
 * a count.
 */
export class WindowLimiter {
  private hitsSinceSweep = 0;

  constructor(
    private readonly db: DbOrTx,
    /** Keeps this limiter's keys apart from the others' in the shared table. */
    private readonly name: string,
    readonly limit: number,
    private readonly windowMs: number,
    private readonly message: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private keyOf = (key: string) => `${this.name}:${key}`;

  /** The live count of each key (0 when none or its window has passed). */
  async counts(keys: readonly string[]): Promise<Map<string, { count: number; resetAt: Date }>> {
    const out = new Map<string, { count: number; resetAt: Date }>();
    if (keys.length === 0) return out;
    const rows = await this.db
      .select()
      .from(rateLimits)
      .where(inArray(rateLimits.key, keys.map(this.keyOf)));
    const now = this.now();
    for (const key of keys) {
      const row = rows.find((r) => r.key === this.keyOf(key));
      out.set(
        key,
        row && row.resetAt > now ? { count: row.count, resetAt: row.resetAt } : { count: 0, resetAt: now },
      );
    }
    return out;
  }

  /** The 429 for a key that has used up its window. */
  refusal(resetAt: Date) {
    return tooManyRequests(
      this.message,
      Math.max(1, Math.ceil((resetAt.getTime() - this.now().getTime()) / 1000)),
    );
  }

  /** Throws 429 when any key has used up its window. */
  async check(keys: readonly string[]): Promise<void> {
    for (const { count, resetAt } of (await this.counts(keys)).values()) {
      if (count >= this.limit) throw this.refusal(resetAt);
    }
  }

  /**
   * Counts one event for each key in one statement (rows locked in key order, so concurrent hits
   * never deadlock); answers each key's count and window end after it, in the order of `keys`.
   */
  async hit(keys: readonly string[]): Promise<{ count: number; resetAt: Date }[]> {
    if (keys.length === 0) return [];
    const now = this.now();
    const resetAt = new Date(now.getTime() + this.windowMs);
    const stored = [...new Set(keys.map(this.keyOf))].sort();
    const rows = await this.db
      .insert(rateLimits)
      .values(stored.map((key) => ({ key, count: 1, resetAt })))
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz THEN 1 ELSE ${rateLimits.count} + 1 END`,
          resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz THEN excluded.reset_at ELSE ${rateLimits.resetAt} END`,
        },
      })
      .returning({ key: rateLimits.key, count: rateLimits.count, resetAt: rateLimits.resetAt });
    if (++this.hitsSinceSweep >= 500) {
      this.hitsSinceSweep = 0;
      await this.db.delete(rateLimits).where(lte(rateLimits.resetAt, now));
    }
    return keys.map((key) => {
      const row = rows.find((r) => r.key === this.keyOf(key));
      if (!row) throw new Error(`rate limit ${this.keyOf(key)} was not counted`);
      return { count: row.count, resetAt: row.resetAt };
    });
  }

  /**
   * Takes back one event counted by `hit` (a sign-in that turned out right), in the window it was
   * counted in: a window that has since restarted is left alone.
   */
  async release(hits: readonly { key: string; resetAt: Date }[]): Promise<void> {
    for (const { key, resetAt } of hits) {
      await this.db
        .update(rateLimits)
        .set({ count: sql`${rateLimits.count} - 1` })
        .where(
          and(eq(rateLimits.key, this.keyOf(key)), eq(rateLimits.resetAt, resetAt), gt(rateLimits.count, 0)),
        );
    }
  }

  /**
   * Counts, then refuses past the limit: for requests limited whatever their outcome (reset mails,
   * sign-ups). Counting first makes the decision atomic: concurrent requests on any instance each
   * see their own count.
   */
  async take(keys: readonly string[]): Promise<void> {
    for (const { count, resetAt } of await this.hit(keys)) {
      if (count > this.limit) throw this.refusal(resetAt);
    }
  }

  async reset(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db.delete(rateLimits).where(and(inArray(rateLimits.key, keys.map(this.keyOf))));
  }
}
