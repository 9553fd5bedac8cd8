import { tooManyRequests } from "./errors";

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Counts events per key in a fixed window (per email, per address). In memory: each app instance
 * counts its own, which bounds a guesser to `limit` tries per instance per window.
 */
export class WindowLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly message: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws 429 when any key has used up its window. */
  check(keys: readonly string[]): void {
    const now = this.now();
    for (const key of keys) {
      const w = this.windows.get(key);
      if (w && w.resetAt > now && w.count >= this.limit) {
        throw tooManyRequests(this.message, Math.ceil((w.resetAt - now) / 1000));
      }
    }
  }

  hit(keys: readonly string[]): void {
    const now = this.now();
    if (this.windows.size > 50_000) this.sweep(now);
    for (const key of keys) {
      const w = this.windows.get(key);
      if (!w || w.resetAt <= now) this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      else w.count += 1;
    }
  }

  reset(keys: readonly string[]): void {
    for (const key of keys) this.windows.delete(key);
  }

  private sweep(now: number) {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}
