import type { Db } from "../../db/client";
import { prefixQuery, searchTerms, textMatches, wordForms } from "./repo";

/** Points of a typed word by where it stands in a product (see `relevance`). */
export const WORD_POINTS = { productType: 3, nameWord: 2, namePrefix: 1 } as const;

/**
 * What search reads of the rows it matches (the catalogue's snapshot is one): the products by row,
 * their ids, the row of an id, and a version bumped when a product's searchable text changes in place.
 * Search's own input type, so that search never imports the catalogue (the catalogue calls search).
 */
export interface SearchableRows {
  readonly productId: Int32Array;
  readonly products: readonly {
    readonly id: number;
    readonly bestSellerRank: number | null;
    readonly subcategoryName: string;
    readonly typeName: string;
    readonly nameSansBrand: string;
  }[];
  readonly rowOfProduct: ReadonlyMap<number, number>;
  readonly textVersion: number;
}

export interface SearchMatches {
  /** Rows of the snapshot the words find, ascending. */
  rows: Int32Array;
  /** Each row's relevance (same positions as `rows`). */
  relevance: Float64Array;
  /**
   * Positions into `rows`, most relevant first; ties by best-seller rank then id ("bestSeller", the
   * suggestions' order) or by id ("id", the listing's). Computed once per kept match.
   */
  ordered(ties: "bestSeller" | "id"): Int32Array;
}

/**
 * How well the (corrected) words name a product: an exact id first (1000); then per word 3 when it is
 * what the product is (the head word of its subcategory, "Diapers" or "Cloth Diapers & Nappies" for
 * "diaper", or its type's name), 2 when it is a whole word of its name (brand left out: "Diaper Bag"),
 * 1 when it starts a word of the name, 0 when only the brand or the description holds it; then the
 * full-text rank (below 1) among equals.
 */
function relevanceOf(terms: readonly string[]) {
  const tests = terms.map((term) => {
    const alternatives = wordForms(term).join("|");
    return {
      head: new RegExp(`(^|[^a-z0-9])(${alternatives})\\s*(&|,|$)`),
      whole: new RegExp(`(^|[^a-z0-9])(${alternatives})([^a-z0-9]|$)`),
      prefix: new RegExp(`(^|[^a-z0-9])${term}`),
    };
  });
  const typedId = terms.length === 1 && /^\d{1,9}$/.test(terms[0] ?? "") ? Number(terms[0]) : null;
  return (s: SearchableRows, row: number, textRank: number) => {
    const p = s.products[row]!;
    let points = p.id === typedId ? 1000 : 0;
    for (const t of tests) {
      if (t.head.test(p.subcategoryName) || t.whole.test(p.typeName)) points += WORD_POINTS.productType;
      else if (t.whole.test(p.nameSansBrand)) points += WORD_POINTS.nameWord;
      else if (t.prefix.test(p.nameSansBrand)) points += WORD_POINTS.namePrefix;
    }
    return points + textRank;
  };
}

// A broad prefix finds up to ~10,000 rows (about 0.2 MB kept with its orders): 500 queries stay under ~100 MB.
const KEPT_QUERIES = 500;
const NO_MATCHES: SearchMatches = {
  rows: new Int32Array(0),
  relevance: new Float64Array(0),
  ordered: () => new Int32Array(0),
};

function matchesOf(s: SearchableRows, terms: readonly string[], found: Map<number, number>): SearchMatches {
  const rows = Int32Array.from(found.keys()).sort();
  const relevanceAt = relevanceOf(terms);
  const relevance = Float64Array.from(rows, (r) => relevanceAt(s, r, found.get(r)!));
  const orders = new Map<string, Int32Array>();
  const unranked = Number.MAX_SAFE_INTEGER;
  return {
    rows,
    relevance,
    ordered(ties) {
      let order = orders.get(ties);
      if (!order) {
        const id = (i: number) => s.productId[rows[i]!]!;
        const best = (i: number) => s.products[rows[i]!]!.bestSellerRank ?? unranked;
        const positions = Array.from(rows.keys()).sort(
          (a, b) =>
            relevance[b]! - relevance[a]! || (ties === "bestSeller" ? best(a) - best(b) : 0) || id(a) - id(b),
        );
        order = Int32Array.from(positions);
        orders.set(ties, order);
      }
      return order;
    },
  };
}

/**
 * What search words find, as rows of the catalogue snapshot with their relevance. The full-text matches
 * of each prefix query are read from PostgreSQL once and kept, ranked, with the snapshot they were read
 * against: a rebuilt snapshot, or any product's searchable text changing, makes them read again.
 */
export function createSearchMatcher(db: Db) {
  const kept = new Map<string, { snapshot: SearchableRows; textVersion: number; matches: SearchMatches }>();

  return {
    async find(s: SearchableRows, words: readonly string[]): Promise<SearchMatches> {
      const terms = searchTerms(words);
      if (terms.length === 0) return NO_MATCHES;
      const query = prefixQuery(terms);
      const hit = kept.get(query);
      if (hit && hit.snapshot === s && hit.textVersion === s.textVersion) {
        kept.delete(query);
        kept.set(query, hit);
        return hit.matches;
      }
      const textVersion = s.textVersion;
      const found = new Map<number, number>();
      for (const m of await textMatches(db, query)) {
        const row = s.rowOfProduct.get(m.id);
        if (row !== undefined) found.set(row, m.textRank);
      }
      // A number typed in full also finds the product of that id.
      if (terms.length === 1 && /^\d{1,9}$/.test(terms[0] ?? "")) {
        const row = s.rowOfProduct.get(Number(terms[0]));
        if (row !== undefined && !found.has(row)) found.set(row, 0);
      }
      const matches = matchesOf(s, terms, found);
      kept.delete(query);
      kept.set(query, { snapshot: s, textVersion, matches });
      if (kept.size > KEPT_QUERIES) kept.delete(kept.keys().next().value as string);
      return matches;
    },
  };
}

export type SearchMatcher = ReturnType<typeof createSearchMatcher>;
