import { and, asc, count, desc, eq, gt, gte, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  assessmentQuestions,
  assessmentResults,
  assessments,
  contentFiles,
  products,
  trainingEvents,
  trainingItems,
  users,
} from "../../db/schema";

export type ContentFileRow = typeof contentFiles.$inferSelect;

export function filesOfKinds(db: DbOrTx, kinds: readonly string[]) {
  return db
    .select()
    .from(contentFiles)
    .where(or(...kinds.map((k) => eq(contentFiles.kind, k))))
    .orderBy(
      asc(contentFiles.kind),
      asc(contentFiles.sortOrder),
      desc(contentFiles.updatedAt),
      asc(contentFiles.id),
    );
}

export async function fileByKey(db: DbOrTx, key: string): Promise<ContentFileRow | null> {
  const [row] = await db.select().from(contentFiles).where(eq(contentFiles.storageKey, key)).limit(1);
  return row ?? null;
}

export async function fileByPoster(db: DbOrTx, key: string): Promise<ContentFileRow | null> {
  const [row] = await db.select().from(contentFiles).where(eq(contentFiles.posterKey, key)).limit(1);
  return row ?? null;
}

export async function fileById(db: DbOrTx, id: number): Promise<ContentFileRow | null> {
  const [row] = await db.select().from(contentFiles).where(eq(contentFiles.id, id)).limit(1);
  return row ?? null;
}

export async function insertFile(db: DbOrTx, row: typeof contentFiles.$inferInsert) {
  const [made] = await db.insert(contentFiles).values(row).returning();
  if (!made) throw new Error("content file not inserted");
  return made;
}

export async function replaceFile(
  db: DbOrTx,
  id: number,
  set: { storageKey: string; contentType: string; sizeBytes: number; updatedAt: Date },
) {
  const [made] = await db.update(contentFiles).set(set).where(eq(contentFiles.id, id)).returning();
  return made ?? null;
}

export async function deleteFile(db: DbOrTx, id: number) {
  const [gone] = await db.delete(contentFiles).where(eq(contentFiles.id, id)).returning();
  return gone ?? null;
}

export function eventsBetween(db: DbOrTx, from: string, to: string) {
  return db
    .select()
    .from(trainingEvents)
    .where(and(gte(trainingEvents.eventDate, from), lte(trainingEvents.eventDate, to)))
    .orderBy(asc(trainingEvents.eventDate), asc(trainingEvents.startTime), asc(trainingEvents.id));
}

export function allTrainingItems(db: DbOrTx) {
  return db.select().from(trainingItems).orderBy(asc(trainingItems.sortOrder), asc(trainingItems.id));
}

export function assessmentsWithTaken(db: DbOrTx, userId: number) {
  return db
    .select({ a: assessments, resultId: assessmentResults.id })
    .from(assessments)
    .leftJoin(
      assessmentResults,
      and(eq(assessmentResults.assessmentId, assessments.id), eq(assessmentResults.userId, userId)),
    )
    .orderBy(desc(assessments.dueOn), asc(assessments.id));
}

export function resultsOf(db: DbOrTx, userId: number) {
  return db
    .select({ r: assessmentResults, title: assessments.title })
    .from(assessmentResults)
    .innerJoin(assessments, eq(assessments.id, assessmentResults.assessmentId))
    .where(eq(assessmentResults.userId, userId))
    .orderBy(desc(assessmentResults.takenOn), desc(assessmentResults.createdAt), asc(assessmentResults.id));
}

/** A result by its file key, with the assessment and the partner (for making its certificate). */
export async function resultByKey(db: DbOrTx, key: string) {
  const [row] = await db
    .select({ r: assessmentResults, title: assessments.title, user: users })
    .from(assessmentResults)
    .innerJoin(assessments, eq(assessments.id, assessmentResults.assessmentId))
    .innerJoin(users, eq(users.id, assessmentResults.userId))
    .where(eq(assessmentResults.storageKey, key))
    .limit(1);
  return row ?? null;
}

export async function assessmentById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(assessments).where(eq(assessments.id, id)).limit(1);
  return row ?? null;
}

/** An assessment's questions in order (with their right answers: the service keeps those). */
export function questionsOf(db: DbOrTx, assessmentId: number) {
  return db
    .select()
    .from(assessmentQuestions)
    .where(eq(assessmentQuestions.assessmentId, assessmentId))
    .orderBy(asc(assessmentQuestions.position), asc(assessmentQuestions.id));
}

export async function insertResult(db: DbOrTx, row: typeof assessmentResults.$inferInsert) {
  const [inserted] = await db.insert(assessmentResults).values(row).returning();
  if (!inserted) throw new Error("result not written");
  return inserted;
}

/** Which products a catalogue link lists: its categories or subcategories, on sale (active, margin and stock above 0). */
function onSale(filter: {
  categories: readonly number[];
  subcategories: readonly number[];
}): SQL | undefined {
  const listed = or(
    filter.categories.length > 0 ? inArray(products.categoryId, [...filter.categories]) : undefined,
    filter.subcategories.length > 0 ? inArray(products.subcategoryId, [...filter.subcategories]) : undefined,
  );
  return and(
    listed ?? sql`false`,
    eq(products.b2bIsActive, true),
    gt(products.currentStock, 0),
    sql`${products.retailerMargin} > 0`,
  );
}

/**
 * Products on sale in these categories or subcategories, best sellers first, then by id (so the
 * same catalogue always gives the same pick): the first `limit` ids with their style (group, colour).
 */
export function productsOnSale(
  db: DbOrTx,
  filter: { categories: readonly number[]; subcategories: readonly number[] },
  limit: number,
) {
  return db
    .select({ id: products.id, groupId: products.groupId, color: products.color })
    .from(products)
    .where(onSale(filter))
    .orderBy(sql`${products.bestSellerRank} asc nulls last`, asc(products.id))
    .limit(limit);
}

/** How many products on sale these categories or subcategories hold. */
export async function countOnSale(
  db: DbOrTx,
  filter: { categories: readonly number[]; subcategories: readonly number[] },
): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(onSale(filter));
  return row?.n ?? 0;
}

export async function lookbookById(db: DbOrTx, id: number): Promise<ContentFileRow | null> {
  const [row] = await db
    .select()
    .from(contentFiles)
    .where(and(eq(contentFiles.id, id), eq(contentFiles.kind, "lookbook")))
    .limit(1);
  return row ?? null;
}
