-- The file store in the database (lib/pg-file-store.ts), used when the server runs on PostgreSQL
-- (DATABASE_URL) without S3_BUCKET, so that every instance sees every file: content library files,
-- waybill documents, C-form files, assessment certificates. One row per storage key; `version` moves
-- on every overwrite, so a file read in chunks is known to be read from one version. The key compares
-- byte by byte (COLLATE "C"): listing a folder is a prefix match on the primary key, sorted as on disk.
-- `content` is kept uncompressed out of line (STORAGE EXTERNAL): the files are PDFs, pictures, sound and
-- video, compressed already, and a byte range of an uncompressed value is read without the rest of it.
CREATE TABLE "stored_files" (
	"key" text COLLATE "C" PRIMARY KEY NOT NULL,
	"content" bytea NOT NULL,
	"size" integer NOT NULL,
	"content_type" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_size" CHECK ("size" = octet_length("content"))
);
--> statement-breakpoint
ALTER TABLE "stored_files" ALTER COLUMN "content" SET STORAGE EXTERNAL;
