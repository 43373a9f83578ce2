CREATE TABLE "alert_issue_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"issue_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"message" text NOT NULL,
	"actor" text
);
--> statement-breakpoint
CREATE TABLE "alert_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scope" text NOT NULL,
	"rule" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"title" text NOT NULL,
	"detail" text NOT NULL,
	"link_path" text,
	"occurrences" integer DEFAULT 1 NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" text
);
--> statement-breakpoint
CREATE TABLE "alert_rules" (
	"scope" text NOT NULL,
	"rule" text NOT NULL,
	"enabled" boolean NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "alert_rules_scope_rule_pk" PRIMARY KEY("scope","rule")
);
--> statement-breakpoint
ALTER TABLE "alert_issue_events" ADD CONSTRAINT "alert_issue_events_issue_id_alert_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."alert_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_issue_events_issue_idx" ON "alert_issue_events" USING btree ("issue_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_issues_one_unresolved_idx" ON "alert_issues" USING btree ("scope","rule") WHERE "alert_issues"."status" <> 'resolved';--> statement-breakpoint
CREATE INDEX "alert_issues_status_idx" ON "alert_issues" USING btree ("status","last_seen_at");