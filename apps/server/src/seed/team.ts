/**
 * The demo world's store team (issue 30): the franchisee's buyer and accountant, active, with the
 * demo password. Every other demo account is its store's owner.
 */
import type { MemberRole } from "@portal/domain";
import type { DbOrTx } from "../db/client";
import { storeMembers } from "../db/schema";

export interface DemoMember {
  store: string;
  email: string;
  firstname: string;
  lastname: string;
  role: MemberRole;
  /** Rupees; buyers only. */
  approvalLimit: string | null;
}

export const DEMO_MEMBERS: readonly DemoMember[] = [
  {
    store: "franchisee@demo.in",
    email: "buyer@demo.in",
    firstname: "Bhavna",
    lastname: "Iyer",
    role: "buyer",
    approvalLimit: "50000.00",
  },
  {
    store: "franchisee@demo.in",
    email: "accounts@demo.in",
    firstname: "Arun",
    lastname: "Mehta",
    role: "accounts",
    approvalLimit: null,
  },
];

/** Adds the demo members to their stores (`userIds`: the demo accounts' ids by email). */
export async function seedDemoTeam(
  db: DbOrTx,
  userIds: ReadonlyMap<string, number>,
  passwordHash: string,
  createdAt: Date,
): Promise<void> {
  for (const member of DEMO_MEMBERS) {
    const storeId = userIds.get(member.store);
    if (storeId === undefined) throw new Error(`No demo store ${member.store} for ${member.email}`);
    await db.insert(storeMembers).values({
      storeId,
      email: member.email,
      passwordHash,
      firstname: member.firstname,
      lastname: member.lastname,
      role: member.role,
      approvalLimit: member.approvalLimit,
      active: true,
      createdAt,
      updatedAt: createdAt,
    });
  }
}
