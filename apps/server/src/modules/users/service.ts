import type { MappingEntry, Me, PartnerPreferences, Rule, SignupBody } from "@portal/contracts";
import { accountTypeOf, ledgerMessages, messages } from "@portal/domain";
import type { Db } from "../../db/client";
import { AppError, forbidden, notFound } from "../../lib/errors";
import { hashPassword } from "../../lib/password";
import { TtlCache } from "../../lib/ttl-cache";
import { type FranchiseRow, findUserWithFranchise, type SessionMember, type UserRow } from "../auth/public";
import * as repo from "./repo";

const toAccountType = accountTypeOf;

/**
 * The spec's `me`: every flag, never the password hash; `team` says who of the store is signed in
 * (a member of it, else its owner).
 */
export function toMe(user: UserRow, franchise: FranchiseRow | null, member: SessionMember | null = null): Me {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    accountType: toAccountType(user.accountType),
    firstname: user.firstname,
    lastname: user.lastname,
    storeName: user.storeName,
    phone: user.phone,
    offer: user.offer,
    canViewStorePerformance: user.canViewStorePerformance,
    canOrder: user.canOrder,
    canCartUpload: user.canCartUpload,
    isFranchisee: user.isFranchisee,
    enableLedger: user.enableLedger,
    hasFoodLicense: user.hasFoodLicense,
    enableARS: user.enableARS,
    pincode: user.pincode,
    state: user.state,
    shippingAddress1: user.shippingAddress1,
    shippingAddress2: user.shippingAddress2,
    shippingCity: user.shippingCity,
    shippingState: user.shippingState,
    shippingPincode: user.shippingPincode,
    fcf: franchise
      ? { id: franchise.id, concept: franchise.concept, createdDate: franchise.createdAt.toISOString() }
      : null,
    team: member
      ? {
          role: member.role,
          memberId: member.id,
          name: `${member.firstname} ${member.lastname}`.trim(),
          email: member.email,
          approvalLimit: member.approvalLimit,
        }
      : {
          role: "owner",
          memberId: null,
          name: `${user.firstname} ${user.lastname}`.trim(),
          email: user.email,
          approvalLimit: null,
        },
  };
}

/**
 * Mapping and rules are read on every catalogue call and change rarely: cached per user and
 * context version. Staff changing them raise the user's version in the database, which every
 * instance reads with the session on the next request, so no instance serves the old ones.
 */
const USER_CONTEXT_MS = 10 * 60_000;

/** Whose mapping or rules: the session's user carries its context version. */
export type ContextOwner = { id: number; contextVersion: number };
const contextKey = (user: ContextOwner) => `${user.id}:${user.contextVersion}`;

export function createUsersService(deps: { db: Db; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const mappingCache = new TtlCache<Promise<MappingEntry[]>>(USER_CONTEXT_MS, 10_000);
  const rulesCache = new TtlCache<Promise<Rule[]>>(USER_CONTEXT_MS, 10_000);
  return {
    /** After staff change a user's mapping or rules: every instance stops using its cached copies. */
    async forgetUserContext(userId: number): Promise<void> {
      await repo.bumpContextVersion(deps.db, userId);
    },

    /** Self, or anyone for an admin; another partner's id is 404 so nothing leaks. */
    async getUser(viewer: UserRow, id: number): Promise<Me> {
      if (viewer.id !== id && viewer.role !== "admin") throw notFound(messages.userNotFound);
      const found = await findUserWithFranchise(deps.db, id);
      if (!found) throw notFound(messages.userNotFound);
      return toMe(found.user, found.franchise);
    },

    /**
     * Sign-up creates a partner account that can sign in and look around; ordering, uploads and
     * warehouse mapping are granted by the retailer's team afterwards.
     */
    async signup(body: SignupBody): Promise<number> {
      const id = await repo.insertUser(deps.db, {
        email: body.email,
        passwordHash: await hashPassword(body.password),
        role: "user",
        accountType: "stockist",
        firstname: body.firstname,
        lastname: body.lastname,
        storeName: body.storeName,
        phone: body.phone,
        state: body.state,
        pincode: body.pincode,
        shippingState: body.state,
        shippingCity: body.city,
        shippingPincode: body.pincode,
      });
      if (id === null) throw new AppError(409, messages.accountExists);
      return id;
    },

    mapping(user: ContextOwner): Promise<MappingEntry[]> {
      return mappingCache.getOrCompute(contextKey(user), async () => {
        const rows = await repo.mappedWarehouses(deps.db, user.id);
        return rows.map((w) => ({ whID: w.id, state: w.state, name: w.name }));
      });
    },

    /** The partner's own settings (the defaults until they change one). */
    async preferences(user: { id: number; enableLedger: boolean }): Promise<PartnerPreferences> {
      const row = await repo.preferencesOf(deps.db, user.id);
      return { monthlyStatement: user.enableLedger && (row?.monthlyStatement ?? false) };
    },

    /** Changes the partner's settings; the monthly statement needs the ledger (403 without it). */
    async setPreferences(
      user: { id: number; enableLedger: boolean },
      change: PartnerPreferences,
    ): Promise<PartnerPreferences> {
      if (change.monthlyStatement && !user.enableLedger) throw forbidden(ledgerMessages.notEnabled);
      await repo.setPreferences(deps.db, user.id, change, now());
      return this.preferences(user);
    },

    /** Rules grouped into one allow and one block rule, each listing its ids per dimension. */
    rules(user: ContextOwner): Promise<Rule[]> {
      return rulesCache.getOrCompute(contextKey(user), () => readRules(user.id));
    },
  };

  async function readRules(userId: number): Promise<Rule[]> {
    const rows = await repo.rulesOf(deps.db, userId);
    const byKind = new Map<"allow" | "block", Rule>();
    for (const row of rows) {
      const kind = row.kind === "block" ? "block" : "allow";
      let rule = byKind.get(kind);
      if (!rule) {
        rule = { type: kind, categories: [], subcategories: [], brands: [], subcategoryTypes: [] };
        byKind.set(kind, rule);
      }
      const list =
        row.dimension === "category"
          ? rule.categories
          : row.dimension === "subcategory"
            ? rule.subcategories
            : row.dimension === "brand"
              ? rule.brands
              : rule.subcategoryTypes;
      list.push(row.valueId);
    }
    return [...byKind.values()];
  }
}

export type UsersService = ReturnType<typeof createUsersService>;
