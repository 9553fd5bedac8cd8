import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { preparedQuery } from "../../db/prepared";
import { brands, categories, products, searchWords, subcategories, subcategoryTypes } from "../../db/schema";

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

/** Products whose text holds every word (as a prefix), or whose id is the number typed. */
export function productSearchCondition(words: readonly string[]): SQL {
  const terms = words.filter((w) => /^[a-z0-9]+$/.test(w));
  if (terms.length === 0) return sql`false`;
  const tsquery = terms.map((t) => `${t}:*`).join(" & ");
  const idMatch =
    terms.length === 1 && /^\d{1,9}$/.test(terms[0] ?? "")
      ? sql` OR ${products.id} = ${Number(terms[0])}`
      : sql``;
  return sql`(${productSearchDocument} @@ to_tsquery('simple', ${tsquery})${idMatch})`;
}

/** A word and its plural or singular forms ("diaper", "diapers"; "shoes", "shoe"): regex alternatives. */
export function wordForms(term: string): string[] {
  const forms = new Set([term, `${term}s`, `${term}es`]);
  if (term.length > 3 && term.endsWith("s")) forms.add(term.slice(0, -1));
  if (term.length > 4 && term.endsWith("es")) forms.add(term.slice(0, -2));
  return [...forms];
}

/** Points of a typed word by where it stands in a product (see `productSearchRank`). */
export const WORD_POINTS = { productType: 3, nameWord: 2, namePrefix: 1 } as const;

/**
 * How well one (corrected) word names a product: 3 when it is what the product is (the head word of
 * its subcategory, "Diapers" or "Cloth Diapers & Nappies" for "diaper", or its type's name), 2 when it
 * is a whole word of its name (brand left out: "Diaper Bag"), 1 when it starts a word of the name;
 * 0 when only the brand or the description holds it.
 */
function wordPoints(term: string): SQL {
  const alternatives = wordForms(term).join("|");
  const head = `(^|[^a-z0-9])(${alternatives})\\s*(&|,|$)`;
  const whole = `(^|[^a-z0-9])(${alternatives})([^a-z0-9]|$)`;
  const prefix = `(^|[^a-z0-9])${term}`;
  return sql`(CASE
    WHEN lower(ranked_sub.name) ~ ${head} OR lower(coalesce(ranked_type.name, '')) ~ ${whole} THEN ${sql.raw(String(WORD_POINTS.productType))}
    WHEN ranked_name.n ~ ${whole} THEN ${sql.raw(String(WORD_POINTS.nameWord))}
    WHEN ranked_name.n ~ ${prefix} THEN ${sql.raw(String(WORD_POINTS.namePrefix))}
    ELSE 0 END)`;
}

/**
 * Relevance of a product to the (corrected) words: an exact id first; then the words' points (what
 * the product is, then its name, above its brand or description; `wordPoints`); then full-text rank.
 */
export function productSearchRank(words: readonly string[]): SQL {
  const terms = words.filter((w) => /^[a-z0-9]+$/.test(w));
  const tsquery = terms.map((t) => `${t}:*`).join(" & ") || "x";
  const idBoost =
    terms.length === 1 && /^\d{1,9}$/.test(terms[0] ?? "")
      ? sql`(CASE WHEN ${products.id} = ${Number(terms[0])} THEN 1000 ELSE 0 END) + `
      : sql``;
  const points =
    terms.length === 0
      ? sql`0`
      : sql`(SELECT ${sql.join(terms.map(wordPoints), sql` + `)}
          FROM ${subcategories} ranked_sub
          LEFT JOIN ${subcategoryTypes} ranked_type ON ranked_type.id = ${products.subcategoryTypeId}
          JOIN ${brands} ranked_brand ON ranked_brand.id = ${products.brandId}
          CROSS JOIN LATERAL (SELECT CASE
            WHEN left(lower(${products.name}), length(ranked_brand.name)) = lower(ranked_brand.name)
            THEN substr(lower(${products.name}), length(ranked_brand.name) + 1)
            ELSE lower(${products.name}) END AS n) ranked_name
          WHERE ranked_sub.id = ${products.subcategoryId})`;
  return sql`${idBoost}${points} + ts_rank(${productSearchDocument}, to_tsquery('simple', ${tsquery}))`;
}

/** Splits text into lower-case alphanumeric words. */
export const searchWordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0)
    .slice(0, 8);
