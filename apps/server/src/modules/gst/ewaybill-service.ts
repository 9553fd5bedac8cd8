/**
 * E-way bills of loads: whether a load needs one (worth more than the limit in Admin Settings, from
 * 2018-04-01), its EWB-01 JSON built from the stored documents, generating it through the e-way bill
 * system (the configured one, else our sandbox) or entering a number staff got elsewhere. The loads
 * module asks `ewayBillBlock` (through public.ts) before it ships a load.
 */
import type { AdminEwayBill, EwayBillNumberBody } from "@portal/contracts";
import {
  EWAYBILL_START_DAY,
  type EwayBill,
  ewayBillInstant,
  ewayBillNeeded,
  indiaDay,
  ewayBillMessages as msg,
  paiseToDecimal,
  pincodeDistanceKm,
  toPaise,
} from "@portal/domain";
import type { DbOrTx } from "../../db/client";
import { AppError, notFound } from "../../lib/errors";
import { recordAudit } from "../audit/public";
import { currentEwayBillLimit } from "../settings/public";
import type { StoredTaxInvoice } from "./einvoice";
import {
  type Consignee,
  consigneePincode,
  ewayBillProblems,
  loadEwayBill,
  type StoredDocument,
} from "./ewaybill";
import * as repo from "./ewaybill-repo";
import type { EwbClient } from "./ewb";

export type LoadPlaces = NonNullable<Awaited<ReturnType<typeof repo.loadWithPlaces>>>;

const rupees = (paise: bigint) => paiseToDecimal(paise);

/** Why a load needs no e-way bill on a day, the limit read already (null when it needs one). */
export function notNeededReasonAt(
  load: { status: string; total: string; actualShippingDate: string | null },
  day: string,
  limit: number,
): { reason: string | null; value: bigint; limit: number } {
  const value = toPaise(load.total);
  if (load.status === "Cancelled") return { reason: msg.cancelledLoad, value, limit };
  const shipDay = load.actualShippingDate ?? day;
  if (shipDay < EWAYBILL_START_DAY) return { reason: msg.beforeStart(shipDay), value, limit };
  if (!ewayBillNeeded(value, limit))
    return { reason: msg.notNeeded(rupees(value), rupees(BigInt(limit))), value, limit };
  return { reason: null, value, limit };
}

/** Why a load needs no e-way bill on a day (null when it needs one): cancelled, before they began, within the limit. */
async function notNeededReason(
  db: DbOrTx,
  load: { status: string; total: string; actualShippingDate: string | null },
  day: string,
): Promise<{ reason: string | null; value: bigint; limit: number }> {
  return notNeededReasonAt(load, day, await currentEwayBillLimit(db));
}

/**
 * Why a load may not ship on a day for want of an e-way bill (the message staff see), or null when
 * it may: it is worth at most the limit, ships before e-way bills began, or has one.
 */
export async function ewayBillBlock(
  db: DbOrTx,
  load: { id: number; status: string; total: string },
  day: string,
): Promise<string | null> {
  const { reason, value, limit } = await notNeededReason(db, { ...load, actualShippingDate: day }, day);
  if (reason !== null) return null;
  if (await repo.ewayBillOf(db, load.id)) return null;
  return msg.shipNeedsEwayBill(load.id, rupees(value), rupees(BigInt(limit)));
}

const consigneeOf = (p: LoadPlaces["partner"]): Consignee => ({
  ...p,
  name: p.storeName ?? `${p.firstname} ${p.lastname}`,
});

/** The load's e-way bill as it would be sent now, or why it cannot be built yet. */
async function build(
  db: DbOrTx,
  places: LoadPlaces,
): Promise<{ bill: EwayBill; documents: StoredDocument[]; km: number } | { blocker: string }> {
  if (places.load.status === "Cancelled") return { blocker: msg.cancelledLoad };
  return buildFrom(places, await repo.loadDocuments(db, places.load.id));
}

/** `build` from the load's documents already read (`repo.loadDocuments`). */
export function buildFrom(
  places: LoadPlaces,
  stored: readonly { number: string; issuedOn: string; document: unknown }[],
): { bill: EwayBill; documents: StoredDocument[]; km: number } | { blocker: string } {
  const { load, warehouse, partner } = places;
  if (load.status === "Cancelled") return { blocker: msg.cancelledLoad };
  const documents = stored.map(
    (i): StoredDocument => ({
      number: i.number,
      issuedOn: i.issuedOn,
      document: i.document as StoredTaxInvoice,
    }),
  );
  if (documents.length === 0) return { blocker: msg.noDocuments };
  const consignee = consigneeOf(partner);
  if (pincodeDistanceKm(warehouse.pincode, warehouse.pincode) === null)
    return { blocker: msg.noPincode("warehouse") };
  const km = pincodeDistanceKm(warehouse.pincode, consigneePincode(consignee));
  if (km === null) return { blocker: msg.noPincode("partner") };
  const bill = loadEwayBill(documents, warehouse, consignee, load, km);
  if (!load.docketNo || !load.transporter) return { blocker: msg.notHandedOver };
  return { bill, documents, km };
}

export function createEwayBillService(deps: { db: DbOrTx; ewb: EwbClient; now: () => Date }) {
  const { db, ewb, now } = deps;
  let session: { token: string; expires: number } | null = null;

  async function token(): Promise<string> {
    if (session && session.expires > now().getTime() + 60_000) return session.token;
    const answer = await ewb.auth({ action: "ACCESSTOKEN", username: "portal", password: "", app_key: "" });
    if (answer.status !== "1") throw new AppError(409, msg.systemRefused(answer.error.message));
    const expires = ewayBillInstant(answer.data.tokenExpiry)?.getTime() ?? now().getTime() + 3600_000;
    session = { token: answer.data.authtoken, expires };
    return session.token;
  }

  async function placesOf(loadId: number): Promise<LoadPlaces> {
    const places = await repo.loadWithPlaces(db, loadId);
    if (!places) throw notFound(msg.loadNotFound);
    return places;
  }

  /** A load's e-way bill: its state, number and validity, the JSON (as sent, or as it would be sent) and its problems. */
  async function view(loadId: number, at = now()): Promise<AdminEwayBill> {
    const places = await placesOf(loadId);
    const { load } = places;
    const stored = await repo.ewayBillOf(db, loadId);
    const { reason, value, limit } = await notNeededReason(db, load, indiaDay(at));
    const built = await build(db, places);
    const json = (stored?.payload as EwayBill | null) ?? ("bill" in built ? built.bill : null);
    const first = "documents" in built ? built.documents[0] : undefined;
    return {
      loadId,
      state: stored
        ? stored.source === "generated"
          ? "generated"
          : "entered"
        : reason
          ? "not needed"
          : "needed",
      reason: stored ? null : reason,
      consignmentValue: rupees(value),
      limit: rupees(BigInt(limit)),
      number: stored?.number ?? null,
      generatedAt: stored?.generatedAt.toISOString() ?? null,
      validUntil: stored?.validUntil?.toISOString() ?? null,
      source: stored ? (stored.source === "generated" ? "generated" : "entered") : null,
      system: stored?.system ?? null,
      distanceKm: stored?.distanceKm ?? ("km" in built ? built.km : null),
      document: stored?.docNo
        ? { number: stored.docNo, day: stored.docDay ?? "" }
        : first
          ? { number: first.number, day: first.issuedOn }
          : null,
      json: json ? { ...json } : null,
      problems: json ? ewayBillProblems(json) : [],
      blocker: stored ? null : "blocker" in built ? built.blocker : null,
      ewbSystem: ewb.name,
    };
  }

  async function assertOpen(loadId: number, at: Date) {
    const places = await placesOf(loadId);
    const stored = await repo.ewayBillOf(db, loadId);
    if (stored) throw new AppError(409, msg.alreadyHas(loadId, stored.number));
    const { reason } = await notNeededReason(db, places.load, indiaDay(at));
    return { places, reason };
  }

  /** Generates a load's e-way bill through the e-way bill system; audited. */
  async function generate(actorId: number | null, loadId: number, at = now()): Promise<AdminEwayBill> {
    const { places, reason } = await assertOpen(loadId, at);
    if (reason) throw new AppError(409, reason);
    const built = await build(db, places);
    if ("blocker" in built) throw new AppError(409, built.blocker);
    const problems = ewayBillProblems(built.bill);
    if (problems.length > 0) throw new AppError(422, msg.invalidJson(problems.join("; ")));
    const answer = await ewb.generate(await token(), built.bill);
    if (answer.status !== "1")
      throw new AppError(409, msg.systemRefused(`${answer.error.errorCodes}: ${answer.error.message}`));
    const number = String(answer.data.ewayBillNo).padStart(12, "0");
    const generatedAt = ewayBillInstant(answer.data.ewayBillDate) ?? at;
    const row = await repo.insert(db, {
      loadId,
      userId: places.load.userId,
      number,
      source: "generated",
      docNo: built.bill.docNo,
      docDay: built.documents[0]?.issuedOn ?? null,
      distanceKm: built.km,
      generatedAt,
      validUntil: ewayBillInstant(answer.data.validUpto),
      payload: built.bill,
      system: ewb.name,
      createdAt: at,
      createdBy: actorId,
    });
    if (!row) throw new AppError(409, msg.alreadyHas(loadId, number));
    await recordAudit(db, {
      actorId,
      action: "ewaybill.generate",
      entity: "load",
      entityId: loadId,
      after: {
        number,
        validUntil: row.validUntil?.toISOString() ?? null,
        docNo: row.docNo,
        system: ewb.name,
      },
      at,
    });
    return view(loadId, at);
  }

  /** Records the number of an e-way bill staff generated elsewhere (12 digits, once across loads); audited. */
  async function enter(
    actorId: number,
    loadId: number,
    body: EwayBillNumberBody,
    at = now(),
  ): Promise<AdminEwayBill> {
    const { places } = await assertOpen(loadId, at);
    if (places.load.status === "Cancelled") throw new AppError(409, msg.cancelledLoad);
    const holder = await repo.numberHolder(db, body.number);
    if (holder !== null) throw new AppError(409, msg.numberUsed(body.number, holder));
    const built = await build(db, places);
    const row = await repo.insert(db, {
      loadId,
      userId: places.load.userId,
      number: body.number,
      source: "entered",
      docNo: "bill" in built ? built.bill.docNo : null,
      docDay: "documents" in built ? (built.documents[0]?.issuedOn ?? null) : null,
      distanceKm: "km" in built ? built.km : null,
      generatedAt: at,
      validUntil: body.validUntil ? new Date(`${body.validUntil}T23:59:00+05:30`) : null,
      payload: null,
      system: "staff",
      createdAt: at,
      createdBy: actorId,
    });
    if (!row) {
      const again = await repo.numberHolder(db, body.number);
      throw new AppError(
        409,
        again !== null ? msg.numberUsed(body.number, again) : msg.alreadyHas(loadId, body.number),
      );
    }
    await recordAudit(db, {
      actorId,
      action: "ewaybill.enter",
      entity: "load",
      entityId: loadId,
      after: { number: body.number, validUntil: body.validUntil ?? null },
      at,
    });
    return view(loadId, at);
  }

  return { view, generate, enter, system: ewb.name };
}
export type EwayBillService = ReturnType<typeof createEwayBillService>;
