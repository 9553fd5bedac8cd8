import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { TABLE_OWNERS, type TableName } from "../apps/server/src/modules/table-owners";

// Holds the table-ownership map: a server file writes (INSERT, UPDATE, DELETE) only the tables its
// module owns; other modules call the owner's functions.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const server = path.join(root, "apps/server/src");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return name.endsWith(".ts") ? [full] : [];
  });
}

/** Each table's export name and its name in SQL, read from db/schema. */
function schemaTables(): Map<string, string> {
  const tables = new Map<string, string>();
  for (const file of sources(path.join(server, "db/schema"))) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/export const (\w+) = pgTable\(\s*"(\w+)"/g))
      tables.set(m[1] ?? "", m[2] ?? "");
  }
  return tables;
}

/**
 * The tables a source text writes, by export name: drizzle's `.insert(t)`, `.update(t)`,
 * `.delete(t)` (also `schema.t`), and raw SQL `INSERT INTO`, `UPDATE`, `DELETE FROM` naming the
 * table or interpolating it (`${t}`).
 */
function tablesWritten(text: string, tables: ReadonlyMap<string, string>): string[] {
  const byExport = new Set(tables.keys());
  const bySql = new Map([...tables].map(([name, sqlName]) => [sqlName, name]));
  const written = new Set<string>();
  for (const m of text.matchAll(/\.(?:insert|update|delete)\(\s*(?:schema\.)?(\w+)\s*\)/g)) {
    if (byExport.has(m[1] ?? "")) written.add(m[1] ?? "");
  }
  for (const m of text.matchAll(
    /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(?:\$\{(?:schema\.)?(\w+)\}|"?(\w+)"?)/g,
  )) {
    const name = m[1] ?? bySql.get(m[2] ?? "");
    if (name && byExport.has(name)) written.add(name);
  }
  return [...written].sort();
}

/** Who a server file writes as: its module (modules/<name>/), lib/, or null where any table may be written. */
function writerOf(file: string): string | null {
  if (/(^|\/)(seed|test)\//.test(file) || /\.test\.ts$/.test(file)) return null;
  const module = /^modules\/([^/]+)\//.exec(file)?.[1];
  if (module) return module;
  return file.split("/")[0]?.replace(/\.ts$/, "") ?? file;
}

/** "file writes table (owned by owner)" for every write outside the table's owner. */
function ownershipBreaches(
  files: ReadonlyMap<string, string>,
  tables: ReadonlyMap<string, string>,
  owners: Readonly<Record<string, string>>,
): string[] {
  const breaches: string[] = [];
  for (const [file, text] of files) {
    const writer = writerOf(file);
    if (writer === null) continue;
    for (const table of tablesWritten(text, tables)) {
      const owner = owners[table] ?? "nobody (add it to modules/table-owners.ts)";
      if (owner !== writer) breaches.push(`${file} writes ${table} (owned by ${owner})`);
    }
  }
  return breaches;
}

describe("table ownership", () => {
  const tables = schemaTables();

  it("names an owner for every table of db/schema, and no table that is not there", () => {
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual([...tables.keys()].sort());
    expect(tables.size).toBe(70);
  });

  it("lets a server file write only the tables its module owns (the seed and the test kits may write any)", () => {
    const files = new Map(
      sources(server).map((f) => [
        path.relative(server, f).split(path.sep).join("/"),
        readFileSync(f, "utf8"),
      ]),
    );
    expect(ownershipBreaches(files, tables, TABLE_OWNERS)).toEqual([]);
  });

  it("reads writes in drizzle and in raw SQL, and fails a write to another module's table", () => {
    const owners: Record<TableName, string> = TABLE_OWNERS;
    const files = new Map([
      ["modules/orders/repo.ts", "await tx.delete(cartItems).where(eq(cartItems.userId, 1));"],
      ["modules/order-desk/repo.ts", "await tx.update(schema.purchaseOrders).set(set);"],
      [
        "modules/invoices/repo.ts",
        "sql`INSERT INTO cforms (user_id) VALUES (1)`; sql`UPDATE document_counters SET n = 1`",
      ],
      [
        "modules/loads/repo.ts",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a query's text as a repo writes it
        "sql`UPDATE ${purchaseOrderLines} AS l SET quantity = 1 ... FOR UPDATE SKIP LOCKED`",
      ],
      ["modules/cart/repo.ts", "await tx.insert(cartItems).values(row); sql`SELECT 1 FOR UPDATE`"],
      ["seed/history.ts", "await db.insert(purchaseOrders).values(rows);"],
      ["test/cart-test-kit.ts", "await db.insert(productStock).values(rows);"],
      ["modules/cart/cart.test.ts", "await db.insert(productStock).values(rows);"],
      ["lib/limiter.ts", "await db.insert(rateLimits).values(row);"],
    ]);
    expect(ownershipBreaches(files, tables, owners)).toEqual([
      "modules/orders/repo.ts writes cartItems (owned by cart)",
      "modules/order-desk/repo.ts writes purchaseOrders (owned by orders)",
      "modules/invoices/repo.ts writes cforms (owned by cforms)",
      "modules/loads/repo.ts writes purchaseOrderLines (owned by orders)",
    ]);
  });
});
