import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { createBackOffice, registerBackOffice } from "./back-office";
import type { Db } from "./db/client";
import { createSerializerCompiler } from "./lib/compiled-serializer";
import { NOT_FOUND } from "./lib/errors";
import { diskFileStore, type FileStore } from "./lib/file-store";
import type { Mailer } from "./lib/mailer";
import { looksLikeApiPath, originForm } from "./lib/request-target";
import { createUrlSigner, newSigningSecret, type UrlSigner } from "./lib/signed-url";
import { accountRoutes } from "./modules/account/routes";
import { createAccountService } from "./modules/account/service";
import { artworksRoutes } from "./modules/artworks/routes";
import { createArtworksService } from "./modules/artworks/service";
import { authRoutes } from "./modules/auth/routes";
import { createAuthService } from "./modules/auth/service";
import { cartRoutes } from "./modules/cart/routes";
import { createCartService } from "./modules/cart/service";
import { createListingService } from "./modules/catalogue/listing-service";
import { catalogueRoutes } from "./modules/catalogue/routes";
import { createCatalogueService } from "./modules/catalogue/service";
import { libraryRoutes } from "./modules/content/library-routes";
import { createLibraryService } from "./modules/content/library-service";
import { contentRoutes } from "./modules/content/routes";
import { createContentService } from "./modules/content/service";
import { dashboardRoutes } from "./modules/dashboard/routes";
import { createDashboardService } from "./modules/dashboard/service";
import { eventsRoutes } from "./modules/events/routes";
import { createEventsService } from "./modules/events/service";
import { einvoiceRoutes } from "./modules/gst/einvoice-routes";
import { createEinvoiceService } from "./modules/gst/einvoice-service";
import { ewayBillRoutes } from "./modules/gst/ewaybill-routes";
import { createEwayBillService } from "./modules/gst/ewaybill-service";
import { gstr1Routes } from "./modules/gst/gstr1-routes";
import { ewbFromEnvironment, irpFromEnvironment } from "./modules/gst/public";
import { queueInvoicePdfs } from "./modules/invoices/public";
import { enqueueJob } from "./modules/jobs/public";
import { kioskAcknowledgementRoutes } from "./modules/kiosk/acknowledgement-routes";
import { createKioskAcknowledgement } from "./modules/kiosk/acknowledgement-service";
import { kioskRoutes } from "./modules/kiosk/routes";
import { createKioskService } from "./modules/kiosk/service";
import { createStatementMail, MONTHLY_STATEMENT_JOB, STATEMENT_MAIL_JOB } from "./modules/ledger/public";
import { tallyRoutes } from "./modules/ledger/tally-routes";
import { listsRoutes } from "./modules/lists/routes";
import { createListsService } from "./modules/lists/service";
import { notificationsRoutes } from "./modules/notifications/routes";
import { createNotificationsService } from "./modules/notifications/service";
import { opsPlugin } from "./modules/ops/routes";
import { orderAssistRoutes } from "./modules/order-assist/routes";
import { createOrderAssistService } from "./modules/order-assist/service";
import { ordersRoutes } from "./modules/orders/routes";
import { createOrdersService } from "./modules/orders/service";
import { productsRoutes } from "./modules/products/routes";
import { createProductsService } from "./modules/products/service";
import { quickOrderRoutes } from "./modules/quick-order/routes";
import { createQuickOrderService } from "./modules/quick-order/service";
import { correctWords, createSearchMatcher, searchWordsOf } from "./modules/search/public";
import { searchRoutes } from "./modules/search/routes";
import { createSearchService } from "./modules/search/service";
import { ARS_JOB, createArsReplenishment, nextArsRunAt } from "./modules/store-reports/public";
import { arsPartnerRoutes, arsReplenishmentRoutes, storeReportsRoutes } from "./modules/store-reports/routes";
import { createStoreReportsService } from "./modules/store-reports/service";
import { orderRequestsRoutes } from "./modules/team/requests-routes";
import { createRequestsService, ORDER_REQUEST_EXPIRY_JOB } from "./modules/team/requests-service";
import { teamRoutes } from "./modules/team/routes";
import { createTeamService } from "./modules/team/service";
import { usersRoutes } from "./modules/users/routes";
import { createUsersService } from "./modules/users/service";
import { waybillPartnerRoutes } from "./modules/waybills/partner-routes";
import { createWaybillPartnerService } from "./modules/waybills/public";
import { accessPlugin, registerPublicRoutes } from "./plugins/access";
import { registerErrorHandler } from "./plugins/errors";
import { loggerOptions, noStoreOnApi } from "./plugins/logging";
import { finishDocument, methodNotAllowed, transformRoute } from "./plugins/openapi";
import { signedFilesPlugin } from "./plugins/signed-files";
import { viewerPlugin } from "./plugins/viewer";

export interface AppDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  loginLimit?: number;
  /** Built single-page app to serve beside the API, or null. */
  webDist?: string | null;
  logLevel?: string;
  /** How long catalogue answers (listing, detail, suggestions ×6) may be served again; 0 turns it off. */
  catalogueCacheMs?: number;
  /** Trust X-Forwarded-For (behind a proxy): true, or the proxies' addresses/CIDRs (TRUST_PROXY). */
  trustProxy?: boolean | string;
  /** Where the log goes (default stdout); tests pass a stream to read it. */
  logStream?: NodeJS.WritableStream;
  /** How often the job runner (auto-confirm, mails, ageing) looks for due jobs; 0 or unset: never (tests run jobs themselves). */
  jobIntervalMs?: number;
  /**
   * The one file store (content, waybills, C-forms: disk or bucket) and the one signer of file
   * addresses; without it (tests) a fresh folder under the system's temporary directory and a random
   * secret. A test may pass only the store.
   */
  files?: { store: FileStore; signer?: UrlSigner };
  /** Parse hot answers with their zod contracts too (default: under vitest). */
  checkContracts?: boolean;
  /**
   * The app's clock (default: the system's): the now and today of every service that reads the
   * time (sessions, orders, kiosk, the back office, waybills, account, store reports, ARS
   * replenishment, library, artworks) and of the ARS job's schedule.
   */
  now?: () => Date;
  /** Live stock streams: the heartbeat period (default 15 s) and how long a stream lasts before the tab reconnects. */
  events?: { heartbeatMs?: number; lifetimeMs?: number; streamsPerUser?: number };
  /** METRICS_TOKEN: the bearer token /metrics asks for; unset, /metrics answers 404. */
  metricsToken?: string | undefined;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The file store of every module (tests look at what is kept). */
    fileStore: FileStore;
    /** The weekly ARS replenishment (tests run it with their own moment). */
    arsReplenishment: import("./modules/store-reports/public").ArsReplenishment;
    /** The catalogue index the listing and search answer from (main.ts reads it in at start). */
    catalogueIndex: import("./modules/catalogue/public").CatalogueIndex;
  }
}

/** The whole application as a plugin tree; only main.ts listens, tests use inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    logger: loggerOptions({ level: deps.logLevel ?? "info", stream: deps.logStream }),
    trustProxy: deps.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    // One spelling of the request target for everything after the router (access does not rely on it).
    rewriteUrl: (request) => originForm(request.url ?? "/"),
  });
  app.setValidatorCompiler(validatorCompiler);
  // Hot catalogue answers are written by compiled serialisers; tests still hold them to the contracts.
  app.setSerializerCompiler(
    createSerializerCompiler({ checkContracts: deps.checkContracts ?? Boolean(process.env.VITEST) }),
  );
  registerErrorHandler(app);
  noStoreOnApi(app);
  const answeredMethodNotAllowed = methodNotAllowed(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", "data:", "blob:"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
      },
    },
  });

  // brotli or gzip for every answer that benefits (JSON, CSV); static files come precompressed
  await app.register(compress, { encodings: ["br", "gzip"], threshold: 1024 });

  const auth = createAuthService({
    db: deps.db,
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    loginLimit: deps.loginLimit ?? 10,
    log: app.log,
    now,
  });
  // Before any route: every route's access level is checked at start and on every request.
  // Operators: /metrics (timing per matched route, pool, jobs, catalogue index), /api/ready, shutdown
  // hooks; before access, so every request is timed, those access refuses too.
  await app.register(opsPlugin, {
    db: deps.db,
    now,
    metricsToken: deps.metricsToken,
    catalogue: () => (app.hasDecorator("catalogueIndex") ? app.catalogueIndex : undefined),
  });
  await app.register(accessPlugin, { resolveSession: auth.resolveSession });

  await app.register(swagger, {
    openapi: {
      info: {
        title: "Partner Portal API",
        description:
          "B2B ordering portal for store partners. Every call but sign-in and password reset needs `Authorization: Bearer <token>`.",
        version: "1.0.0",
      },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
      security: [{ bearer: [] }],
    },
    transform: transformRoute,
    transformObject: finishDocument,
  });
  await registerPublicRoutes(app, (scope) =>
    scope.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true }),
  );
  app.get("/api/openapi.json", { config: { access: "public" }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  const users = createUsersService({ db: deps.db });
  const catalogue = createCatalogueService({ db: deps.db });
  const content = createContentService({ db: deps.db });
  const notifications = createNotificationsService({ db: deps.db });
  // The listing finds search words through search's public functions (the catalogue never imports search).
  const listing = createListingService({
    db: deps.db,
    search: { wordsOf: searchWordsOf, correctWords, matcher: createSearchMatcher(deps.db) },
    answerCacheMs: deps.catalogueCacheMs ?? 5000,
  });
  const search = createSearchService({ db: deps.db, listing, answerCacheMs: deps.catalogueCacheMs ?? 5000 });
  app.decorate("catalogueIndex", listing.index);

  await app.register(viewerPlugin, { users });
  app.get("/api/health", { config: { access: "public" }, schema: { hide: true } }, async () => ({
    status: "ok",
  }));
  await app.register(authRoutes, { auth });
  const fileStore = deps.files?.store ?? diskFileStore(mkdtempSync(path.join(tmpdir(), "portal-files-")));
  const signer = deps.files?.signer ?? createUrlSigner(newSigningSecret());
  app.decorate("fileStore", fileStore);
  // Back office (order desk, loads, invoices, ledger, payments, SRs, waybills, partners, audit, jobs).
  const backOffice = createBackOffice({
    db: deps.db,
    mailer: deps.mailer,
    auth,
    forgetUserContext: users.forgetUserContext,
    store: fileStore,
    onStockChanged: () => {
      listing.invalidate();
      products.invalidate();
    },
    now,
    log: app.log,
  });
  await app.register(usersRoutes, { users, auth, createPartner: backOffice.partners.create });
  // Store teams (issue 30): the owner's people, their roles and invitations (set-password links by mail).
  await app.register(teamRoutes, {
    team: createTeamService({
      db: deps.db,
      mailer: deps.mailer,
      publicUrl: deps.publicUrl,
      auth,
      log: app.log,
      now,
    }),
  });
  await app.register(catalogueRoutes, { catalogue, listing });
  await app.register(searchRoutes, { search });
  const products = createProductsService({
    db: deps.db,
    listing,
    answerCacheMs: deps.catalogueCacheMs ?? 5000,
  });
  await app.register(productsRoutes, { products });
  await app.register(contentRoutes, { content });
  await app.register(notificationsRoutes, { notifications });
  // Cart: the server cart, allocation against live stock, serviceability, CSV upload and export.
  const cart = createCartService({ db: deps.db });
  await app.register(cartRoutes, { cart });
  // Live stock: server-sent events fed by the database's stock notices (LISTEN/NOTIFY) of every instance.
  await app.register(eventsRoutes, {
    events: createEventsService({
      db: deps.db,
      log: app.log,
      liveSessions: (sessions) => auth.liveSessionHashes(sessions),
      ...deps.events,
    }),
  });
  // Saved lists (issue 29): the store's named lists, added to the cart through the cart's own rules.
  await app.register(listsRoutes, { lists: createListsService({ db: deps.db, listing, cart, now }) });
  await app.register(orderAssistRoutes, {
    orderAssist: createOrderAssistService({ db: deps.db, listing, cart }),
  });
  await app.register(quickOrderRoutes, {
    quickOrder: createQuickOrderService({ db: deps.db, listing, cart }),
  });
  // Store teams (issue 30): a buyer's placement above their limit becomes an order request the owner decides.
  const orderRequests = createRequestsService({ db: deps.db, orders: () => orders, now });
  // Orders: placing them takes stock, so cached catalogue answers are dropped afterwards.
  const orders = createOrdersService({
    db: deps.db,
    now,
    approvals: orderRequests,
    onStockChanged: () => {
      listing.invalidate();
      products.invalidate();
    },
  });
  await app.register(ordersRoutes, { orders });
  await app.register(orderRequestsRoutes, { requests: orderRequests });
  // Kiosk stores: guest sign-in, customers, in-store orders placed through the orders' own rules.
  const kiosk = createKioskService({
    db: deps.db,
    auth,
    orders,
    cancelPurchaseOrder: (actor, poid, reason) => backOffice.desk.cancel(actor, poid, reason),
    now,
    listing,
    mailer: deps.mailer,
    jobs: backOffice.jobs,
    publicUrl: deps.publicUrl,
    signer,
  });
  await app.register(kioskRoutes, { kiosk });
  await app.register(kioskAcknowledgementRoutes, {
    acknowledgement: createKioskAcknowledgement({ db: deps.db, signer, kiosk }),
  });
  await registerBackOffice(app, backOffice, { db: deps.db, now });
  // Waybills, the partner's side: list, documents in the file store, signed download addresses.
  const waybill = createWaybillPartnerService({ db: deps.db, store: fileStore, signer, now });
  await app.register(waybillPartnerRoutes, { waybill });
  // Content library (files through signed addresses), training, lookbooks, TV commercials; artworks.
  const library = createLibraryService({ db: deps.db, store: fileStore, signer, now });
  app.decorate("library", library);
  await app.register(libraryRoutes, { library });
  // Every signed file address (/api/files/<key>) is served here; waybill keys first, the library the rest.
  await app.register(signedFilesPlugin, { signer, owners: [waybill.files, library.files] });
  await app.register(artworksRoutes, { artworks: createArtworksService({ db: deps.db, now }) });
  // Account area: order history, gap report and reorder, invoices as PDF, loads, data files.
  await app.register(accountRoutes, { account: createAccountService({ db: deps.db, cart, now }), users });
  // Store reports: the ARS report (franchisees) and store performance with feedback; the weekly ARS
  // replenishment (B2F orders placed through the orders service), a job and a staff action.
  const storeReports = createStoreReportsService({ db: deps.db, now });
  await app.register(storeReportsRoutes, { storeReports });
  // Partner dashboard (issue 30): spend, margin, fill rate, lead times and money, from the store's documents.
  await app.register(dashboardRoutes, {
    dashboard: createDashboardService({ db: deps.db, now, storeReports }),
  });
  const replenishment = createArsReplenishment({ db: deps.db, storeReports, orders, users, now });
  app.decorate("arsReplenishment", replenishment);
  await app.register(arsReplenishmentRoutes, { replenishment });
  await app.register(arsPartnerRoutes, { replenishment, storeReports, cart });
  await app.register(gstr1Routes, { db: deps.db });
  // E-invoices with the IRP: the configured endpoint (IRP_URL and credentials), else our sandbox.
  await app.register(einvoiceRoutes, {
    einvoices: createEinvoiceService({
      db: deps.db,
      irp: irpFromEnvironment(process.env, now),
      now,
      invoicePrintChanged: queueInvoicePdfs,
    }),
  });
  // E-way bills of loads: the configured e-way bill system (EWB_URL and credentials), else our sandbox.
  await app.register(ewayBillRoutes, {
    ewayBills: createEwayBillService({ db: deps.db, ewb: ewbFromEnvironment(process.env, now), now }),
  });
  await app.register(tallyRoutes, { db: deps.db, statements: backOffice.statements });
  backOffice.jobs.register(ARS_JOB, async () => {
    await replenishment.runWeekly(app.log);
    await enqueueJob(deps.db, ARS_JOB, {}, nextArsRunAt(now()));
  });
  // The monthly ledger statement by mail: the run on the 1st (07:00 India time) queues each
  // opted-in partner's statement once per month; the mail job renders the PDFs and sends them.
  const statementMail = createStatementMail({
    db: deps.db,
    statements: backOffice.statements,
    mailer: deps.mailer,
    now,
  });
  backOffice.jobs.register(MONTHLY_STATEMENT_JOB, async () => {
    await statementMail.runMonthly(now());
  });
  backOffice.jobs.register(STATEMENT_MAIL_JOB, (payload) => statementMail.send(payload));
  // Order requests not decided within 7 days expire (hourly; reading the requests expires them too).
  backOffice.jobs.register(ORDER_REQUEST_EXPIRY_JOB, () => orderRequests.runExpiryJob());
  if (deps.jobIntervalMs && deps.jobIntervalMs > 0)
    app.addHook("onReady", async () => {
      await orderRequests.scheduleExpiry();
    });
  if (deps.jobIntervalMs && deps.jobIntervalMs > 0)
    app.addHook("onReady", async () => {
      await statementMail.scheduleFirstRun();
    });
  if (deps.jobIntervalMs && deps.jobIntervalMs > 0) {
    const interval = deps.jobIntervalMs;
    app.addHook("onReady", async () => {
      await backOffice.schedulePeriodicJobs({ [ARS_JOB]: nextArsRunAt(now()) });
      backOffice.jobs.start(interval);
    });
    app.addHook("onClose", async () => backOffice.jobs.stop());
    // Closing: no claim after this moment (the jobs already claimed finish before onClose ends).
    app.addHook("preClose", async () => void backOffice.jobs.stop());
  }

  if (deps.webDist && existsSync(path.join(deps.webDist, "index.html"))) {
    await serveSinglePageApp(app, deps.webDist, answeredMethodNotAllowed);
  } else {
    app.setNotFoundHandler((request, reply) => {
      if (answeredMethodNotAllowed(request, reply)) return reply;
      return reply.code(404).send({ message: NOT_FOUND });
    });
  }
  return app;
}

/** Serves the built web app; any non-API path answers index.html so plain paths work on reload. */
async function serveSinglePageApp(
  app: FastifyInstance,
  root: string,
  answeredMethodNotAllowed: ReturnType<typeof methodNotAllowed>,
) {
  // Files are looked up per request (wildcard), so a rebuilt web app is served without a restart.
  // The build writes .br and .gz beside each asset; hashed assets never change, so a year, immutable.
  const files = {
    root,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res: { setHeader(name: string, value: string): unknown }, filePath: string) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
    },
  };
  // reply.sendFile for the routes below; the files' own routes are public, in a scope of their own.
  await app.register(fastifyStatic, { ...files, serve: false });
  await registerPublicRoutes(app, (scope) =>
    scope.register(fastifyStatic, { ...files, wildcard: true, index: false, decorateReply: false }),
  );
  app.get("/", { config: { access: "public" }, schema: { hide: true } }, (_request, reply) =>
    reply.header("cache-control", "no-cache").sendFile("index.html"),
  );
  app.setNotFoundHandler((request, reply) => {
    if (answeredMethodNotAllowed(request, reply)) return reply;
    if (looksLikeApiPath(request.url) || request.method !== "GET") {
      return reply.code(404).send({ message: NOT_FOUND });
    }
    const file = request.url.split("?")[0] ?? "/";
    if (file.startsWith("/assets/")) return reply.code(404).send({ message: NOT_FOUND });
    if (/\.[a-z0-9]+$/i.test(file) && existsSync(path.join(root, file))) return reply.sendFile(file.slice(1));
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  });
}

declare module "fastify" {
  interface FastifyInstance {
    /** The content library (main.ts makes the demo files after start; tests sign addresses through it). */
    library: import("./modules/content/library-service").LibraryService;
  }
}
