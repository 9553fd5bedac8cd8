/**
 * A secret every server instance on one database agrees on, made the first time it is needed.
 * The row is written with INSERT ... ON CONFLICT DO NOTHING and then read back, so when several
 * instances start together for the first time, the first write wins and every instance (the
 * losers included) goes on with that one value. The database is the one place all instances
 * share whatever keeps their files (a folder per machine or one bucket).
 */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { serverSecrets } from "../db/schema";

export async function sharedSecret(db: DbOrTx, name: string, candidate: () => string): Promise<string> {
  const value = candidate();
  if (value.length < 16) throw new Error(`The secret ${name} must be at least 16 characters`);
  await db.insert(serverSecrets).values({ name, value }).onConflictDoNothing({ target: serverSecrets.name });
  const [kept] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  if (!kept) throw new Error(`The secret ${name} could not be kept`);
  return kept.value;
}
