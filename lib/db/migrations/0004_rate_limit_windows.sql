CREATE TABLE "rate_limit_windows" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_limit_windows_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
-- The windows counted so far keep counting under their new keys: an endpoint's as `receiver:<endpoint id>`,
-- the replay limiter's (stored as `replay:<member id>` in endpoint_id) as they were.
INSERT INTO "rate_limit_windows" ("key", "window_start", "count")
SELECT CASE WHEN "endpoint_id" LIKE 'replay:%' THEN "endpoint_id" ELSE 'receiver:' || "endpoint_id" END,
       "window_start", "count"
FROM "webhook_rate_windows";
