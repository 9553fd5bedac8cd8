import { BannersResponse, dbId, ErrorResponse } from "@portal/contracts";
import { messages } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/errors";
import { bannerSvg, categorySvg, isView, productSvg } from "./images";
import type { ContentService } from "./service";

const ImageId = dbId("id");
const CACHE = "public, max-age=86400, immutable";

export const contentRoutes: FastifyPluginAsyncZod<{ content: ContentService }> = async (app, { content }) => {
  app.get(
    "/api/banner",
    {
      config: { access: "user" },
      schema: {
        tags: ["content"],
        summary: "Home banners",
        response: { 200: BannersResponse, 401: ErrorResponse },
      },
    },
    async () => content.banners(),
  );

  // Pictures are public so that <img> tags need no token.
  app.get(
    "/api/images/products/:id/:view",
    {
      config: { access: "public" },
      schema: { hide: true, params: z.object({ id: ImageId, view: z.string().regex(/^[a-h]\.svg$/) }) },
    },
    async (request, reply) => {
      const view = request.params.view.charAt(0);
      if (!isView(view)) throw notFound(messages.imageNotFound);
      // An unknown product still gets a picture (a plain box), as every id always has.
      const kind = (await content.pictureKind(request.params.id)) ?? "box";
      return reply
        .type("image/svg+xml")
        .header("cache-control", CACHE)
        .send(productSvg(request.params.id, view, kind));
    },
  );

  const drawings = { banners: bannerSvg, categories: categorySvg } as const;
  app.get(
    "/api/images/:kind/:file",
    {
      config: { access: "public" },
      schema: {
        hide: true,
        params: z.object({
          kind: z.enum(["banners", "categories"]),
          file: z.string().regex(/^\d{1,9}\.svg$/),
        }),
      },
    },
    async (request, reply) =>
      reply
        .type("image/svg+xml")
        .header("cache-control", CACHE)
        .send(drawings[request.params.kind](Number.parseInt(request.params.file, 10))),
  );
};
