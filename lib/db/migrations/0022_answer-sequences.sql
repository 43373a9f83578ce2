CREATE TABLE "webhook_answer_positions" (
	"endpoint_id" text NOT NULL,
	"body_sha256" text NOT NULL,
	"sequence_id" text NOT NULL,
	"position" integer NOT NULL,
	"last_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "webhook_answer_positions_endpoint_id_body_sha256_pk" PRIMARY KEY("endpoint_id","body_sha256")
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "answer_step" integer;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "answer_steps" integer;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "answer_sequence" jsonb;--> statement-breakpoint
ALTER TABLE "webhook_answer_positions" ADD CONSTRAINT "webhook_answer_positions_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP COLUMN "script_status";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP COLUMN "script_hang_seconds";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP COLUMN "script_remaining";