CREATE TABLE "delivery_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" uuid,
	"created_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"mask_signatures" boolean DEFAULT true NOT NULL,
	"masked_paths" text[] NOT NULL,
	"mask_body" boolean DEFAULT false NOT NULL,
	CONSTRAINT "delivery_shares_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "delivery_shares" ADD CONSTRAINT "delivery_shares_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_shares" ADD CONSTRAINT "delivery_shares_created_by_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_shares_delivery_id" ON "delivery_shares" USING btree ("delivery_id");