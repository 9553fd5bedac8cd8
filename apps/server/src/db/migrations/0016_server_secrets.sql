-- Secrets every instance of the server must share (the file-address signing secret when
-- FILE_URL_SECRET is unset): one row per name, written once by whichever instance comes first
-- (INSERT ... ON CONFLICT DO NOTHING) and read back by all.
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "server_secrets_value_length" CHECK (length("value") >= 16)
);
