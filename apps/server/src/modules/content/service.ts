import type { Banner } from "@portal/contracts";
import type { Db } from "../../db/client";
import { type PictureKind, pictureKindOf } from "./images";
import * as repo from "./repo";

export function createContentService(deps: { db: Db }) {
  // A product's category never changes: remember what each picture draws (a few thousand small entries).
  const kinds = new Map<number, Promise<PictureKind | null>>();
  return {
    /** What a product's pictures show (its category's kind of thing); null for an unknown product. */
    pictureKind(productId: number): Promise<PictureKind | null> {
      let kind = kinds.get(productId);
      if (!kind) {
        kind = repo
          .productKindIds(deps.db, productId)
          .then((row) => (row ? pictureKindOf(row.categoryId, row.subcategoryId) : null));
        kind.then(
          (k) => k === null && kinds.delete(productId),
          () => kinds.delete(productId),
        );
        if (kinds.size > 50_000) kinds.clear();
        kinds.set(productId, kind);
      }
      return kind;
    },
    async banners(): Promise<Banner[]> {
      const rows = await repo.activeBanners(deps.db);
      return rows.map((b) => ({
        id: b.id,
        title: b.title,
        subtitle: b.subtitle,
        imageUrl: b.imageUrl,
        link: b.link,
      }));
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
