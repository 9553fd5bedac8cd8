import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { banners } from "../../db/schema";

export async function activeBanners(db: DbOrTx) {
  return db
    .select()
    .from(banners)
    .where(eq(banners.active, true))
    .orderBy(asc(banners.sortOrder), asc(banners.id));
}
