-- Issue 27, loads desk: a load may be Cancelled before it ships (its orders go back to Confirmed, in
-- no load), and a docket (air waybill) number is used once per transporter among the loads that are
-- not cancelled: a cancelled load's docket may be given to the load its goods leave in. Transporter
-- and docket compare without case ("Blue Dart" BD1 is "blue dart" bd1).
ALTER TABLE "loads" DROP CONSTRAINT "loads_status_check";
--> statement-breakpoint
ALTER TABLE "loads" ADD CONSTRAINT "loads_status_check" CHECK ("status" IN ('Ready To Dispatch', 'Hand Over', 'Shipped', 'Cancelled'));
--> statement-breakpoint
CREATE UNIQUE INDEX "loads_transporter_docket_unique" ON "loads" (lower("transporter"), lower("docket_no")) WHERE "docket_no" IS NOT NULL AND "status" <> 'Cancelled';
