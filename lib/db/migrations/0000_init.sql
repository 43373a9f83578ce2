CREATE TABLE "upstream_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"called_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upstream_state" (
	"source" text PRIMARY KEY NOT NULL,
	"projects" jsonb,
	"invalid" jsonb,
	"fetched_at" timestamp with time zone,
	"attempt_seq" integer DEFAULT 0 NOT NULL,
	"attempted_at" timestamp with time zone,
	"last_error" jsonb,
	"not_before" timestamp with time zone,
	"lease_holder" text,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"password_hash" text,
	"role" text DEFAULT 'member' NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"session_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	CONSTRAINT "members_email_unique" UNIQUE("email"),
	CONSTRAINT "members_email_lower" CHECK ("members"."email" = lower("members"."email")),
	CONSTRAINT "members_role_known" CHECK ("members"."role" in ('admin', 'member'))
);
--> statement-breakpoint
CREATE TABLE "sign_in_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"seq" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL,
	"endpoint_id" text NOT NULL,
	"received_at" timestamp (3) with time zone NOT NULL,
	"method" text NOT NULL,
	"headers" jsonb NOT NULL,
	"client_address" text,
	"content_type" text,
	"body" "bytea" NOT NULL,
	"body_sha256" text NOT NULL,
	"size" integer NOT NULL,
	"body_is_text" boolean NOT NULL,
	"preview" text,
	"event" text,
	"verification" text NOT NULL,
	"scheme" text,
	"scheme_mismatch" boolean DEFAULT false NOT NULL,
	"signed_timestamp" text,
	"findings" jsonb NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"first_attempt_id" bigint,
	"gap_ms" bigint,
	"response_status" integer NOT NULL,
	"scripted" boolean DEFAULT false NOT NULL,
	"hang_seconds" integer
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"secret_ciphertext" text,
	"secret_fingerprint" text,
	"locked_scheme" text,
	"locked_at" timestamp with time zone,
	"accept_invalid_signatures" boolean DEFAULT false NOT NULL,
	"rate_limit_per_minute" integer,
	"script_status" integer,
	"script_hang_seconds" integer,
	"script_remaining" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_rate_windows" (
	"endpoint_id" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "webhook_rate_windows_endpoint_id_window_start_pk" PRIMARY KEY("endpoint_id","window_start")
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upstream_calls_source_called_at_idx" ON "upstream_calls" USING btree ("source","called_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_order_idx" ON "webhook_deliveries" USING btree ("seq","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_order_idx" ON "webhook_deliveries" USING btree ("endpoint_id","seq","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_retry_idx" ON "webhook_deliveries" USING btree ("endpoint_id","body_sha256","received_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_received_idx" ON "webhook_deliveries" USING btree ("received_at");