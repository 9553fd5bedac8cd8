/**
 * A small in-process cache: entries live `ttlMs`, the oldest go first past `maxEntries`. Values may be
 * promises, so concurrent requests for one key share a single computation; a rejected one is dropped.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { at: number; value: V }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  getOrCompute(key: string, compute: () => V): V {
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < this.ttlMs) return hit.value;
    const value = compute();
    this.entries.delete(key);
    this.entries.set(key, { at: this.now(), value });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    if (value instanceof Promise) value.catch(() => this.entries.delete(key));
    return value;
  }

  delete(key: string) {
    this.entries.delete(key);
  }

  /** Drops every entry whose settled value matches (pending computations are dropped too). */
  async deleteWhere(match: (value: Awaited<V>) => boolean): Promise<void> {
    for (const [key, entry] of [...this.entries]) {
      const value = await Promise.resolve(entry.value).catch(() => null);
      if (value === null || match(value as Awaited<V>)) this.entries.delete(key);
    }
  }

  clear() {
    this.entries.clear();
  }
}
