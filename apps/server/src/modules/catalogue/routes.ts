import {
  CategoriesResponse,
  ErrorResponse,
  GstRatesQuery,
  GstRatesResponse,
  MenuResponse,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { userOf } from "../../plugins/access";
import type { UsersService } from "../users/service";
import type { CatalogueService } from "./service";

const errors = { 400: ErrorResponse, 401: ErrorResponse };

export const catalogueRoutes: FastifyPluginAsyncZod<{
  catalogue: CatalogueService;
  users: UsersService;
}> = async (app, { catalogue, users }) => {
  app.get(
    "/api/products/gstRates",
    {
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
      schema: {
        tags: ["catalogue"],
        summary: "The navbar category menu",
        response: { 200: MenuResponse, ...errors },
      },
    },
    async (request) => {
      const user = userOf(request);
      return catalogue.menu(user, await users.rules(user.id));
    },
  );

  app.get(
    "/api/category/b2b",
    {
      schema: {
        tags: ["catalogue"],
        summary: "Categories with the caller's sellable product counts",
        response: { 200: CategoriesResponse, ...errors },
      },
    },
    async (request) => {
      const user = userOf(request);
      return catalogue.categoriesForHome(user, await users.rules(user.id));
    },
  );
};
