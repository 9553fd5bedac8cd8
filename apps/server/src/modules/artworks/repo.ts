import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { artworks, users } from "../../db/schema";

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
    page: number;
    pageSize: number;
  },
) {
  const parts: SQL[] = [];
  if (f.userId !== undefined) parts.push(eq(artworks.userId, f.userId));
  if (f.status) parts.push(eq(artworks.status, f.status));
  if (f.id !== undefined) parts.push(eq(artworks.id, f.id));
  const where = parts.length ? and(...parts) : undefined;
  const rows = await db
    .select({ a: artworks, email: users.email, storeName: users.storeName })
    .from(artworks)
    .innerJoin(users, eq(users.id, artworks.userId))
    .where(where)
    .orderBy(desc(artworks.createdAt), desc(artworks.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  const [total] = await db.select({ n: count() }).from(artworks).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function lockedById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(artworks).where(eq(artworks.id, id)).for("update").limit(1);
  return row ?? null;
}

export async function setStatus(db: DbOrTx, id: number, status: string, at: Date) {
  await db.update(artworks).set({ status, updatedAt: at }).where(eq(artworks.id, id));
}
