import { asc, inArray, or } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { products } from "../../db/schema";

/**
 * The products the pad's rows name and their styles' other sizes and colours, in one query: every
 * product of a group that one of `ids` belongs to or that `groupIds` names, in id order (a style's
 * sizes are numbered in size order).
 */
export async function styleFamilies(db: DbOrTx, ids: readonly number[], groupIds: readonly number[]) {
  if (ids.length === 0 && groupIds.length === 0) return [];
  const groupsOfIds = db
    .select({ groupId: products.groupId })
    .from(products)
    .where(inArray(products.id, ids.length > 0 ? [...ids] : [0]));
  return db
    .select({ id: products.id, groupId: products.groupId, color: products.color })
    .from(products)
    .where(
      or(
        inArray(products.groupId, groupsOfIds),
        inArray(products.groupId, groupIds.length > 0 ? [...groupIds] : [0]),
      ),
    )
    .orderBy(asc(products.id));
}
export type FamilyRow = Awaited<ReturnType<typeof styleFamilies>>[number];
