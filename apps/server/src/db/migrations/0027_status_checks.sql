-- Status columns hold only the values the domain lists (issue 26): each gets a CHECK with the list
-- from packages/domain (apps/server/src/test/status-checks.test.ts keeps them equal), as
-- kiosk_orders.status has since 0011. No older spelling of these values is known (none was ever
-- renamed), so nothing is mapped first: a database holding any other value makes this migration fail
-- loudly ('check constraint ... is violated by some row') and the row must be corrected by hand.
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_status_check" CHECK ("status" IN ('Pending', 'Confirmed', 'Shipped', 'Delivered', 'Cancelled'));
--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_stock_type_check" CHECK ("stock_type" IN ('DropShipment', 'JustInTime', 'CreditVendorStock', 'CreditWHStock', 'OwnedStock'));
--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_source_check" CHECK ("source" IN ('B2B', 'B2F', 'Kiosk'));
--> statement-breakpoint
ALTER TABLE "loads" ADD CONSTRAINT "loads_status_check" CHECK ("status" IN ('Ready To Dispatch', 'Hand Over', 'Shipped'));
--> statement-breakpoint
ALTER TABLE "sales_returns" ADD CONSTRAINT "sales_returns_status_check" CHECK ("status" IN ('Pending', 'InTransit', 'WHReceived', 'InProcess', 'B2BApproved', 'AccountApproved', 'Rejected'));
--> statement-breakpoint
ALTER TABLE "waybills" ADD CONSTRAINT "waybills_status_check" CHECK ("status" IN ('WH Request', 'Doc Uploaded', 'Closed'));
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("status" IN ('submitted', 'approved', 'rejected'));
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_type_check" CHECK ("payment_type" IN ('Cheque', 'Neft', 'RTGS', 'Credit Note'));
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_type_check" CHECK ("account_type" IN ('franchise', 'stockist', 'kiosk', 'admin'));
