/** Who a staff broadcast reaches: active partners (no staff), all of them or those of one concept. */
import { and, asc, count, eq, isNotNull, ne, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { franchises, users } from "../../db/schema";

const activePartners = [eq(users.active, true), ne(users.role, "admin")];

/** A concept as partners' franchises name it, in any case: "coco" is COCO. */
const ofConcept = (concept: string): SQL => sql`lower(${franchises.concept}) = lower(${concept})`;

/** The ids of the partners a broadcast reaches. */
export async function recipientIds(db: DbOrTx, concept?: string): Promise<number[]> {
  const rows = concept
    ? await db
        .select({ id: users.id })
        .from(users)
        .innerJoin(franchises, eq(franchises.id, users.franchiseId))
        .where(and(...activePartners, isNotNull(users.franchiseId), ofConcept(concept)))
    : await db
        .select({ id: users.id })
        .from(users)
        .where(and(...activePartners));
  return rows.map((r) => r.id);
}

/** Every concept active partners belong to (one spelling per concept, whatever its case), with how many. */
export async function conceptsOf(db: DbOrTx): Promise<{ concept: string; partners: number }[]> {
  const rows = await db
    .select({ concept: sql<string>`min(${franchises.concept})`, partners: count() })
    .from(users)
    .innerJoin(franchises, eq(franchises.id, users.franchiseId))
    .where(and(...activePartners))
    .groupBy(sql`lower(${franchises.concept})`)
    .orderBy(asc(sql`lower(${franchises.concept})`));
  return rows.map((r) => ({ concept: r.concept, partners: Number(r.partners) }));
}
