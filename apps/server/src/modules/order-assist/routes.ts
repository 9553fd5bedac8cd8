import {
  ApparelCategoryParam,
  ApparelInTransitResponse,
  ApparelQtyResponse,
  ApparelSubcategorySales,
  AssistCategoryParam,
  AssistCategoryTotals,
  AssistOrderLines,
  AssistProductIdsBody,
  AssistSales,
  AssistStock,
  AssistSubcategoryParam,
  AssistSuggestions,
  CartUpdateBody,
  CartUpdateResponse,
  ErrorResponse,
  PriceSlabConfigResponse,
  Product,
  ProductIdParam,
  ProductListBody,
  StockInTransitResponse,
  SuggestedProductsBody,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { userOf } from "../../plugins/access";
import type { OrderAssistService } from "./service";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };
const withNotFound = { ...errors, 404: ErrorResponse };
const user = { access: "user" as const };
const tags = ["order assist"];

/**
 * Order assist (the spec's /api/orderAssist/... calls) and the three product calls it makes. Every
 * figure is the caller's own store: its sales, stock and orders; products only those it may see.
 */
export const orderAssistRoutes: FastifyPluginAsyncZod<{ orderAssist: OrderAssistService }> = async (
  app,
  { orderAssist },
) => {
  app.get(
    "/api/orderAssist/catTotal",
    {
      config: user,
      schema: {
        tags,
        summary: "The store's sale of the last 30 days (to its last sales date), in total and per category",
        response: { 200: AssistCategoryTotals, ...errors },
      },
    },
    async (request) => orderAssist.categoryTotals(await request.viewer()),
  );

  app.get(
    "/api/orderAssist/sales",
    {
      config: user,
      schema: {
        tags,
        summary: "30 days of sale per non-apparel category",
        response: { 200: AssistSales, ...errors },
      },
    },
    async (request) => orderAssist.sales(await request.viewer()),
  );

  app.get(
    "/api/orderAssist/sales/:cat",
    {
      config: user,
      schema: {
        tags,
        summary: "30 days of sale per subcategory of a category",
        params: AssistCategoryParam,
        response: { 200: AssistSales, ...withNotFound },
      },
    },
    async (request) => orderAssist.sales(await request.viewer(), request.params.cat),
  );

  app.get(
    "/api/orderAssist/stock",
    {
      config: user,
      schema: {
        tags,
        summary: "Stock in hand, pending and in transit per non-apparel category",
        response: { 200: AssistStock, ...errors },
      },
    },
    async (request) => orderAssist.stock(await request.viewer()),
  );

  app.get(
    "/api/orderAssist/stock/:cat",
    {
      config: user,
      schema: {
        tags,
        summary: "Stock in hand, pending and in transit per subcategory of a category",
        params: AssistCategoryParam,
        response: { 200: AssistStock, ...withNotFound },
      },
    },
    async (request) => orderAssist.stock(await request.viewer(), request.params.cat),
  );

  app.get(
    "/api/orderAssist/priceSlabConfig/:cat",
    {
      config: user,
      schema: {
        tags,
        summary: "The price slabs of an apparel category",
        params: ApparelCategoryParam,
        response: { 200: PriceSlabConfigResponse, ...withNotFound },
      },
    },
    async (request) => orderAssist.priceSlabConfig(await request.viewer(), request.params.cat),
  );

  app.get(
    "/api/orderAssist/apparelSales/:cat",
    {
      config: user,
      schema: {
        tags,
        summary: "A week's sale of an apparel category by subcategory, type and price slab",
        params: ApparelCategoryParam,
        response: { 200: ApparelQtyResponse, ...withNotFound },
      },
    },
    async (request) => orderAssist.apparelQuantities(await request.viewer(), request.params.cat, "sale"),
  );

  app.get(
    "/api/orderAssist/apparelStock/:cat",
    {
      config: user,
      schema: {
        tags,
        summary: "Stock in hand of an apparel category by subcategory, type and price slab",
        params: ApparelCategoryParam,
        response: { 200: ApparelQtyResponse, ...withNotFound },
      },
    },
    async (request) => orderAssist.apparelQuantities(await request.viewer(), request.params.cat, "stock"),
  );

  app.get(
    "/api/orderAssist/apparelStockInTransit/:cat",
    {
      config: user,
      schema: {
        tags,
        summary: "Pending and in-transit units of an apparel category by subcategory, type and price slab",
        params: ApparelCategoryParam,
        response: { 200: ApparelInTransitResponse, ...withNotFound },
      },
    },
    async (request) => orderAssist.apparelInTransit(await request.viewer(), request.params.cat),
  );

  app.get(
    "/api/orderAssist/apparelInvoice/:cat",
    {
      config: user,
      schema: {
        tags,
        summary: "The store's open order lines (Pending, Confirmed, Shipped) of an apparel category",
        params: ApparelCategoryParam,
        response: { 200: AssistOrderLines, ...withNotFound },
      },
    },
    async (request) => orderAssist.apparelOrderLines(await request.viewer(), request.params.cat),
  );

  app.get(
    "/api/orderAssist/apparelSubcatLevelSales/:id",
    {
      config: user,
      schema: {
        tags,
        summary: "An apparel subcategory's sale, stock, orders and suggestion by type and price slab",
        params: AssistSubcategoryParam,
        response: { 200: ApparelSubcategorySales, ...withNotFound },
      },
    },
    async (request) => orderAssist.apparelSubcategory(await request.viewer(), request.params.id),
  );

  app.post(
    "/api/orderAssist/stockInTransit",
    {
      config: user,
      schema: {
        tags,
        summary: "Pending and in-transit units of the store's open orders, per product",
        body: AssistProductIdsBody,
        response: { 200: StockInTransitResponse, ...errors },
      },
    },
    async (request) => orderAssist.stockInTransit(await request.viewer(), request.body.productIds),
  );

  app.post(
    "/api/orderAssist/invoiceDetails",
    {
      config: user,
      schema: {
        tags,
        summary: "The store's open order lines of these products",
        body: AssistProductIdsBody,
        response: { 200: AssistOrderLines, ...errors },
      },
    },
    async (request) => orderAssist.orderLines(await request.viewer(), request.body.productIds),
  );

  app.post(
    "/api/orderAssist/addToCart",
    {
      config: user,
      schema: {
        tags,
        summary:
          "Adds suggested products to the cart (new lines added, others' quantity set) under every cart rule; past 300 lines the order-assist message",
        body: CartUpdateBody.omit({ mode: true }),
        response: { 200: CartUpdateResponse, ...withNotFound },
      },
    },
    async (request) =>
      orderAssist.addToCart(
        { user: userOf(request), viewer: await request.viewer() },
        request.body.products.map((p) => ({ id: p.id, qty: p.qty ?? 0 })),
      ),
  );

  app.post(
    "/api/products/getProductList",
    {
      config: user,
      schema: {
        tags,
        summary: "These products as the listing shows them (only those the caller may see)",
        body: ProductListBody,
        response: { 200: z.array(Product), ...errors },
      },
    },
    async (request) => orderAssist.productList(await request.viewer(), request.body.productIds),
  );

  app.get(
    "/api/products/getSuggestedProducts/:id",
    {
      config: user,
      schema: {
        tags,
        summary: "A category's suggested products per subcategory (id is the category id)",
        params: ProductIdParam,
        response: { 200: AssistSuggestions, ...withNotFound },
      },
    },
    async (request) => orderAssist.suggestions(await request.viewer(), request.params.id),
  );

  app.post(
    "/api/products/suggestedProducts",
    {
      config: user,
      schema: {
        tags,
        summary: "A category's suggested products, optionally only these product ids (the product-id filter)",
        body: SuggestedProductsBody,
        response: { 200: AssistSuggestions, ...withNotFound },
      },
    },
    async (request) =>
      orderAssist.suggestions(await request.viewer(), request.body.category, request.body.productIds),
  );
};
