import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { kioskCustomers } from "../../db/schema";

/** The store's customer with this mobile number, created on first visit. */
export async function upsertCustomer(
  db: DbOrTx,
  storeUserId: number,
  mobileNo: string,
  firstName: string | null,
) {
  const rows = await db
    .insert(kioskCustomers)
    .values({ storeUserId, mobileNo, firstName })
    .onConflictDoUpdate({
      target: [kioskCustomers.storeUserId, kioskCustomers.mobileNo],
      set: { firstName: sql`coalesce(excluded.first_name, ${kioskCustomers.firstName})` },
    })
    .returning();
  const row = rows[0];
  if (!row) throw new Error("kiosk customer upsert returned nothing");
  return row;
}
