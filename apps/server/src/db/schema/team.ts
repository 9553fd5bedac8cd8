/**
 * Store teams (issue 30, migration 0038): the partner account is the store and its own sign-in the
 * owner; members are the store's other people, each with a role. Written by the team module.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users";

const at = () => timestamp({ withTimezone: true });

/** A person of a store other than its owner. No password until they accept the invitation. */
export const storeMembers = pgTable(
  "store_members",
  {
    id: serial().primaryKey(),
    storeId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text().notNull(),
    passwordHash: text(),
    firstname: text().notNull(),
    lastname: text().notNull().default(""),
    /** buyer, accounts, viewer or counter (`MEMBER_ROLES` in the domain). */
    role: text().notNull(),
    /** A buyer places orders up to this value (rupees); above it the owner approves. */
    approvalLimit: numeric({ precision: 14, scale: 2 }),
    active: boolean().notNull().default(true),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
    deactivatedAt: at(),
  },
  (t) => [
    uniqueIndex("store_members_email_idx").on(sql`lower(${t.email})`),
    index("store_members_store_idx").on(t.storeId),
  ],
);

/** An invitation's set-password link: hashed, single use, 72 hours. */
export const memberInvites = pgTable(
  "member_invites",
  {
    id: serial().primaryKey(),
    memberId: integer()
      .notNull()
      .references(() => storeMembers.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    expiresAt: at().notNull(),
    usedAt: at(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [uniqueIndex("member_invites_token_idx").on(t.tokenHash)],
);

/** What a buyer asked to place, as the placement request and the cart lines it would order. */
export interface OrderRequestLine {
  productId: number;
  qty: number;
  whId: number | null;
}

/** A buyer's placement above their approval limit, waiting for the owner (7 days). */
export const orderRequests = pgTable(
  "order_requests",
  {
    id: serial().primaryKey(),
    storeId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    memberId: integer()
      .notNull()
      .references(() => storeMembers.id, { onDelete: "cascade" }),
    /** pending, approved, declined, expired or failed (`ORDER_REQUEST_STATUSES`). */
    status: text().notNull().default("pending"),
    /** The placement request as the buyer sent it (POST /api/order's body). */
    placement: jsonb().$type<Record<string, unknown>>().notNull(),
    lines: jsonb().$type<OrderRequestLine[]>().notNull(),
    total: numeric({ precision: 14, scale: 2 }).notNull(),
    createdAt: at().notNull().defaultNow(),
    expiresAt: at().notNull(),
    decidedAt: at(),
    /** Null when the owner decided (or the request expired). */
    decidedByMemberId: integer().references(() => storeMembers.id, { onDelete: "set null" }),
    declineReason: text(),
    /** Why placing it failed at approval (stock gone, a rule changed). */
    failure: text(),
    poids: text().array().notNull().default(sql`'{}'`),
  },
  (t) => [index("order_requests_store_idx").on(t.storeId, t.status, t.createdAt)],
);
