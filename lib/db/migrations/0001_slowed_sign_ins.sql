ALTER TABLE "members" ADD COLUMN "slowed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "slowed_since" timestamp with time zone;