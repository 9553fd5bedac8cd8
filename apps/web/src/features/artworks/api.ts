import { ArtworkListResponse, type CreateArtworkBody, CreateArtworkResponse } from "@portal/contracts";
import { request } from "../../lib/api";

export const artworksApi = {
  list: (pageNo: number, pageSize: number) =>
    request("/api/artwork/artworkList", {
      method: "POST",
      body: { pageNo, pageSize },
      schema: ArtworkListResponse,
    }),
  create: (body: CreateArtworkBody) =>
    request("/api/artwork/createArtwork", { method: "POST", body, schema: CreateArtworkResponse }),
};
