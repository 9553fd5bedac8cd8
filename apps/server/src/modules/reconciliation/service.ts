import type { ReconciliationQuery, ReconciliationReport } from "@portal/contracts";
import {
  paiseToDecimal,
  RECONCILIATION_KIND_LABELS,
  RECONCILIATION_KINDS,
  type ReconciliationKind,
  toPaise,
} from "@portal/domain";
import type { DbOrTx } from "../../db/client";
import { partnerNameOf } from "../order-desk/public";
import { type Facts, type Finding, findDisagreements } from "./checks";
import * as repo from "./repo";

export interface ReconciliationDeps {
  db: DbOrTx;
  /** The amount payable the partner is shown for a ledger account (the payments service's pending list). */
  payable: (userId: number, ledgerAccount: number) => Promise<string>;
  now?: () => Date;
}

/**
 * The reconciliation report: for every partner and ledger account, order → load → invoice →
 * ledger → payable, and every disagreement with the documents involved.
 */
export function createReconciliationService(deps: ReconciliationDeps) {
  const now = deps.now ?? (() => new Date());
  return {
    async report(q: ReconciliationQuery = {}): Promise<ReconciliationReport> {
      const { db } = deps;
      const facts: Facts = {
        orders: await repo.orders(db),
        lines: await repo.orderLines(db),
        loads: await repo.allLoads(db),
        invoices: await repo.taxInvoices(db),
        entries: await repo.entries(db),
        payments: await repo.allPayments(db),
        salesReturns: await repo.allSalesReturns(db),
      };
      const inScope = (f: { userId: number; ledgerAccount: number }) =>
        (q.userId === undefined || f.userId === q.userId) &&
        (q.ledgerAccount === undefined || f.ledgerAccount === q.ledgerAccount);
      const findings: Finding[] = findDisagreements(facts).filter(inScope);

      // Every partner's ledger account that has an order, a ledger entry or a payment.
      const accounts = new Map<
        string,
        {
          userId: number;
          ledgerAccount: number;
          orders: number;
          loads: Set<number>;
          invoices: number;
          balance: bigint;
          claimed: bigint;
        }
      >();
      const account = (userId: number, ledgerAccount: number) => {
        const key = `${userId}:${ledgerAccount}`;
        let a = accounts.get(key);
        if (!a) {
          a = { userId, ledgerAccount, orders: 0, loads: new Set(), invoices: 0, balance: 0n, claimed: 0n };
          accounts.set(key, a);
        }
        return a;
      };
      const loadAccount = new Map<number, number>();
      for (const o of facts.orders) {
        const a = account(o.userId, o.ledgerAccount);
        a.orders++;
        if (o.loadId !== null) {
          a.loads.add(o.loadId);
          if (!loadAccount.has(o.loadId)) loadAccount.set(o.loadId, o.ledgerAccount);
        }
      }
      for (const i of facts.invoices)
        account(i.userId, (i.loadId && loadAccount.get(i.loadId)) || 1).invoices++;
      for (const e of facts.entries)
        account(e.userId, e.ledgerAccount).balance += toPaise(e.debit) - toPaise(e.credit);
      for (const p of facts.payments)
        if (p.status === "submitted")
          account(p.userId, p.ledgerAccount).claimed += toPaise(p.totalAmountPaid);
      const summaries = [...accounts.values()]
        .filter(inScope)
        .sort((a, b) => a.userId - b.userId || a.ledgerAccount - b.ledgerAccount);

      // Ledger → payable: what the partner is shown equals what the ledger says is owed (less
      // payments already claimed and waiting for approval; never below nothing).
      const payables = new Map<string, bigint>();
      for (const a of summaries) {
        const shown = toPaise(await deps.payable(a.userId, a.ledgerAccount));
        payables.set(`${a.userId}:${a.ledgerAccount}`, shown);
        const owed = a.balance - a.claimed > 0n ? a.balance - a.claimed : 0n;
        if (shown !== owed)
          findings.push({
            kind: "payable-ledger",
            userId: a.userId,
            ledgerAccount: a.ledgerAccount,
            documents: [
              {
                type: "payable",
                id: `${a.userId}:${a.ledgerAccount}`,
                number: `Payable, account ${a.ledgerAccount}`,
              },
            ],
            measure: "amount",
            expectedLabel:
              a.claimed > 0n ? "Ledger balance less payments awaiting approval" : "Ledger balance",
            expected: paiseToDecimal(owed),
            foundLabel: "Payable shown",
            found: paiseToDecimal(shown),
            difference: paiseToDecimal(shown - owed),
          });
      }

      const names = new Map(
        (
          await repo.partners(db, [
            ...new Set([...summaries.map((a) => a.userId), ...findings.map((f) => f.userId)]),
          ])
        ).map((u) => [u.id, partnerNameOf(u)]),
      );
      const order = new Map(RECONCILIATION_KINDS.map((k, i) => [k, i]));
      findings.sort(
        (a, b) =>
          a.userId - b.userId ||
          a.ledgerAccount - b.ledgerAccount ||
          (order.get(a.kind) ?? 0) - (order.get(b.kind) ?? 0),
      );
      const counts = new Map<ReconciliationKind, number>();
      for (const f of findings) counts.set(f.kind, (counts.get(f.kind) ?? 0) + 1);
      const perAccount = new Map<string, number>();
      for (const f of findings) {
        const key = `${f.userId}:${f.ledgerAccount}`;
        perAccount.set(key, (perAccount.get(key) ?? 0) + 1);
      }
      return {
        checkedAt: now().toISOString(),
        total: findings.length,
        byKind: RECONCILIATION_KINDS.map((kind) => ({
          kind,
          label: RECONCILIATION_KIND_LABELS[kind],
          count: counts.get(kind) ?? 0,
        })),
        accounts: summaries.map((a) => ({
          userId: a.userId,
          partnerName: names.get(a.userId) ?? `Partner ${a.userId}`,
          ledgerAccount: a.ledgerAccount,
          orders: a.orders,
          loads: a.loads.size,
          invoices: a.invoices,
          ledgerBalance: paiseToDecimal(a.balance),
          payable: paiseToDecimal(payables.get(`${a.userId}:${a.ledgerAccount}`) ?? 0n),
          disagreements: perAccount.get(`${a.userId}:${a.ledgerAccount}`) ?? 0,
        })),
        disagreements: findings.map((f) => ({
          ...f,
          label: RECONCILIATION_KIND_LABELS[f.kind],
          partnerName: names.get(f.userId) ?? `Partner ${f.userId}`,
        })),
      };
    },
  };
}
export type ReconciliationService = ReturnType<typeof createReconciliationService>;
