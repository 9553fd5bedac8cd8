import type { Banner } from "@portal/contracts";
import type { Db } from "../../db/client";
import * as repo from "./repo";

export function createContentService(deps: { db: Db }) {
  return {
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
