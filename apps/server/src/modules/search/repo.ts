import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { preparedQuery } from "../../db/prepared";
import { brands, categories, products, searchWords, subcategories } from "../../db/schema";

/** The stored, indexed text vector of name, colour and description. */
export const productSearchDocument = sql`${products.searchVector}`;

/** Rebuilds the search vocabulary from product names and colours, brands, categories and subcategories. */
export async function refreshSearchWords(db: DbOrTx): Promise<void> {
  await db.execute(sql`DELETE FROM ${searchWords}`);
  await db.execute(sql`
    INSERT INTO ${searchWords} (word, frequency)
    SELECT word, count(*)::int FROM (
      SELECT regexp_split_to_table(lower(${products.name} || ' ' || coalesce(${products.color}, '')), '[^a-z0-9]+') AS word FROM ${products}
      UNION ALL SELECT regexp_split_to_table(lower(${brands.name}), '[^a-z0-9]+') FROM ${brands}
      UNION ALL SELECT regexp_split_to_table(lower(${categories.name}), '[^a-z0-9]+') FROM ${categories}
      UNION ALL SELECT regexp_split_to_table(lower(${subcategories.name}), '[^a-z0-9]+') FROM ${subcategories}
    ) words
    WHERE length(word) >= 2
    GROUP BY word`);
}

const knownWordQuery = preparedQuery("search_known_word", (db) =>
  db
    .select({ word: searchWords.word })
    .from(searchWords)
    .where(sql`${searchWords.word} LIKE ${sql.placeholder("pattern")}`)
    .limit(1),
);
const similarWordQuery = preparedQuery("search_similar_word", (db) =>
  db
    .select({ word: searchWords.word })
    .from(searchWords)
    // A transposed pair of letters ("daiper") scores about 0.27: below the % operator's 0.3, so the threshold
    // is explicit; the vocabulary is a few thousand words, so scanning it is cheap.
    .where(sql`similarity(${searchWords.word}, ${sql.placeholder("word")}::text) >= 0.2`)
    .orderBy(
      sql`similarity(${searchWords.word}, ${sql.placeholder("word")}::text) DESC, ${searchWords.frequency} DESC`,
    )
    .limit(1),
);

/**
 * Each typed word as the index knows it: kept when a vocabulary word starts with it, otherwise the
 * most similar vocabulary word (trigram similarity at least 0.3), otherwise kept as typed.
 */
export async function correctWords(db: DbOrTx, words: readonly string[]): Promise<string[]> {
  return Promise.all(
    words.map(async (word) => {
      if (/^\d+$/.test(word)) return word;
      const known = await knownWordQuery(db).execute({ pattern: `${word.replace(/[%_\\]/g, "")}%` });
      if (known.length > 0) return word;
      const similar = await similarWordQuery(db).execute({ word });
      return similar[0]?.word ?? word;
    }),
  );
}

/** The search words that can be looked up: lower-case letters and digits. */
export const searchTerms = (words: readonly string[]) => words.filter((w) => /^[a-z0-9]+$/.test(w));

/** Every word as a prefix of a word of the product's text (name, colour, description). */
export const prefixQuery = (terms: readonly string[]) => terms.map((t) => `${t}:*`).join(" & ");

const textMatchesQuery = preparedQuery("search_text_matches", (db) =>
  db
    .select({
      id: products.id,
      textRank: sql<number>`ts_rank(${productSearchDocument}, to_tsquery('simple', ${sql.placeholder("query")}::text))::float8`,
    })
    .from(products)
    .where(sql`${productSearchDocument} @@ to_tsquery('simple', ${sql.placeholder("query")}::text)`),
);

/** The products whose text matches a prefix query, with their full-text rank. */
export async function textMatches(db: DbOrTx, query: string): Promise<{ id: number; textRank: number }[]> {
  const rows = await textMatchesQuery(db).execute({ query });
  return rows.map((r) => ({ id: Number(r.id), textRank: Number(r.textRank) }));
}

/** A word and its plural or singular forms ("diaper", "diapers"; "shoes", "shoe"): regex alternatives. */
export function wordForms(term: string): string[] {
  const forms = new Set([term, `${term}s`, `${term}es`]);
  if (term.length > 3 && term.endsWith("s")) forms.add(term.slice(0, -1));
  if (term.length > 4 && term.endsWith("es")) forms.add(term.slice(0, -2));
  return [...forms];
}

/** Splits text into lower-case alphanumeric words. */
export const searchWordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0)
    .slice(0, 8);
