import {
  CategoriesResponse,
  ErrorResponse,
  GstRatesQuery,
  GstRatesResponse,
  ListingBody,
  ListingResponse,
  MenuResponse,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ListingService } from "./listing-service";
import type { CatalogueService } from "./service";

const errors = { 400: ErrorResponse, 401: ErrorResponse };

export const catalogueRoutes: FastifyPluginAsyncZod<{
  catalogue: CatalogueService;
  listing: ListingService;
}> = async (app, { catalogue, listing }) => {
  app.get(
    "/api/products/gstRates",
    {
      config: { access: "user" },
      schema: {
        tags: ["catalogue"],
        summary: "GST rates by HSN code",
        querystring: GstRatesQuery,
        response: { 200: GstRatesResponse, ...errors },
      },
    },
    async () => catalogue.gstRates(),
  );

  app.get(
    "/api/menu",
    {
      config: { access: "user" },
      schema: {
        tags: ["catalogue"],
        summary: "The navbar category menu",
        response: { 200: MenuResponse, ...errors },
      },
    },
    async (request) => {
      const viewer = await request.viewer();
      return catalogue.menu(viewer, viewer.rules);
    },
  );

  app.get(
    "/api/category/b2b",
    {
      config: { access: "user" },
      schema: {
        tags: ["catalogue"],
        summary: "Categories with the caller's sellable product counts",
        response: { 200: CategoriesResponse, ...errors },
      },
    },
    async (request) => catalogue.categoriesForHome(await request.viewer()),
  );

  app.post(
    "/api/listing/b2b",
    {
      config: { access: "user" },
      schema: {
        tags: ["catalogue"],
        summary: "The caller's catalogue: filters, sort, search, page and facet counts",
        body: ListingBody,
        response: { 200: ListingResponse, ...errors },
      },
    },
    async (request) => {
      const viewer = await request.viewer();
      return listing.list(viewer, request.body);
    },
  );
};
