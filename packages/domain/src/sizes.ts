/**
 * Sizes in their natural order, the one rule every list of sizes uses (listing cards, quick view,
 * product page, children): smallest first.
 *
 * A label is ranked by the first of these it carries:
 * 1. an age span ("0-3 M", "2-3 Y", "UK 3 (12-18 M)", "UK 1 (8-9 Y)"): by the span's start, then end,
 *    in months, so kids' shoe sizes run UK 3 … UK 13 and then UK 1, UK 2 (the bigger youth sizes);
 * 2. a named size ("New Born", "XS", "S"/"Small", "M"/"Medium", "L"/"Large", "XL", "XXL", "3XL"),
 *    so diapers run New Born, Small, Medium, Large, XL, XXL;
 * 3. a weight or volume ("200 g", "1 kg", "500 ml", "1 L"): by the amount in grams or millilitres;
 * 4. otherwise the text, numbers compared as numbers ("UK 2" before "UK 12", "Pack of 2" before
 *    "Pack of 10").
 * Labels of the first kinds come before plain text; no size (null or blank) comes last.
 */

const AGE_SPAN = /(\d+(?:\.\d+)?)\s*-\s*(\d+(?:\.\d+)?)\s*(m|mo|months?|y|yrs?|years?)\b/i;
const NAMED: readonly (readonly [RegExp, number])[] = [
  [/^(new\s*born|nb)\b/i, 0],
  [/^(xxs)\b/i, 1],
  [/^(xs|extra\s*small)\b/i, 2],
  [/^(s|small)\b/i, 3],
  [/^(m|medium)\b/i, 4],
  [/^(l|large)\b/i, 5],
  [/^(xl|extra\s*large)\b/i, 6],
  [/^(xxl|2xl)\b/i, 7],
  [/^(xxxl|3xl)\b/i, 8],
];
const AMOUNT = /^(\d+(?:\.\d+)?)\s*(g|gm|gms|kg|ml|l|ltr)\b/i;
const UNIT_FACTOR: Record<string, number> = { g: 1, gm: 1, gms: 1, kg: 1000, ml: 1, l: 1000, ltr: 1000 };

type SizeKey = readonly [kind: number, a: number, b: number];

function sizeKey(label: string): SizeKey | null {
  const age = AGE_SPAN.exec(label);
  if (age) {
    const factor = /^y/i.test(age[3] ?? "") ? 12 : 1;
    return [0, Number(age[1]) * factor, Number(age[2]) * factor];
  }
  const text = label.trim();
  for (const [pattern, rank] of NAMED) if (pattern.test(text)) return [1, rank, 0];
  const amount = AMOUNT.exec(text);
  if (amount) return [2, Number(amount[1]) * (UNIT_FACTOR[(amount[2] ?? "g").toLowerCase()] ?? 1), 0];
  return null;
}

let collator: Intl.Collator | undefined;
const sizeCollator = () => (collator ??= new Intl.Collator("en", { numeric: true, sensitivity: "base" }));

/** Compares two size labels, smallest first (see the rule above); usable with `Array.prototype.sort`. */
export function compareSizes(a: string | null | undefined, b: string | null | undefined): number {
  const blankA = !a?.trim();
  const blankB = !b?.trim();
  if (blankA || blankB) return blankA === blankB ? 0 : blankA ? 1 : -1;
  const ka = sizeKey(a as string);
  const kb = sizeKey(b as string);
  if (ka && kb) {
    for (let i = 0; i < 3; i++) {
      const d = (ka[i] as number) - (kb[i] as number);
      if (d !== 0) return d;
    }
    return sizeCollator().compare(a as string, b as string);
  }
  if (ka) return -1;
  if (kb) return 1;
  return sizeCollator().compare(a as string, b as string);
}

/** A copy of `items` in size order, by the label `sizeOf` reads from each. */
export function sortBySize<T>(items: readonly T[], sizeOf: (item: T) => string | null | undefined): T[] {
  return [...items].sort((x, y) => compareSizes(sizeOf(x), sizeOf(y)));
}
