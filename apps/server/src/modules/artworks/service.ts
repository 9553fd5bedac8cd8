/** Artwork orders: partners order and list their own; staff move them along their steps. */
import type {
  AdminArtwork,
  AdminArtworksQuery,
  Artwork,
  ArtworkListResponse,
  CreateArtworkBody,
} from "@portal/contracts";
import {
  ARTWORK_LIFECYCLE,
  type ArtworkStatus,
  artworkDimension,
  artworkFieldMessages,
  artworkOrderProblem,
  artworkQuantity,
  contentMessages,
  formatDateTime,
  LEAFLET,
  nextSteps,
} from "@portal/domain";
import type { FastifyReply } from "fastify";
import type { Db } from "../../db/client";
import { movable } from "../../lib/admin";
import { badRequest, notFound } from "../../lib/errors";
import { sendCsvPages } from "../../lib/staff-list";
import * as repo from "./repo";

function toArtwork(a: repo.ArtworkRow): Artwork {
  return {
    id: a.id,
    type: a.type,
    subType: a.subType,
    unit: a.unit,
    cat: a.cat,
    size: a.size,
    bHeight: a.bHeight,
    bWidth: a.bWidth,
    address: a.address,
    quantity: a.quantity,
    status: a.status as ArtworkStatus,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

export function createArtworksService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const staffView = (r: { a: repo.ArtworkRow; email: string; storeName: string | null }): AdminArtwork => ({
    ...toArtwork(r.a),
    userId: r.a.userId,
    email: r.email,
    storeName: r.storeName,
    next: nextSteps(ARTWORK_LIFECYCLE, r.a.status, "staff"),
  });
  const service = {
    async list(userId: number, pageNo: number, pageSize: number): Promise<ArtworkListResponse> {
      const { rows, count } = await repo.pageOf(db, userId, pageNo, pageSize);
      return { rows: rows.map(toArtwork), count };
    },

    /**
     * The spec's rule (domain): all fields, except a Leaflet's height and width; a quantity of 1 to
     * 999 (not given: 1). A value of the wrong kind was refused in people's words by the contract.
     */
    async create(userId: number, body: CreateArtworkBody) {
      const problem = artworkOrderProblem(body);
      if (problem) throw badRequest(problem);
      const quantity = artworkQuantity(body.quantity);
      if (quantity === null) throw badRequest(artworkFieldMessages.quantity);
      const leaflet = body.type === LEAFLET;
      const height = leaflet ? null : artworkDimension(body.bHeight);
      const width = leaflet ? null : artworkDimension(body.bWidth);
      const at = now();
      const row = await repo.insert(db, {
        userId,
        type: String(body.type).trim(),
        subType: String(body.subType).trim(),
        unit: String(body.unit).trim(),
        cat: String(body.cat).trim(),
        size: String(body.size).trim(),
        bHeight: height === null ? null : height.toFixed(2),
        bWidth: width === null ? null : width.toFixed(2),
        address: String(body.address).trim(),
        quantity,
        status: "Pending",
        createdAt: at,
        updatedAt: at,
      });
      return { message: contentMessages.artworkCreated, artwork: toArtwork(row) };
    },

    async staffList(q: AdminArtworksQuery) {
      const { rows, total } = await repo.staffPage(db, q);
      return { rows: rows.map(staffView), total };
    },

    /** Every artwork order the list's filters match, as CSV (India's times). */
    staffCsv(reply: FastifyReply, q: AdminArtworksQuery) {
      return sendCsvPages(
        reply,
        "artworks.csv",
        [
          "Order",
          "Store",
          "Email",
          "Type",
          "Sub type",
          "Unit",
          "Category",
          "Size",
          "Quantity",
          "Status",
          "Ordered",
          "Updated",
        ],
        async (page, pageSize) => (await service.staffList({ ...q, page, pageSize })).rows,
        (a) => [
          a.id,
          a.storeName,
          a.email,
          a.type,
          a.subType,
          a.unit,
          a.cat,
          a.size,
          a.quantity,
          a.status,
          formatDateTime(a.createdAt),
          formatDateTime(a.updatedAt),
        ],
      );
    },

    /** One step along the artwork's lifecycle (409 when it cannot take it). */
    async move(id: number, to: ArtworkStatus): Promise<AdminArtwork> {
      await db.transaction(async (tx) => {
        const row = await repo.lockedById(tx, id);
        movable(row, ARTWORK_LIFECYCLE, to, "staff", contentMessages.artworkNotFound);
        await repo.setStatus(tx, id, to, now());
      });
      const { rows } = await repo.staffPage(db, { id, page: 1, pageSize: 1 });
      const [row] = rows;
      if (!row) throw notFound(contentMessages.artworkNotFound);
      return staffView(row);
    },
  };
  return service;
}
export type ArtworksService = ReturnType<typeof createArtworksService>;
