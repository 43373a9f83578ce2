CREATE TABLE "webhook_event_fields" (
	"endpoint_id" text NOT NULL,
	"event" text NOT NULL,
	"path" text NOT NULL,
	"kind" text NOT NULL,
	"count" bigint NOT NULL,
	"first_seen" timestamp (3) with time zone NOT NULL,
	"last_seen" timestamp (3) with time zone NOT NULL,
	"first_delivery" integer NOT NULL,
	"last_delivery" integer NOT NULL,
	"examples" jsonb NOT NULL,
	CONSTRAINT "webhook_event_fields_endpoint_id_event_path_kind_pk" PRIMARY KEY("endpoint_id","event","path","kind")
);
--> statement-breakpoint
CREATE TABLE "webhook_event_shapes" (
	"endpoint_id" text NOT NULL,
	"event" text NOT NULL,
	"deliveries" integer NOT NULL,
	"first_seen" timestamp (3) with time zone NOT NULL,
	"last_seen" timestamp (3) with time zone NOT NULL,
	"dropped_fields" bigint DEFAULT 0 NOT NULL,
	"truncated_deliveries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "webhook_event_shapes_endpoint_id_event_pk" PRIMARY KEY("endpoint_id","event")
);
--> statement-breakpoint
ALTER TABLE "webhook_event_fields" ADD CONSTRAINT "webhook_event_fields_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_event_shapes" ADD CONSTRAINT "webhook_event_shapes_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;