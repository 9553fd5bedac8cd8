import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";

/**
 * What suggestions read besides the products, held in this process per catalogue epoch: the search
 * vocabulary (`search_words`) and the names of categories, subcategories and brands. A change to any of
 * these tables bumps the epoch (migrations 0019 and 0046), which the catalogue index reads on every look,
 * so a request answered from here sees what was committed before it, as the SQL it replaces did.
 *
 * The matching is PostgreSQL's, done in TypeScript: pg_trgm's trigrams and similarity (a float4 ratio
 * of shared to all distinct trigrams) and the `~` word-start test; the rows are kept in the order a
 * scan of their table returns them, which is the order the `LIMIT` without `ORDER BY` took them in.
 */

/** pg_trgm's word characters: letters and digits (ASCII ones as `isalnum`, others as the locale's letters). */
const WORDS = /[\p{L}\p{N}]+/gu;

/** pg_trgm's trigrams of a text: each lower-cased word padded with two blanks before and one after. */
export function trigramsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const match of text.toLowerCase().matchAll(WORDS)) {
    const chars = [" ", " ", ...match[0], " "];
    for (let i = 0; i + 3 <= chars.length; i++) out.add(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  }
  return out;
}

/** pg_trgm's `similarity`: shared trigrams over all distinct ones, as the float4 it returns. */
export function similarityOf(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const t of small) if (large.has(t)) shared++;
  return Math.fround(shared / (a.size + b.size - shared));
}

/** pg_trgm's default `similarity_threshold`, which the `%` operator compares with. */
const SIMILAR = 0.3;
/** The vocabulary's correction threshold (a transposed pair of letters scores about 0.27). */
const CORRECTABLE = 0.2;

interface Named {
  id: number;
  name: string;
  lower: string;
  trigrams: Set<string>;
}

/** `lower(name) ~ '(^|[^a-z0-9])word' OR lower(name) % word` for every word. */
function matchesAll(row: Named, tests: readonly { start: RegExp; trigrams: Set<string> }[]): boolean {
  return tests.every((t) => t.start.test(row.lower) || similarityOf(row.trigrams, t.trigrams) >= SIMILAR);
}

const named = (id: number, name: string): Named => ({
  id,
  name,
  lower: name.toLowerCase(),
  trigrams: trigramsOf(name),
});

export interface NameMatches {
  categories: { id: number; name: string }[];
  subcategories: { id: number; name: string; categoryId: number }[];
  brands: { id: number; name: string }[];
}

const KEPT_MATCHES = 2000;

export class SuggestionReference {
  /** The vocabulary in ascending order (for the prefix test). */
  private readonly sorted: string[];
  private readonly kept = new Map<string, NameMatches>();

  constructor(
    /** The vocabulary in table order, with each word's trigrams. */
    private readonly words: readonly { word: string; frequency: number; trigrams: Set<string> }[],
    private readonly categories: readonly Named[],
    private readonly subcategories: readonly (Named & { categoryId: number })[],
    /** Private labels first, then by name (then id), in the database's collation. */
    private readonly brands: readonly Named[],
  ) {
    this.sorted = words.map((w) => w.word).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** Whether a vocabulary word starts with `prefix` (`word LIKE 'prefix%'`). */
  private known(prefix: string): boolean {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.sorted[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.sorted.length && this.sorted[lo]!.startsWith(prefix);
  }

  /**
   * Each typed word as the vocabulary knows it (repo.correctWords): a number or a prefix of a vocabulary
   * word as typed, otherwise the most similar word (similarity at least 0.2, then the most frequent, then
   * the first in the table), otherwise as typed.
   */
  correct(words: readonly string[]): string[] {
    return words.map((word) => {
      if (/^\d+$/.test(word)) return word;
      if (this.known(word.replace(/[%_\\]/g, ""))) return word;
      const typed = trigramsOf(word);
      let best: { word: string; frequency: number } | null = null;
      let bestSimilarity = -1;
      for (const w of this.words) {
        const s = similarityOf(w.trigrams, typed);
        if (s < CORRECTABLE) continue;
        if (s > bestSimilarity || (s === bestSimilarity && w.frequency > best!.frequency)) {
          best = w;
          bestSimilarity = s;
        }
      }
      return best?.word ?? word;
    });
  }

  /** The first 10 categories, 10 subcategories and 5 brands whose names match every (corrected) word. */
  names(words: readonly string[]): NameMatches {
    const key = words.join(" ");
    const hit = this.kept.get(key);
    if (hit) return hit;
    const tests = words.map((w) => ({
      start: new RegExp(`(^|[^a-z0-9])${w.replace(/[^a-z0-9]/g, (c) => `\\${c}`)}`),
      trigrams: trigramsOf(w),
    }));
    const first = <T extends Named>(rows: readonly T[], limit: number) => {
      const out: T[] = [];
      for (const row of rows) {
        if (out.length === limit) break;
        if (matchesAll(row, tests)) out.push(row);
      }
      return out;
    };
    const found: NameMatches = {
      categories: first(this.categories, 10).map((c) => ({ id: c.id, name: c.name })),
      subcategories: first(this.subcategories, 10).map((s) => ({
        id: s.id,
        name: s.name,
        categoryId: s.categoryId,
      })),
      brands: first(this.brands, 5).map((b) => ({ id: b.id, name: b.name })),
    };
    this.kept.set(key, found);
    if (this.kept.size > KEPT_MATCHES) this.kept.delete(this.kept.keys().next().value as string);
    return found;
  }
}

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];

/** Reads the vocabulary and the names (each table in the order a scan returns it). */
export async function loadSuggestionReference(db: DbOrTx): Promise<SuggestionReference> {
  const [words, categoryRows, subcategoryRows, brandRows] = await Promise.all([
    db.execute(sql`SELECT word, frequency FROM search_words`),
    db.execute(sql`SELECT id, name FROM categories`),
    db.execute(sql`SELECT id, name, category_id FROM subcategories`),
    // in the database's collation, as the query it replaces sorted them (ties, left open there, by id)
    db.execute(sql`SELECT id, name FROM brands ORDER BY is_private_label DESC, name, id`),
  ]);
  return new SuggestionReference(
    rowsOf<{ word: string; frequency: number }>(words).map((w) => ({
      word: w.word,
      frequency: Number(w.frequency),
      trigrams: trigramsOf(w.word),
    })),
    rowsOf<{ id: number; name: string }>(categoryRows).map((c) => named(Number(c.id), c.name)),
    rowsOf<{ id: number; name: string; category_id: number }>(subcategoryRows).map((s) => ({
      ...named(Number(s.id), s.name),
      categoryId: Number(s.category_id),
    })),
    rowsOf<{ id: number; name: string }>(brandRows).map((b) => named(Number(b.id), b.name)),
  );
}

/** The reference of the snapshot's epoch, read once per epoch (callers of one epoch share the read). */
export function createSuggestionReferences(db: DbOrTx) {
  let held: { epoch: string; reference: Promise<SuggestionReference> } | null = null;
  return (epoch: string): Promise<SuggestionReference> => {
    if (held?.epoch !== epoch) {
      const reference = loadSuggestionReference(db);
      const mine = { epoch, reference };
      held = mine;
      reference.catch(() => {
        if (held === mine) held = null;
      });
    }
    return held.reference;
  };
}
