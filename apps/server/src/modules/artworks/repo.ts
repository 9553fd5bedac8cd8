import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { artworks, users } from "../../db/schema";
import { orderByOf, searchWhere } from "../../lib/staff-list";

/** The staff list's sort keys (ARTWORK_SORTS) and the columns they sort by. */
const STAFF_SORT_COLUMNS = {
  id: artworks.id,
  storeName: users.storeName,
  email: users.email,
  type: artworks.type,
  subType: artworks.subType,
  size: artworks.size,
  status: artworks.status,
  createdAt: artworks.createdAt,
  updatedAt: artworks.updatedAt,
};

export type ArtworkRow = typeof artworks.$inferSelect;

export async function pageOf(db: DbOrTx, userId: number, page: number, pageSize: number) {
  const rows = await db
    .select()
    .from(artworks)
    .where(eq(artworks.userId, userId))
    .orderBy(desc(artworks.createdAt), desc(artworks.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(artworks).where(eq(artworks.userId, userId));
  return { rows, count: Number(total?.n ?? 0) };
}

export async function insert(db: DbOrTx, row: typeof artworks.$inferInsert) {
  const [made] = await db.insert(artworks).values(row).returning();
  if (!made) throw new Error("artwork not inserted");
  return made;
}

export async function staffPage(
  db: DbOrTx,
  f: {
    status?: string | undefined;
    userId?: number | undefined;
    id?: number;
    q?: string | undefined;
    sort?: string | undefined;
    page: number;
    pageSize: number;
  },
) {
  const parts: SQL[] = [];
  if (f.userId !== undefined) parts.push(eq(artworks.userId, f.userId));
  if (f.status) parts.push(eq(artworks.status, f.status));
  if (f.id !== undefined) parts.push(eq(artworks.id, f.id));
  const search = searchWhere(f.q, [
    sql`${artworks.id}::text`,
    users.storeName,
    users.email,
    artworks.type,
    artworks.subType,
    artworks.size,
  ]);
  if (search) parts.push(search);
  const where = parts.length ? and(...parts) : undefined;
  const rows = await db
    .select({ a: artworks, email: users.email, storeName: users.storeName })
    .from(artworks)
    .innerJoin(users, eq(users.id, artworks.userId))
    .where(where)
    .orderBy(
      ...orderByOf(f.sort, STAFF_SORT_COLUMNS, [desc(artworks.createdAt), desc(artworks.id)], artworks.id),
    )
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(artworks)
    .innerJoin(users, eq(users.id, artworks.userId))
    .where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function lockedById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(artworks).where(eq(artworks.id, id)).for("update").limit(1);
  return row ?? null;
}

export async function setStatus(db: DbOrTx, id: number, status: string, at: Date) {
  await db.update(artworks).set({ status, updatedAt: at }).where(eq(artworks.id, id));
}
