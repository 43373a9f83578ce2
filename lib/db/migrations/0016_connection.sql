CREATE TABLE "upstream_call_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"called_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer,
	"outcome" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"bytes" integer,
	"retry_after" text,
	"reason" text NOT NULL,
	"instance" text NOT NULL,
	"key_last_four" text
);
--> statement-breakpoint
CREATE TABLE "upstream_key" (
	"id" text PRIMARY KEY NOT NULL,
	"ciphertext" text,
	"last_four" text,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upstream_key_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"member_id" uuid,
	"member_email" text NOT NULL,
	"action" text NOT NULL,
	"last_four" text
);
--> statement-breakpoint
ALTER TABLE "upstream_key_changes" ADD CONSTRAINT "upstream_key_changes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;