/**
 * Money is carried as integer paise (bigint) so that sums are exact; amounts cross the wire
 * and the database as decimal strings with 2 places ("1234.50").
 */
export type Paise = bigint;

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** Parses a decimal amount ("1234.5", 1234.5, "-0.05") into paise, rounding half away from zero at the third decimal. */
export function toPaise(amount: string | number | bigint): Paise {
  if (typeof amount === "bigint") return amount * 100n;
  const text = typeof amount === "number" ? numberToPlainString(amount) : amount.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new Error(`Not an amount: ${String(amount)}`);
  const [, sign, whole = "0", fraction = ""] = match;
  const padded = `${fraction}000`;
  let paise = BigInt(whole) * 100n + BigInt(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) paise += 1n;
  return sign ? -paise : paise;
}

function numberToPlainString(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`Not an amount: ${n}`);
  // toFixed(6) avoids exponent notation and keeps more than the 3 decimals we round from.
  return n.toFixed(6);
}

/** Paise to a plain decimal string with 2 places: 123456n -> "1234.56". */
export function paiseToDecimal(paise: Paise): string {
  const negative = paise < 0n;
  const abs = negative ? -paise : paise;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, "0");
  return `${negative ? "-" : ""}${whole}.${fraction}`;
}

export const sumPaise = (values: Iterable<Paise>): Paise => {
  let total = 0n;
  for (const v of values) total += v;
  return total;
};

/** Whether two amounts are the same to the paisa ("499" and "499.00" are): the one amount equality. */
export const sameAmount = (a: string | number, b: string | number): boolean => toPaise(a) === toPaise(b);
