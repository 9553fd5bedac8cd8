import { sql } from "drizzle-orm";
import { check, customType, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Secrets every server instance must share (migration 0016): one row per name, written once by the
 * first instance (INSERT ... ON CONFLICT DO NOTHING) and read back by every instance.
 */
export const serverSecrets = pgTable(
  "server_secrets",
  {
    name: text().primaryKey(),
    value: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("server_secrets_value_length", sql`length(${t.value}) >= 16`)],
);

/** `bytea` as a Buffer (node-postgres gives a Buffer, PGlite a Uint8Array). */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * The file store in the database (migration 0020, lib/pg-file-store.ts): on PostgreSQL without a
 * bucket every file lives here, so every instance serves every file. The key is `COLLATE "C"` in the
 * migration (byte order, prefix matches on the primary key); `content` is stored uncompressed out of
 * line, so a byte range is read without the rest; `version` moves on every overwrite.
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    key: text().primaryKey(),
    content: bytea().notNull(),
    size: integer().notNull(),
    contentType: text(),
    version: integer().notNull().default(1),
    /** When the current bytes were written (an overwrite sets it again). */
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("stored_files_size", sql`${t.size} = octet_length(${t.content})`)],
);

/**
 * Rendered PDFs (invoices, ledger statements) by what they print (migration 0043, `lib/pdf-cache.ts`):
 * the key is a SHA-256 of the pdfmake version and the whole document definition, so a document that
 * changes (its lines, buyer, IRN and QR code once registered, a statement's entries, period or ageing)
 * has a new key and is rendered afresh, and every instance on the database finds what another rendered.
 */
export const pdfCache = pgTable(
  "pdf_cache",
  {
    key: text().primaryKey(),
    content: bytea().notNull(),
    size: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("pdf_cache_size", sql`${t.size} = octet_length(${t.content})`),
    index("pdf_cache_created_idx").on(t.createdAt),
  ],
);
