import {
  AdminArtwork,
  AdminArtworksQuery,
  AdminArtworksResponse,
  AdminIdParam,
  ArtworkListBody,
  ArtworkListResponse,
  ArtworkStatusBody,
  CreateArtworkBody,
  CreateArtworkResponse,
  ErrorResponse,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { staffRoute } from "../../lib/admin";
import { routeOptions } from "../../lib/route-options";
import { refuseInvalid } from "../../lib/spec-validation";
import { userOf } from "../../plugins/access";
import type { ArtworksService } from "./service";

const route = routeOptions({ access: "user" as const }, ["artworks"], {
  400: ErrorResponse,
  401: ErrorResponse,
});

export const artworksRoutes: FastifyPluginAsyncZod<{ artworks: ArtworksService }> = async (
  app,
  { artworks },
) => {
  app.post(
    "/api/artwork/artworkList",
    route("The caller's artwork orders, newest first (20 a page)", ArtworkListResponse, {
      body: ArtworkListBody,
    }),
    async (request) => artworks.list(userOf(request).id, request.body.pageNo, request.body.pageSize),
  );
  app.post(
    "/api/artwork/createArtwork",
    {
      ...route(
        "Order an artwork (all fields required; a Leaflet needs no height or width; quantity 1 to 999, not given: 1)",
        CreateArtworkResponse,
        {
          body: CreateArtworkBody,
        },
      ),
      // refusals in people's words ("Width must be more than 0"), without the field's code name
      attachValidation: true,
    },
    async (request) => {
      refuseInvalid(request);
      return artworks.create(userOf(request).id, request.body);
    },
  );
  app.get(
    "/api/admin/artworks",
    staffRoute(
      "Artwork orders of every partner: q searches the order number, store, email, type and size; sort is a column (-column descending); format=csv answers every matching row as CSV",
      AdminArtworksResponse,
      { querystring: AdminArtworksQuery, produces: ["application/json", "text/csv"] },
    ),
    async (request, reply) =>
      request.query.format === "csv"
        ? artworks.staffCsv(reply, request.query)
        : artworks.staffList(request.query),
  );
  app.post(
    "/api/admin/artworks/:id/status",
    staffRoute("Move an artwork order to its next step", AdminArtwork, {
      params: AdminIdParam,
      body: ArtworkStatusBody,
    }),
    async (request) => artworks.move(request.params.id, request.body.status),
  );
};
