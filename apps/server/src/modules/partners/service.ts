import { randomBytes } from "node:crypto";
import type {
  CreatePartnerBody,
  PartnerChange,
  PartnerDetail,
  PartnerFlags,
  PartnerRow,
  PartnerRule,
  PartnerUpdateResponse,
  UpdatePartnerBody,
  UserListQuery,
  WarehouseOption,
} from "@portal/contracts";
import {
  accountTypeOf,
  formatDateTime,
  formatRupees,
  gstinProblem,
  backOfficeMessages as msg,
} from "@portal/domain";
import type { FastifyReply } from "fastify";
import type { Db, DbOrTx } from "../../db/client";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { hashPassword } from "../../lib/password";
import { sendCsvPages } from "../../lib/staff-list";
import { recordAudit } from "../audit/public";
import type { AuthService } from "../auth/public";
import type { Actor } from "../order-desk/public";
import { changePartnerAccount, insertUser, setUserActive, setUserFranchise } from "../users/public";
import * as repo from "./repo";

type Row = Awaited<ReturnType<typeof repo.list>>["rows"][number];

const FLAG_KEYS = [
  "enableLedger",
  "canViewStorePerformance",
  "enableARS",
  "hasFoodLicense",
  "canOrder",
  "canCartUpload",
  "offer",
  "isFranchisee",
] as const satisfies readonly (keyof PartnerFlags)[];

const flagsOf = (u: repo.PartnerUserRow): PartnerFlags =>
  Object.fromEntries(FLAG_KEYS.map((k) => [k, u[k]])) as PartnerFlags;

function toRow({ user: u, concept }: Row): PartnerRow {
  return {
    id: u.id,
    email: u.email,
    firstname: u.firstname,
    lastname: u.lastname,
    storeName: u.storeName,
    role: u.role,
    accountType: accountTypeOf(u.accountType),
    concept,
    state: u.state,
    gstin: u.gstin,
    active: u.active,
    createdAt: u.createdAt.toISOString(),
    flags: flagsOf(u),
  };
}

/** What a save may change, each as the notice shows it: one line per field. */
function shownFields(
  p: PartnerDetail,
  warehouseNames: ReadonlyMap<number, string>,
): Record<string, string | null> {
  const yesNo = (b: boolean) => (b ? "yes" : "no");
  return {
    accountType: p.accountType,
    concept: p.concept,
    state: p.state,
    gstin: p.gstin,
    address: p.address,
    creditLimit: p.creditLimitPaise === null ? null : formatRupees(BigInt(p.creditLimitPaise)),
    warehouses: p.warehouseIds.map((id) => warehouseNames.get(id) ?? `#${id}`).join(", ") || null,
    rules: p.rules.map((r) => `${r.kind} ${r.dimension} ${r.valueId}`).join(", ") || null,
    ...Object.fromEntries(FLAG_KEYS.map((k) => [k, yesNo(p.flags[k])])),
  };
}

/** The fields whose shown value differs between two states of a partner. */
export function partnerChanges(
  before: PartnerDetail,
  after: PartnerDetail,
  warehouseNames: ReadonlyMap<number, string>,
): PartnerChange[] {
  const a = shownFields(before, warehouseNames);
  const b = shownFields(after, warehouseNames);
  return Object.keys(b).flatMap((field) =>
    a[field] === b[field] ? [] : [{ field, before: a[field] ?? null, after: b[field] ?? null }],
  );
}

/** The GSTIN's problem for the partner's state, as a 400. */
function checkGstin(gstin: string | null | undefined, state: string | null | undefined) {
  if (!gstin) return;
  const problem = gstinProblem(gstin, state);
  if (problem) throw badRequest(problem);
}

const CSV_HEADER = [
  "Id",
  "Email",
  "First name",
  "Last name",
  "Store",
  "Account type",
  "Concept",
  "State",
  "GSTIN",
  "Active",
  "Created",
] as const;

export interface PartnersDeps {
  db: Db;
  auth: Pick<AuthService, "endAllSessions" | "sendResetMail">;
  /** Drops cached mapping and rules of a user after they change. */
  forgetUserContext: (userId: number) => void;
  now?: () => Date;
}

export function createPartnersService(deps: PartnersDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function checkWarehouses(tx: DbOrTx, ids: readonly number[]) {
    const found = await repo.existingWarehouses(tx, ids);
    const missing = ids.find((id) => !found.includes(id));
    if (missing !== undefined) throw badRequest(msg.unknownWarehouse(missing));
  }

  async function detailOf(tx: DbOrTx, id: number): Promise<PartnerDetail> {
    const { rows } = await repo.list(tx, { ids: [id], page: 1, pageSize: 1 });
    const row = rows[0];
    if (!row) throw notFound(msg.partnerNotFound);
    const warehouseIds = await repo.warehouseIdsOf(tx, id);
    const rules = await repo.rulesOf(tx, id);
    return {
      ...toRow(row),
      phone: row.user.phone,
      pincode: row.user.pincode,
      shippingAddress1: row.user.shippingAddress1,
      shippingAddress2: row.user.shippingAddress2,
      shippingCity: row.user.shippingCity,
      address: row.user.address,
      creditLimitPaise: row.user.creditLimitPaise,
      warehouseIds,
      rules: rules as PartnerRule[],
    };
  }

  const service = {
    async list(q: UserListQuery) {
      const { rows, total } = await repo.list(db, {
        ...q,
        active: q.active === undefined ? undefined : q.active === "true",
      });
      return { rows: rows.map(toRow), total };
    },

    /** Every partner the list's filters match, as CSV (India's times). */
    csv(reply: FastifyReply, q: UserListQuery) {
      return sendCsvPages(
        reply,
        "partners.csv",
        CSV_HEADER,
        async (page, pageSize) => (await service.list({ ...q, page, pageSize })).rows,
        (r) => [
          r.id,
          r.email,
          r.firstname,
          r.lastname,
          r.storeName,
          r.accountType,
          r.concept,
          r.state,
          r.gstin,
          r.active ? "yes" : "no",
          formatDateTime(r.createdAt),
        ],
      );
    },

    /** Every warehouse a partner may be mapped to, by name. */
    async warehouses(): Promise<WarehouseOption[]> {
      return repo.warehouseOptions(db);
    },

    get(id: number): Promise<PartnerDetail> {
      return detailOf(db, id);
    },

    /** POST /api/users by staff: the partner, its franchise (concept), mapping, rules and flags, in one transaction. */
    async create(actor: Actor, body: CreatePartnerBody, at = now()): Promise<PartnerDetail> {
      checkGstin(body.gstin, body.state);
      const id = await db.transaction(async (tx) => {
        await checkWarehouses(tx, body.warehouseIds);
        const franchiseId = body.concept
          ? await repo.insertFranchise(tx, body.concept, body.storeName, at)
          : null;
        const id = await insertUser(tx, {
          email: body.email,
          passwordHash: await hashPassword(body.password ?? randomBytes(18).toString("base64url")),
          role: "user",
          accountType: body.accountType,
          firstname: body.firstname,
          lastname: body.lastname,
          storeName: body.storeName,
          phone: body.phone,
          state: body.state,
          pincode: body.pincode,
          shippingAddress1: body.shippingAddress1,
          shippingAddress2: body.shippingAddress2 ?? null,
          shippingCity: body.city,
          shippingState: body.state,
          shippingPincode: body.pincode,
          gstin: body.gstin ?? null,
          address: body.address ?? null,
          creditLimitPaise: body.creditLimitPaise ?? null,
          franchiseId,
          createdAt: at,
          ...body.flags,
        });
        if (id === null) throw new AppError(409, msg.emailTaken);
        await repo.replaceWarehouses(tx, id, body.warehouseIds);
        await repo.replaceRules(tx, id, body.rules);
        const { password: _password, ...shown } = body;
        await recordAudit(tx, {
          actorId: actor?.id ?? null,
          action: "partner.create",
          entity: "partner",
          entityId: id,
          after: shown,
          at,
        });
        return id;
      });
      if (!body.password) await deps.auth.sendResetMail(id);
      return service.get(id);
    },

    /** Saves what staff changed and answers it with the changes (field, before, after), which the audit row also holds. */
    async update(
      actor: Actor,
      id: number,
      body: UpdatePartnerBody,
      at = now(),
    ): Promise<PartnerUpdateResponse> {
      const before = await service.get(id);
      checkGstin(body.gstin === undefined ? before.gstin : body.gstin, body.state ?? before.state);
      const changes = await db.transaction(async (tx) => {
        const user = await repo.lockUser(tx, id);
        if (!user) throw notFound(msg.partnerNotFound);
        if (body.warehouseIds) {
          await checkWarehouses(tx, body.warehouseIds);
          await repo.replaceWarehouses(tx, id, body.warehouseIds);
        }
        if (body.rules) await repo.replaceRules(tx, id, body.rules);
        await changePartnerAccount(tx, id, {
          ...(body.accountType ? { accountType: body.accountType } : {}),
          ...(body.state ? { state: body.state } : {}),
          ...(body.gstin !== undefined ? { gstin: body.gstin } : {}),
          ...(body.address !== undefined ? { address: body.address || null } : {}),
          ...(body.creditLimitPaise !== undefined ? { creditLimitPaise: body.creditLimitPaise } : {}),
          ...(body.flags ?? {}),
        });
        if (body.concept !== undefined) {
          if (body.concept === null) await setUserFranchise(tx, id, null);
          else if (user.franchiseId) await repo.setFranchiseConcept(tx, user.franchiseId, body.concept);
          else {
            const franchiseId = await repo.insertFranchise(
              tx,
              body.concept,
              user.storeName ?? user.email,
              at,
            );
            await setUserFranchise(tx, id, franchiseId);
          }
        }
        const after = await detailOf(tx, id);
        const names = await repo.warehouseNames(tx, [...before.warehouseIds, ...after.warehouseIds]);
        const changes = partnerChanges(before, after, names);
        await recordAudit(tx, {
          actorId: actor?.id ?? null,
          action: "partner.update",
          entity: "partner",
          entityId: id,
          before: Object.fromEntries(changes.map((c) => [c.field, c.before])),
          after: Object.fromEntries(changes.map((c) => [c.field, c.after])),
          at,
        });
        return changes;
      });
      deps.forgetUserContext(id);
      // Flags and type are read from the session: end the partner's sessions so they sign in afresh with them.
      await deps.auth.endAllSessions(id);
      return { ...(await service.get(id)), changes };
    },

    /** Deactivates a partner: every session of theirs ends at once, and sign-in is refused. */
    async setActive(actor: Actor, id: number, active: boolean, at = now()): Promise<PartnerDetail> {
      await db.transaction(async (tx) => {
        const user = await repo.lockUser(tx, id);
        if (!user) throw notFound(msg.partnerNotFound);
        if (user.role === "admin" && !active && user.id === actor?.id)
          throw badRequest("You cannot deactivate yourself.");
        await setUserActive(tx, id, active);
        await recordAudit(tx, {
          actorId: actor?.id ?? null,
          action: active ? "partner.activate" : "partner.deactivate",
          entity: "partner",
          entityId: id,
          before: { active: user.active },
          after: { active },
          at,
        });
      });
      if (!active) await deps.auth.endAllSessions(id);
      return service.get(id);
    },

    async sendPasswordReset(actor: Actor, id: number, at = now()): Promise<string> {
      const message = await deps.auth.sendResetMail(id);
      await recordAudit(db, {
        actorId: actor?.id ?? null,
        action: "partner.passwordReset",
        entity: "partner",
        entityId: id,
        at,
      });
      return message;
    },
  };
  return service;
}
export type PartnersService = ReturnType<typeof createPartnersService>;
