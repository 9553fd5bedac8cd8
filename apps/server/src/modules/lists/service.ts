import type {
  CreateListBody,
  ListAddToCartResponse,
  ListCartOutcome,
  ListImportResponse,
  ListLineInput,
  SavedList,
  SavedListChange,
  SavedListLine,
  SavedListSummary,
  SavedListsResponse,
  UpdateListBody,
} from "@portal/contracts";
import {
  buyerRefusal,
  cartCsv,
  type DroppedRow,
  freeListName,
  invalidCsvBecause,
  LIST_LIMIT,
  LIST_LINE_LIMIT,
  LIST_NAME_MAX,
  listMessages,
  listNameKey,
  messages,
  namingIds,
  noValidRowsReason,
  quantityProblem,
} from "@portal/domain";
import type { Db, DbOrTx } from "../../db/client";
import { AppError, badRequest, notFound } from "../../lib/errors";
import {
  assertMayBuy,
  type CartCaller,
  type CartService,
  purchaseRules,
  readCartFile,
  type UploadedFile,
} from "../cart/public";
import { type ListingService, mappedWarehouseIds } from "../catalogue/public";
import * as repo from "./repo";

const conflict = (message: string) => new AppError(409, message);

/** Each line's quantity one the cart offers, each product once: refused with the cart's words. */
function checkLines(lines: readonly ListLineInput[]): void {
  const seen = new Set<number>();
  for (const l of lines) {
    const problem = quantityProblem(l.quantity);
    if (problem) throw badRequest(lines.length > 1 ? `Product ${l.productId}: ${problem}` : problem);
    if (seen.has(l.productId)) throw badRequest(listMessages.duplicateLine(l.productId));
    seen.add(l.productId);
  }
}

const summaryOf = (row: repo.ListSummaryRow): SavedListSummary => ({
  id: row.id,
  name: row.name,
  lineCount: row.lineCount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  updatedBy: row.updatedByFirst === null ? null : `${row.updatedByFirst} ${row.updatedByLast ?? ""}`.trim(),
});

/** A name from an uploaded file's name: its stem, control characters dropped, at most 60 characters. */
function nameFromFile(filename: string): string {
  const stem = filename
    .replace(/\.[^.]*$/, "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping them is the point
    .replace(/[\u0000-\u001F\u007F-\u009F]/g, " ")
    .replace(/[_\s]+/g, " ")
    .trim()
    .slice(0, LIST_NAME_MAX)
    .trim();
  return stem.length > 0 ? stem : "Imported list";
}

/** A file name for a list's CSV: its name in plain letters and digits. */
export function csvFileName(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase();
  return `${slug || "list"}.csv`;
}

export function createListsService(deps: {
  db: Db;
  listing: ListingService;
  cart: CartService;
  now: () => Date;
}) {
  const { db, listing, cart, now } = deps;

  /** The store's list or 404: another store's list is as absent as one that never was. */
  async function ownList(tx: DbOrTx, storeId: number, id: number): Promise<repo.ListSummaryRow> {
    const row = await repo.storeList(tx, storeId, id);
    if (!row) throw notFound(listMessages.notFound);
    return row;
  }

  /**
   * The product side of the purchase rules (visibility, serviceability) for the lines of a list:
   * whether the store may order at all is told apart (a list may be kept by a store that cannot order
   * today), so the same function judges products for every caller.
   */
  function productRules(tx: DbOrTx, caller: CartCaller, ids: readonly number[]) {
    return purchaseRules(tx, { ...caller, user: { ...caller.user, canOrder: true } }, ids);
  }

  /** Products a list may hold: ones the store may see (the cart's 404 "Product not found (ids)" otherwise). */
  async function assertVisible(tx: DbOrTx, caller: CartCaller, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const rules = await productRules(tx, caller, ids);
    const hidden = ids.filter((id) => rules.refusal(id)?.status === 404);
    if (hidden.length > 0) throw notFound(namingIds(messages.productNotFound, hidden));
  }

  async function assertNameFree(tx: DbOrTx, storeId: number, name: string, except?: number): Promise<void> {
    const key = listNameKey(name);
    const taken = (await repo.listNames(tx, storeId)).find(
      (l) => l.id !== except && listNameKey(l.name) === key,
    );
    if (taken) throw conflict(listMessages.nameTaken(taken.name));
  }

  /** The list with each line as the store sees it now (name, picture, net cost, buyable or why not). */
  async function present(tx: DbOrTx, caller: CartCaller, row: repo.ListSummaryRow): Promise<SavedList> {
    const lines = await repo.listLines(tx, row.id);
    const ids = lines.map((l) => l.productId);
    const [shown, rules] = await Promise.all([
      listing.present(ids, caller.viewer, mappedWarehouseIds(caller.viewer)),
      ids.length > 0 ? productRules(tx, caller, ids) : Promise.resolve(null),
    ]);
    const byId = new Map(shown.map((p) => [p.id, p]));
    const buyer = buyerRefusal(caller.user);
    return {
      ...summaryOf(row),
      lineCount: lines.length,
      lines: lines.map((l): SavedListLine => {
        const refused = rules?.refusal(l.productId) ?? null;
        const hidden = refused?.status === 404;
        const product = hidden ? undefined : byId.get(l.productId);
        const why = buyer ?? refused;
        return {
          productId: l.productId,
          quantity: l.quantity,
          name: product?.name ?? null,
          size: product?.size ?? null,
          image: product?.images[0] ?? null,
          mrp: product?.mrp ?? null,
          netCost: product?.pricing?.netCost ?? null,
          buyable: why === null,
          refusal: why?.message ?? null,
        };
      }),
    };
  }

  async function presentById(caller: CartCaller, id: number, message: string): Promise<SavedListChange> {
    const row = await ownList(db, caller.user.id, id);
    return { ...(await present(db, caller, row)), message };
  }

  /** Creates a list in the caller's transaction (limits, name, products checked). */
  async function createIn(tx: DbOrTx, caller: CartCaller, name: string, lines: readonly ListLineInput[]) {
    const storeId = caller.user.id;
    await repo.lockStoreLists(tx, storeId);
    if ((await repo.countLists(tx, storeId)) >= LIST_LIMIT) throw badRequest(listMessages.listLimit);
    await assertNameFree(tx, storeId, name);
    await assertVisible(
      tx,
      caller,
      lines.map((l) => l.productId),
    );
    const id = await repo.insertList(tx, { storeId, name, userId: caller.user.id, at: now() });
    await repo.upsertLines(tx, id, lines, 0);
    return id;
  }

  return {
    /** GET /api/lists */
    async index(storeId: number): Promise<SavedListsResponse> {
      const rows = await repo.storeLists(db, storeId);
      return { lists: rows.map(summaryOf), listLimit: LIST_LIMIT, lineLimit: LIST_LINE_LIMIT };
    },

    /** GET /api/lists/{id} */
    async get(caller: CartCaller, id: number): Promise<SavedList> {
      return present(db, caller, await ownList(db, caller.user.id, id));
    },

    /** POST /api/lists */
    async create(caller: CartCaller, body: CreateListBody): Promise<SavedListChange> {
      checkLines(body.lines);
      const id = await db.transaction((tx) => createIn(tx, caller, body.name, body.lines));
      return presentById(caller, id, listMessages.created(body.name));
    },

    /** PUT /api/lists/{id}: rename and/or replace the lines. */
    async update(caller: CartCaller, id: number, body: UpdateListBody): Promise<SavedListChange> {
      if (body.lines) checkLines(body.lines);
      const storeId = caller.user.id;
      const name = await db.transaction(async (tx) => {
        await repo.lockStoreLists(tx, storeId);
        const row = await ownList(tx, storeId, id);
        if (body.name !== undefined) await assertNameFree(tx, storeId, body.name, id);
        if (body.lines) {
          await assertVisible(
            tx,
            caller,
            body.lines.map((l) => l.productId),
          );
          await repo.deleteLines(tx, id);
          await repo.upsertLines(tx, id, body.lines, 0);
        }
        await repo.touchList(tx, id, { userId: caller.user.id, at: now(), name: body.name });
        return body.name ?? row.name;
      });
      return presentById(caller, id, listMessages.updated(name));
    },

    /** POST /api/lists/{id}/lines: new products added at the end, those already there get the new quantity. */
    async addLines(
      caller: CartCaller,
      id: number,
      lines: readonly ListLineInput[],
    ): Promise<SavedListChange> {
      checkLines(lines);
      const storeId = caller.user.id;
      await db.transaction(async (tx) => {
        await repo.lockStoreLists(tx, storeId);
        const row = await ownList(tx, storeId, id);
        const current = await repo.listLines(tx, id);
        const have = new Set(current.map((l) => l.productId));
        const added = lines.filter((l) => !have.has(l.productId)).length;
        if (current.length + added > LIST_LINE_LIMIT) throw badRequest(listMessages.lineLimit(row.name));
        await assertVisible(
          tx,
          caller,
          lines.map((l) => l.productId),
        );
        const next = current.reduce((max, l) => Math.max(max, l.position + 1), 0);
        await repo.upsertLines(tx, id, lines, next);
        await repo.touchList(tx, id, { userId: caller.user.id, at: now() });
      });
      return presentById(caller, id, listMessages.linesSaved(lines.length));
    },

    /** DELETE /api/lists/{id}: the list as it was, with the message. */
    async remove(caller: CartCaller, id: number): Promise<SavedListChange> {
      const storeId = caller.user.id;
      // Read before the transaction: the listing reads through its own connection.
      const was = await present(db, caller, await ownList(db, storeId, id));
      await db.transaction(async (tx) => {
        await repo.lockStoreLists(tx, storeId);
        await ownList(tx, storeId, id);
        await repo.deleteList(tx, storeId, id);
      });
      return { ...was, message: listMessages.deleted(was.name) };
    },

    /**
     * POST /api/lists/{id}/addToCart: the list's lines (or the chosen ones) go into the cart through
     * the cart's own update (every cart rule; products already in the cart get the list's quantity).
     * Lines the purchase rules refuse are left out and reported with the cart's message; if the cart
     * refuses the rest (its 300-line limit), nothing is added and the cart's refusal is the answer.
     */
    async addToCart(
      caller: CartCaller,
      id: number,
      productIds?: readonly number[],
    ): Promise<ListAddToCartResponse> {
      assertMayBuy(caller.user);
      const row = await ownList(db, caller.user.id, id);
      const all = await repo.listLines(db, row.id);
      let lines = all;
      if (productIds) {
        const inList = new Set(all.map((l) => l.productId));
        const missing = [...new Set(productIds)].filter((p) => !inList.has(p));
        if (missing.length > 0) throw notFound(listMessages.notInList(missing));
        const chosen = new Set(productIds);
        lines = all.filter((l) => chosen.has(l.productId));
      }
      if (lines.length === 0) throw badRequest(listMessages.noLinesChosen);

      const rules = await purchaseRules(
        db,
        caller,
        lines.map((l) => l.productId),
      );
      const refused = new Map(
        lines.flatMap((l) => {
          const why = rules.refusal(l.productId);
          return why ? [[l.productId, why.message] as const] : [];
        }),
      );
      const buyable = lines.filter((l) => !refused.has(l.productId));
      const outcomeOf = new Map<number, ListCartOutcome["outcome"]>();
      let products: ListAddToCartResponse["products"];
      if (buyable.length === 0) {
        products = (await cart.list(caller.user)).products;
      } else {
        try {
          const answer = await cart.update(caller, {
            products: buyable.map((l) => ({ id: l.productId, qty: l.quantity })),
            mode: "update",
          });
          for (const p of answer.added) outcomeOf.set(p, "added");
          for (const p of answer.updated) outcomeOf.set(p, "updated");
          for (const p of answer.unchanged) outcomeOf.set(p, "unchanged");
          products = answer.products;
        } catch (error) {
          // Every buyable line is in the cart at the list's quantity already.
          if (!(error instanceof AppError && error.message === messages.alreadyInCartSameQuantity))
            throw error;
          for (const l of buyable) outcomeOf.set(l.productId, "unchanged");
          products = (await cart.list(caller.user)).products;
        }
      }
      const outcomes = lines.map(
        (l): ListCartOutcome => ({
          productId: l.productId,
          quantity: l.quantity,
          outcome: refused.has(l.productId) ? "refused" : (outcomeOf.get(l.productId) ?? "unchanged"),
          reason: refused.get(l.productId) ?? null,
        }),
      );
      const added = outcomes.filter((o) => o.outcome === "added" || o.outcome === "updated").length;
      const inCart = outcomes.filter((o) => o.outcome !== "refused").length;
      return {
        message:
          inCart === 0
            ? listMessages.nothingBuyable
            : added === 0 && refused.size === 0
              ? messages.alreadyInCartSameQuantity
              : listMessages.addedToCart(inCart, refused.size),
        outcomes,
        products,
      };
    },

    /** GET /api/lists/{id}.csv: the list in the cart upload's format (productId,quantity). */
    async exportCsv(storeId: number, id: number): Promise<{ filename: string; csv: string }> {
      const row = await ownList(db, storeId, id);
      const lines = await repo.listLines(db, row.id);
      return {
        filename: csvFileName(row.name),
        csv: cartCsv(lines.map((l) => ({ productId: l.productId, qty: l.quantity }))),
      };
    },

    /**
     * POST /api/lists/import: a CSV in the cart upload's format, read by the cart's own reader (judged
     * by its content: name, UTF-8 text, records), becomes a new list. Rows of products the store may
     * not see are left out with the cart's message; a file without a valid row changes nothing.
     */
    async importCsv(
      caller: CartCaller,
      file: UploadedFile,
      wantedName?: string,
    ): Promise<ListImportResponse> {
      const parsed = readCartFile(file);
      if (parsed.rows.length === 0) throw badRequest(invalidCsvBecause(noValidRowsReason(parsed)));
      if (parsed.rows.length > LIST_LINE_LIMIT)
        throw badRequest(listMessages.lineLimit(wantedName ?? nameFromFile(file.filename)));
      const storeId = caller.user.id;
      const dropped: DroppedRow[] = [...parsed.dropped];
      const { id, name, kept } = await db.transaction(async (tx) => {
        await repo.lockStoreLists(tx, storeId);
        const rules = await productRules(
          tx,
          caller,
          parsed.rows.map((r) => r.productId),
        );
        const kept = parsed.rows.filter((r) => {
          const refused = rules.refusal(r.productId);
          if (refused?.status !== 404) return true;
          dropped.push({ row: r.row, text: `${r.productId},${r.qty}`, reason: refused.message });
          return false;
        });
        // Nothing the store may see: refused as a list of those products is (the cart's 404).
        if (kept.length === 0)
          throw notFound(
            namingIds(
              messages.productNotFound,
              parsed.rows.map((r) => r.productId),
            ),
          );
        const name =
          wantedName ??
          freeListName(
            nameFromFile(file.filename),
            (await repo.listNames(tx, storeId)).map((l) => l.name),
          );
        const id = await createIn(
          tx,
          caller,
          name,
          kept.map((r) => ({ productId: r.productId, quantity: r.qty })),
        );
        return { id, name, kept: kept.length };
      });
      dropped.sort((a, b) => a.row - b.row);
      const list = await presentById(caller, id, listMessages.imported(name, kept, dropped.length));
      return { ...list, dropped };
    },
  };
}

export type ListsService = ReturnType<typeof createListsService>;
