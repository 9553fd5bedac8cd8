import {
  ArsProductsResponse,
  BestsellerQuery,
  Brand,
  BrandIdParam,
  CategoryWithSubs,
  ChildrenBody,
  ChildrenResponse,
  CurrentStockResponse,
  DetailQuery,
  ErrorResponse,
  InfoBody,
  LikeDislikeBody,
  LikeDislikeRecord,
  LikeDislikeResponse,
  Product,
  ProductDetail,
  ProductIdParam,
  ProductIdsBody,
  ProductWarehouseBody,
  ProductWarehouseResponse,
  SaleResponse,
  SubcategoryType,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ProductsService } from "./service";

const errors = { 400: ErrorResponse, 401: ErrorResponse };
const user = { access: "user" as const };

export const productsRoutes: FastifyPluginAsyncZod<{
  products: ProductsService;
}> = async (app, { products }) => {
  app.get(
    "/api/products/category",
    {
      config: user,
      schema: {
        tags: ["products"],
        summary: "Non-apparel categories with the subcategories the caller may see",
        response: { 200: z.array(CategoryWithSubs), ...errors },
      },
    },
    async (request) => products.categories(await request.viewer()),
  );

  app.get(
    "/api/subcategory/types",
    {
      config: user,
      schema: {
        tags: ["products"],
        summary: "Every subcategory type (the listing's Type filter)",
        response: { 200: z.array(SubcategoryType), ...errors },
      },
    },
    async () => products.subcategoryTypes(),
  );

  app.get(
    "/api/bestseller/all",
    {
      config: user,
      schema: {
        tags: ["products"],
        summary: "The caller's best sellers, best first (24)",
        querystring: BestsellerQuery,
        response: { 200: z.array(Product), ...errors, 404: ErrorResponse },
      },
    },
    async (request) => products.bestsellers(await request.viewer(), request.query.category),
  );

  app.get(
    "/api/ars/products",
    {
      config: user,
      schema: {
        tags: ["products"],
        summary: "The caller's automatic replenishment products (empty unless enableARS)",
        response: { 200: ArsProductsResponse, ...errors },
      },
    },
    async (request) => products.arsProducts(await request.viewer()),
  );

  app.get(
    "/api/brand/:id",
    {
      config: user,
      schema: {
        tags: ["products"],
        summary: "A brand and its contact",
        params: BrandIdParam,
        response: { 200: Brand, ...errors, 404: ErrorResponse },
      },
    },
    async (request) => products.brand(await request.viewer(), request.params.id),
  );

  app.get(
    "/api/products/:id",
    {
      config: user,
      schema: {
        tags: ["products"],
        summary: "Product detail, when the caller may see the product",
        params: ProductIdParam,
        querystring: DetailQuery,
        response: { 200: ProductDetail, ...errors, 404: ErrorResponse },
      },
    },
    async (request) => products.detail(await request.viewer(), request.params.id, request.query.whId),
  );

  app.post(
    "/api/products/children",
    {
      config: user,
      schema: {
        tags: ["products"],
        summary: "Sellable size and colour siblings of each group",
        body: ChildrenBody,
        response: { 200: ChildrenResponse, ...errors },
      },
    },
    async (request) => products.children(await request.viewer(), request.body.products),
  );

  app.get(
    "/api/products/getLikesDislikes/:id",
    {
      config: user,
      schema: {
        tags: ["products"],
        summary: "The caller's like or dislike of a product, or null",
        params: ProductIdParam,
        response: { 200: LikeDislikeResponse, ...errors },
      },
    },
    async (request) => products.like(await request.viewer(), request.params.id),
  );

  app.post(
    "/api/products/likesDislikes",
    {
      config: user,
      schema: {
        tags: ["products"],
        summary: "Like (1) or dislike (0) a product with a reason; one record per user and product",
        body: LikeDislikeBody,
        response: { 200: LikeDislikeRecord, ...errors, 404: ErrorResponse },
      },
    },
    async (request) => products.saveLike(await request.viewer(), request.body),
  );

  app.post(
    "/api/products/info/b2b",
    {
      config: user,
      schema: {
        tags: ["products"],
        summary: "The visible ones of up to 1000 products, in the order asked",
        body: InfoBody,
        response: { 200: z.array(Product), ...errors },
      },
    },
    async (request) => products.info(await request.viewer(), request.body.products, request.body.wh),
  );

  app.post(
    "/api/products/currentStock",
    {
      config: user,
      schema: {
        tags: ["products"],
        summary: "Stock at MRP in the caller's warehouses of each visible product",
        body: ProductIdsBody,
        response: { 200: CurrentStockResponse, ...errors },
      },
    },
    async (request) => products.currentStock(await request.viewer(), request.body.products),
  );

  app.post(
    "/api/products/getProductWarehouse",
    {
      config: user,
      schema: {
        tags: ["products"],
        summary: "The caller's warehouses holding each visible product",
        body: ProductWarehouseBody,
        response: { 200: ProductWarehouseResponse, ...errors },
      },
    },
    async (request) => products.warehouses(await request.viewer(), request.body.products),
  );

  app.post(
    "/api/products/sale",
    {
      config: user,
      schema: {
        tags: ["products"],
        summary: "The sale flag of each visible product",
        body: ProductIdsBody,
        response: { 200: SaleResponse, ...errors },
      },
    },
    async (request) => products.sale(await request.viewer(), request.body.products),
  );
};
