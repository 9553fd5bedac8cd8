import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { settings, users } from "../../db/schema";

/** One setting with the email of who last changed it, or null when never set. */
export async function get(db: DbOrTx, key: string) {
  const rows = await db
    .select({ value: settings.value, updatedAt: settings.updatedAt, updatedBy: users.email })
    .from(settings)
    .leftJoin(users, eq(users.id, settings.updatedBy))
    .where(eq(settings.key, key))
    .limit(1);
  return rows[0] ?? null;
}

export async function put(db: DbOrTx, key: string, value: unknown, by: number | null, at: Date) {
  await db
    .insert(settings)
    .values({ key, value, updatedAt: at, updatedBy: by })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: at, updatedBy: by } });
}
