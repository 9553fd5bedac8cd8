import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  ACCOUNT_TYPES,
  LOAD_STATUSES,
  ORDER_SOURCES,
  ORDER_STATUSES,
  PAYMENT_MODES,
  PAYMENT_STATUSES,
  SR_ALL_STATUSES,
  STOCK_TYPES,
  WAYBILL_STATUSES,
} from "@portal/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "../db/client";
import { payments } from "../db/schema";
import { createTestWorld, type TestWorld } from "./harness";

/**
 * The status columns' CHECK constraints (migration 0027) hold exactly the domain's lists, and the
 * database refuses any other value, so a stored row always reads back (packages/domain/src/stored.ts
 * throws on an unknown value).
 */
const CHECKS: { table: string; column: string; name: string; values: readonly string[] }[] = [
  {
    table: "purchase_orders",
    column: "status",
    name: "purchase_orders_status_check",
    values: ORDER_STATUSES,
  },
  {
    table: "purchase_orders",
    column: "stock_type",
    name: "purchase_orders_stock_type_check",
    values: STOCK_TYPES,
  },
  { table: "purchase_orders", column: "source", name: "purchase_orders_source_check", values: ORDER_SOURCES },
  { table: "loads", column: "status", name: "loads_status_check", values: LOAD_STATUSES },
  { table: "sales_returns", column: "status", name: "sales_returns_status_check", values: SR_ALL_STATUSES },
  { table: "waybills", column: "status", name: "waybills_status_check", values: WAYBILL_STATUSES },
  { table: "payments", column: "status", name: "payments_status_check", values: PAYMENT_STATUSES },
  { table: "payments", column: "payment_type", name: "payments_payment_type_check", values: PAYMENT_MODES },
  { table: "users", column: "account_type", name: "users_account_type_check", values: ACCOUNT_TYPES },
];

/** The quoted values of an SQL text ('a', 'b''s'), in order. */
const quoted = (text: string): string[] =>
  [...text.matchAll(/'((?:[^']|'')*)'/g)].map((m) => (m[1] ?? "").replaceAll("''", "'"));

/** The error a statement fails with, as text (the driver's message and its cause). */
async function refusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : "";
    return `${error instanceof Error ? error.message : String(error)} ${cause}`;
  }
  return "accepted";
}

let world: TestWorld;

/** The rows of a raw query (PGlite and node-postgres both answer with `rows`). */
async function query<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await world.database.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  world = await createTestWorld({ products: 40, historyMonths: 3 });
}, 120_000);

afterAll(async () => {
  await world?.close();
});

describe("status CHECK constraints", () => {
  it("lists in the migration exactly the domain's values", async () => {
    const text = await readFile(path.join(migrationsFolder(), "0027_status_checks.sql"), "utf8");
    const statements = text.split("--> statement-breakpoint").map((s) => s.trim());
    expect(statements).toHaveLength(CHECKS.length);
    for (const [i, check] of CHECKS.entries()) {
      const statement = statements[i] ?? "";
      expect(statement).toContain(
        `ALTER TABLE "${check.table}" ADD CONSTRAINT "${check.name}" CHECK ("${check.column}" IN (`,
      );
      // 0028 gave loads the Cancelled status (issue 27): 0027 holds the list before it
      const values =
        check.name === "loads_status_check" ? LOAD_STATUSES.filter((s) => s !== "Cancelled") : check.values;
      expect(quoted(statement.slice(statement.indexOf(" IN (")))).toEqual([...values]);
    }
  });

  it("lists in migration 0028 exactly the domain's load statuses", async () => {
    const text = await readFile(path.join(migrationsFolder(), "0028_load_desk.sql"), "utf8");
    const statement =
      text.split("--> statement-breakpoint").find((s) => s.includes('ADD CONSTRAINT "loads_status_check"')) ??
      "";
    expect(quoted(statement.slice(statement.indexOf(" IN (")))).toEqual([...LOAD_STATUSES]);
  });

  it("holds exactly the domain's values in the migrated database", async () => {
    const rows = await query<{ name: string; table: string; definition: string }>(sql`
      SELECT c.conname AS name, t.relname AS table, pg_get_constraintdef(c.oid) AS definition
      FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
      WHERE c.contype = 'c' AND c.conname IN ${CHECKS.map((c) => c.name)}
      ORDER BY c.conname
    `);
    const found = new Map(rows.map((r) => [r.name, r]));
    for (const check of CHECKS) {
      const row = found.get(check.name);
      expect(row?.table).toBe(check.table);
      expect(row?.definition).toContain(check.column);
      expect(quoted(row?.definition ?? "")).toEqual([...check.values]);
    }
  });

  it("refuses an unknown value on update, for every column", async () => {
    for (const check of CHECKS) {
      const count = await query<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(check.table)}`,
      );
      expect(count[0]?.n, check.table).toBeGreaterThan(0);
      const error = await refusal(() =>
        world.database.db.execute(
          sql`UPDATE ${sql.identifier(check.table)} SET ${sql.identifier(check.column)} = 'Bogus'`,
        ),
      );
      expect(error, check.name).toContain(check.name);
    }
  });

  it("refuses an unknown value on insert, and takes a listed one", async () => {
    const user = await query<{ id: number }>(
      sql`SELECT id FROM users WHERE account_type = 'stockist' ORDER BY id LIMIT 1`,
    );
    const userId = user[0]?.id ?? 0;
    const row = {
      userId,
      paymentType: "Neft",
      referenceId: "STATUS-CHECK-1",
      totalAmountPayable: "10.00",
      totalAmountPaid: "10.00",
      orders: [],
    };
    expect(
      await refusal(() => world.database.db.insert(payments).values({ ...row, paymentType: "NEFT" })),
    ).toContain("payments_payment_type_check");
    expect(
      await refusal(() => world.database.db.insert(payments).values({ ...row, status: "Approved" })),
    ).toContain("payments_status_check");
    expect(await refusal(() => world.database.db.insert(payments).values(row))).toBe("accepted");
  });
});
