import { randomBytes } from "node:crypto";
import type {
  CreatePartnerBody,
  PartnerDetail,
  PartnerFlags,
  PartnerRow,
  PartnerRule,
  UpdatePartnerBody,
  UserListQuery,
} from "@portal/contracts";
import { accountTypeOf, backOfficeMessages as msg } from "@portal/domain";
import type { Db, DbOrTx } from "../../db/client";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { hashPassword } from "../../lib/password";
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
    active: u.active,
    createdAt: u.createdAt.toISOString(),
    flags: flagsOf(u),
  };
}

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

  const service = {
    async list(q: UserListQuery) {
      const { rows, total } = await repo.list(db, {
        ...q,
        active: q.active === undefined ? undefined : q.active === "true",
      });
      return { rows: rows.map(toRow), total };
    },

    async get(id: number): Promise<PartnerDetail> {
      const { rows } = await repo.list(db, { ids: [id], page: 1, pageSize: 1 });
      const row = rows[0];
      if (!row) throw notFound(msg.partnerNotFound);
      const [warehouseIds, rules] = await Promise.all([repo.warehouseIdsOf(db, id), repo.rulesOf(db, id)]);
      return {
        ...toRow(row),
        phone: row.user.phone,
        pincode: row.user.pincode,
        shippingAddress1: row.user.shippingAddress1,
        shippingAddress2: row.user.shippingAddress2,
        shippingCity: row.user.shippingCity,
        warehouseIds,
        rules: rules as PartnerRule[],
      };
    },

    /** POST /api/users by staff: the partner, its franchise (concept), mapping, rules and flags, in one transaction. */
    async create(actor: Actor, body: CreatePartnerBody, at = now()): Promise<PartnerDetail> {
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

    async update(actor: Actor, id: number, body: UpdatePartnerBody, at = now()): Promise<PartnerDetail> {
      const before = await service.get(id);
      await db.transaction(async (tx) => {
        const user = await repo.lockUser(tx, id);
        if (!user) throw notFound(msg.partnerNotFound);
        if (body.warehouseIds) {
          await checkWarehouses(tx, body.warehouseIds);
          await repo.replaceWarehouses(tx, id, body.warehouseIds);
        }
        if (body.rules) await repo.replaceRules(tx, id, body.rules);
        await changePartnerAccount(tx, id, {
          ...(body.accountType ? { accountType: body.accountType } : {}),
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
        await recordAudit(tx, {
          actorId: actor?.id ?? null,
          action: "partner.update",
          entity: "partner",
          entityId: id,
          before,
          after: body,
          at,
        });
      });
      deps.forgetUserContext(id);
      // Flags and type are read from the session: end the partner's sessions so they sign in afresh with them.
      await deps.auth.endAllSessions(id);
      return service.get(id);
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
