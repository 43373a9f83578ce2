CREATE TABLE "delivery_forwards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_forwards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"delivery_id" bigint NOT NULL,
	"session_id" bigint NOT NULL,
	"url" text NOT NULL,
	"attempt" integer NOT NULL,
	"status" integer,
	"headers" jsonb,
	"body_head" "bytea",
	"duration_ms" integer NOT NULL,
	"error" text,
	"final" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listen_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listen_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" uuid NOT NULL,
	"credential" text NOT NULL,
	"token_name" text,
	"name" text NOT NULL,
	"ack_seq" bigint NOT NULL,
	"ack_id" bigint NOT NULL,
	"endpoint_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"connected_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"disconnected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_forwards" ADD CONSTRAINT "delivery_forwards_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_forwards" ADD CONSTRAINT "delivery_forwards_session_id_listen_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."listen_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listen_sessions" ADD CONSTRAINT "listen_sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_forwards_delivery_idx" ON "delivery_forwards" USING btree ("delivery_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "listen_sessions_key_idx" ON "listen_sessions" USING btree ("member_id","credential","name");--> statement-breakpoint
CREATE INDEX "listen_sessions_seen_idx" ON "listen_sessions" USING btree ("last_seen_at");