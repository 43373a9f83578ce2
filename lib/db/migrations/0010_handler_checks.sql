CREATE TABLE "handler_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target" text NOT NULL,
	"endpoint_id" text NOT NULL,
	"scheme" text NOT NULL,
	"member_id" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary" jsonb
);
--> statement-breakpoint
ALTER TABLE "handler_checks" ADD CONSTRAINT "handler_checks_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "handler_checks_target_idx" ON "handler_checks" USING btree ("target","started_at");