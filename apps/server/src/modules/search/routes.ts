import { ErrorResponse, SuggestionsBody, SuggestionsResponse } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { SearchService } from "./service";

export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (app, { search }) => {
  app.post(
    "/api/products/suggestions/b2b",
    {
      config: { access: "user" },
      schema: {
        tags: ["search"],
        summary: "Search suggestions from 3 characters: products, categories and brands",
        body: SuggestionsBody,
        response: { 200: SuggestionsResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => search.suggestions(await request.viewer(), request.body.search),
  );
};
