import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import type { S3StoreConfig } from "./lib/s3-file-store";
import { describeZodError } from "./lib/validation";

/** The repository root: the nearest folder above this file whose package.json declares workspaces. */
export function repoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest) && "workspaces" in JSON.parse(readFileSync(manifest, "utf8"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default("Partner Portal <no-reply@partnerportal.local>"),
  /** Public address used in links inside mails. */
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Wrong logins allowed per email or address in a 15-minute window. */
  LOGIN_LIMIT: z.coerce.number().int().positive().default(10),
  WEB_DIST: z.string().optional(),
  /**
   * Behind a reverse proxy: "true" trusts X-Forwarded-For from any hop, or a comma-separated list of
   * the proxies' addresses or CIDRs ("loopback", "10.0.0.0/8"); unset or "false" uses the socket's address.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^[\w.:/, -]*$/, "TRUST_PROXY must be true, false or a list of addresses")
    .optional(),
  /** How long catalogue answers may be served again (0 turns the micro-cache off). */
  CATALOGUE_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  /** Size of the demo catalogue seeded into an empty database. */
  SEED_PRODUCTS: z.coerce.number().int().min(50).max(500_000).default(5000),
  /** How often the job runner (auto-confirm, mails, ageing) looks for due jobs; 0 turns it off. */
  JOB_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  /** Months of back-office history the demo world is given (default: back to 2017-04). */
  DEMO_HISTORY_MONTHS: z.coerce.number().int().min(0).max(1200).optional(),
  /** Secret for signing file addresses (at least 16 characters); default: made once and kept in the database. */
  FILE_URL_SECRET: z.string().min(16).optional(),
  /** Keep files in this S3-compatible bucket (else PostgreSQL's stored_files with DATABASE_URL, else DATA_DIR/files). */
  S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "S3_BUCKET must be a bucket name")
    .optional(),
  /** The bucket's endpoint (MinIO, Ceph, R2…); unset: AWS for S3_REGION. */
  S3_ENDPOINT: z.string().url("S3_ENDPOINT must be a URL such as http://127.0.0.1:9000").optional(),
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style addresses (endpoint/bucket/key), which most S3-compatible servers need. */
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"], "S3_FORCE_PATH_STYLE must be true or false").optional(),
  /** Bearer token /metrics asks for (at least 16 characters); unset: /metrics answers 404. */
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  /** How long a graceful shutdown (SIGTERM, SIGINT) may take before the open connections are cut. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** Live stock: open event streams per user on one instance (the bench opens 1,000 as one partner). */
  EVENTS_STREAMS_PER_USER: z.coerce.number().int().min(1).max(100_000).optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  logLevel: z.infer<typeof Env>["LOG_LEVEL"];
  loginLimit: number;
  /** Folder of the built single-page app (default apps/web/dist when built), or null to serve the API only. */
  webDist: string | null;
  seedProducts: number;
  catalogueCacheMs: number;
  trustProxy: boolean | string;
  jobIntervalMs: number;
  /** Undefined: the full history back to 2017-04. */
  demoHistoryMonths: number | undefined;
  fileUrlSecret: string | undefined;
  /** The S3-compatible bucket files are kept in, or undefined for the database's table (PostgreSQL) or DATA_DIR/files. */
  s3: S3StoreConfig | undefined;
  /** The token /metrics asks for, or undefined (then /metrics answers 404). */
  metricsToken: string | undefined;
  shutdownTimeoutMs: number;
  /** Undefined: the events module's default. */
  eventStreamsPerUser: number | undefined;
}

/** Reads and validates the environment once; a bad value stops start-up with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${describeZodError(parsed.error)}`);
  }
  const e = parsed.data;
  const root = repoRoot();
  // npm runs workspace scripts inside the workspace; a relative path means relative to where npm was started.
  const cwd = env.INIT_CWD ?? process.cwd();
  const dataDir = e.DATA_DIR ? path.resolve(cwd, e.DATA_DIR) : path.join(root, "data");
  const defaultWeb = path.join(root, "apps", "web", "dist");
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    logLevel: e.LOG_LEVEL,
    loginLimit: e.LOGIN_LIMIT,
    seedProducts: e.SEED_PRODUCTS,
    catalogueCacheMs: e.CATALOGUE_CACHE_MS,
    trustProxy:
      !e.TRUST_PROXY || e.TRUST_PROXY === "false" ? false : e.TRUST_PROXY === "true" ? true : e.TRUST_PROXY,
    jobIntervalMs: e.JOB_INTERVAL_MS,
    demoHistoryMonths: e.DEMO_HISTORY_MONTHS,
    fileUrlSecret: e.FILE_URL_SECRET,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
          ...(e.S3_ACCESS_KEY_ID ? { accessKeyId: e.S3_ACCESS_KEY_ID } : {}),
          ...(e.S3_SECRET_ACCESS_KEY ? { secretAccessKey: e.S3_SECRET_ACCESS_KEY } : {}),
          ...(e.S3_FORCE_PATH_STYLE ? { forcePathStyle: e.S3_FORCE_PATH_STYLE === "true" } : {}),
        }
      : undefined,
    webDist: e.WEB_DIST ? path.resolve(cwd, e.WEB_DIST) : existsSync(defaultWeb) ? defaultWeb : null,
    metricsToken: e.METRICS_TOKEN,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    eventStreamsPerUser: e.EVENTS_STREAMS_PER_USER,
  };
}
