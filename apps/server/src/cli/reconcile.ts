/**
 * The reconciliation report on the command line: `npm run reconcile -- [--user ID] [--account 1|2]`
 * from the repository root (or `tsx src/cli/reconcile.ts …` in apps/server).
 *
 * Uses DATABASE_URL when set, else PGlite under DATA_DIR, as the server does. Prints, per partner and
 * ledger account, what was read and every disagreement between order, load, invoice, ledger and
 * payable; exits 1 when there is any (2 when it could not run).
 */
import { parseArgs } from "node:util";
import type { ReconciliationReport } from "@portal/contracts";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { createPaymentsService } from "../modules/payments/public";
import { createReconciliationService } from "../modules/reconciliation/public";

const USAGE = "Usage: npm run reconcile -- [--user ID] [--account 1|2]";

function whole(name: string, text: string | undefined, max: number): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1 || value > max)
    throw new Error(`--${name} must be a whole number from 1 to ${max}, not "${text}"`);
  return value;
}

/** The report as text: the summary per kind, per partner and account, then every disagreement. */
export function reportText(report: ReconciliationReport): string {
  const out: string[] = [];
  out.push(
    `Reconciliation at ${report.checkedAt}: ${report.total} disagreement${report.total === 1 ? "" : "s"}.`,
  );
  out.push("", "By check:");
  for (const k of report.byKind)
    out.push(`  ${String(k.count).padStart(6)}  ${k.kind.padEnd(20)} ${k.label}`);
  out.push("", "By partner and ledger account:");
  for (const a of report.accounts)
    out.push(
      `  ${`${a.partnerName} (#${a.userId})`.padEnd(40)} account ${a.ledgerAccount}: ${a.orders} orders, ${a.loads} loads, ` +
        `${a.invoices} invoices, ledger ${a.ledgerBalance}, payable ${a.payable}, ${a.disagreements} disagreements`,
    );
  if (report.disagreements.length > 0) out.push("", "Disagreements:");
  for (const d of report.disagreements)
    out.push(
      `  [${d.kind}] ${d.partnerName} (#${d.userId}), account ${d.ledgerAccount}: ` +
        `${d.documents.map((doc) => `${doc.type} ${doc.number}`).join(" → ")}: ` +
        `${d.expectedLabel} ${d.expected}, ${d.foundLabel} ${d.found} (difference ${d.difference})`,
    );
  return out.join("\n");
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      user: { type: "string" },
      account: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const userId = whole("user", values.user, 2_147_483_647);
  const ledgerAccount = whole("account", values.account, 2);
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const payments = createPaymentsService({ db: database.db });
    const reconciliation = createReconciliationService({
      db: database.db,
      payable: async (user, account) => (await payments.pending(user, account)).totalPayable,
    });
    const report = await reconciliation.report({
      ...(userId === undefined ? {} : { userId }),
      ...(ledgerAccount === undefined ? {} : { ledgerAccount }),
    });
    console.log(
      `Database: ${config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}`}`,
    );
    console.log(reportText(report));
    if (report.total > 0) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  console.error(USAGE);
  process.exitCode = 2;
});
