-- The order history and its stats at network size (issue 32), declared here only, as 0030's, 0041's
-- and 0043's are. A partner's orders of a date range with what the history's filter, sort, count and
-- stats read of them (status, warehouse, source, ship moment, PO id, totals), so the page's choice,
-- its count and the stats are index-only scans instead of visits to every order of the range.
CREATE INDEX IF NOT EXISTS "purchase_orders_user_created_cover_idx" ON "purchase_orders" ("user_id", "created_at")
  INCLUDE ("poid", "status", "warehouse_id", "source", "shipped_at", "total_items", "total_quantity", "total_mrp", "net_payment");
--> statement-breakpoint
-- A partner's journal of one ledger account in entry order with its amounts: what the invoices of a
-- history, load or invoice page are settled (account repo `invoiceSettlements` and the history page)
-- sums the account's debits and credits and walks its recent end, index-only instead of reading every
-- entry of the account.
CREATE INDEX IF NOT EXISTS "ledger_entries_user_journal_idx" ON "ledger_entries" ("user_id", "ledger_account", "entry_date", "id")
  INCLUDE ("debit", "credit", "source_kind", "source_id");
