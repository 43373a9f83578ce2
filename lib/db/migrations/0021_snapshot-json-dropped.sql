-- A snapshot stored as JSON before 0020 has no encodings: forgetting it makes the next request fetch anew.
UPDATE "upstream_state" SET "fetched_at" = NULL WHERE "snapshot_gzip" IS NULL;--> statement-breakpoint
ALTER TABLE "upstream_state" DROP COLUMN "projects";--> statement-breakpoint
ALTER TABLE "upstream_state" DROP COLUMN "invalid";