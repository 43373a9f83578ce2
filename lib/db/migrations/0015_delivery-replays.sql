CREATE TABLE "webhook_delivery_replays" (
	"delivery_id" bigint PRIMARY KEY NOT NULL,
	"original_id" bigint NOT NULL,
	"edited" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_delivery_replays" ADD CONSTRAINT "webhook_delivery_replays_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery_replays" ADD CONSTRAINT "webhook_delivery_replays_original_id_webhook_deliveries_id_fk" FOREIGN KEY ("original_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_delivery_replays_original_idx" ON "webhook_delivery_replays" USING btree ("original_id");