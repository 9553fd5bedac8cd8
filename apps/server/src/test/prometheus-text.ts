/**
 * A strict reader of the Prometheus text exposition format (version 0.0.4), for tests: every line
 * is a HELP, a TYPE or a sample of the family last typed; names, label sets and values are checked
 * against the format's grammar, and a malformed line throws with its number.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
export interface Family {
  name: string;
  help: string;
  type: "counter" | "gauge" | "histogram" | "summary" | "untyped";
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

function parseValue(text: string, line: number): number {
  // As Prometheus reads values (Go's ParseFloat): NaN and Inf in any case.
  if (/^\+?inf$/i.test(text)) return Number.POSITIVE_INFINITY;
  if (/^-inf$/i.test(text)) return Number.NEGATIVE_INFINITY;
  if (/^nan$/i.test(text)) return Number.NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text))
    throw new Error(`line ${line}: bad value "${text}"`);
  return Number(text);
}

function parseLabels(text: string, line: number): Record<string, string> {
  const labels: Record<string, string> = {};
  let i = 0;
  while (i < text.length) {
    const eq = text.indexOf("=", i);
    if (eq < 0) throw new Error(`line ${line}: label without a value`);
    const name = text.slice(i, eq).trim();
    if (!LABEL_NAME.test(name)) throw new Error(`line ${line}: bad label name "${name}"`);
    if (text[eq + 1] !== '"') throw new Error(`line ${line}: label value not quoted`);
    let value = "";
    let j = eq + 2;
    for (; j < text.length && text[j] !== '"'; j++) {
      if (text[j] === "\\") {
        const next = text[++j];
        value += next === "n" ? "\n" : next;
      } else value += text[j];
    }
    if (j >= text.length) throw new Error(`line ${line}: unterminated label value`);
    if (name in labels) throw new Error(`line ${line}: label ${name} twice`);
    labels[name] = value;
    i = j + 1;
    if (text[i] === ",") i++;
    else if (i < text.length) throw new Error(`line ${line}: expected , between labels`);
  }
  return labels;
}

/** The families of an exposition, by name; throws on the first line that breaks the format. */
export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  let current: Family | null = null;
  const family = (name: string) => {
    let f = families.get(name);
    if (!f) {
      f = { name, help: "", type: "untyped", samples: [] };
      families.set(name, f);
    }
    return f;
  };
  text.split("\n").forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === "") return;
    const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(raw);
    if (meta) {
      const [, kind, name = "", rest = ""] = meta;
      if (!NAME.test(name)) throw new Error(`line ${line}: bad metric name "${name}"`);
      current = family(name);
      if (kind === "HELP") current.help = rest;
      else {
        if (!["counter", "gauge", "histogram", "summary", "untyped"].includes(rest))
          throw new Error(`line ${line}: bad type "${rest}"`);
        if (current.samples.length > 0) throw new Error(`line ${line}: TYPE after samples of ${name}`);
        current.type = rest as Family["type"];
      }
      return;
    }
    if (raw.startsWith("#")) return;
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: (-?\d+))?$/.exec(raw);
    if (!sample) throw new Error(`line ${line}: not a sample: ${raw}`);
    const [, name = "", labelText = "", valueText = ""] = sample;
    const owner: Family | null = current;
    const base =
      owner && (name === owner.name || /_(bucket|sum|count|total|created)$/.test(name)) ? owner : null;
    if (!base || !name.startsWith(base.name))
      throw new Error(`line ${line}: sample ${name} outside its family`);
    base.samples.push({ name, labels: parseLabels(labelText, line), value: parseValue(valueText, line) });
  });
  for (const f of families.values()) {
    if (f.type !== "histogram") continue;
    // Buckets never decrease, and +Inf equals _count, for each label set.
    const series = new Map<string, Sample[]>();
    for (const s of f.samples.filter((x) => x.name === `${f.name}_bucket`)) {
      const { le: _le, ...rest } = s.labels;
      const key = JSON.stringify(rest);
      series.set(key, [...(series.get(key) ?? []), s]);
    }
    for (const [key, buckets] of series) {
      for (let i = 1; i < buckets.length; i++)
        if ((buckets[i]?.value ?? 0) < (buckets[i - 1]?.value ?? 0))
          throw new Error(`${f.name}${key}: buckets decrease`);
      const inf = buckets.find((b) => b.labels.le === "+Inf");
      const count = f.samples.find((s) => s.name === `${f.name}_count` && JSON.stringify(s.labels) === key);
      if (!inf || !count || inf.value !== count.value)
        throw new Error(`${f.name}${key}: +Inf bucket is not _count`);
    }
  }
  return families;
}
