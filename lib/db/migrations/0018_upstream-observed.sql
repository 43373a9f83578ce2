CREATE TABLE "upstream_announced_endpoints" (
	"service" text NOT NULL,
	"endpoint" text NOT NULL,
	"state" text NOT NULL,
	"last_status" integer,
	"last_note" text,
	"last_checked_at" timestamp with time zone NOT NULL,
	"available_since" timestamp with time zone,
	"first_answer" jsonb,
	"checks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "upstream_announced_endpoints_service_endpoint_pk" PRIMARY KEY("service","endpoint")
);
--> statement-breakpoint
CREATE TABLE "upstream_announced_watch" (
	"service" text PRIMARY KEY NOT NULL,
	"next_due_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_outcome" text,
	"lease_holder" text,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "upstream_observed_facts" (
	"service" text NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"sample" text,
	"count" integer NOT NULL,
	"min_number" bigint,
	"max_number" bigint,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	CONSTRAINT "upstream_observed_facts_service_kind_value_pk" PRIMARY KEY("service","kind","value")
);
