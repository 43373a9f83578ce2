ALTER TABLE "upstream_state" ADD COLUMN "snapshot_gzip" "bytea";--> statement-breakpoint
ALTER TABLE "upstream_state" ADD COLUMN "snapshot_gzip_crc" bigint;--> statement-breakpoint
ALTER TABLE "upstream_state" ADD COLUMN "snapshot_brotli" "bytea";--> statement-breakpoint
ALTER TABLE "upstream_state" ADD COLUMN "snapshot_tag" text;--> statement-breakpoint
ALTER TABLE "upstream_state" ADD COLUMN "snapshot_bytes" integer;--> statement-breakpoint
ALTER TABLE "upstream_state" ADD COLUMN "snapshot_count" integer;