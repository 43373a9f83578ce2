ALTER TABLE "webhook_deliveries" ADD COLUMN "body_is_json" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The field search (lib/webhooks/server/field-search-sql.ts) casts a body to jsonb only when body_is_json,
-- which the receiver decides for new deliveries (analyze.ts isJsonbReady). Should that judgement ever
-- miss a body PostgreSQL refuses, the cast's error is caught here: that body is simply not JSON to a
-- search, instead of failing every search. Only the cast is inside the block.
CREATE OR REPLACE FUNCTION webhook_body_json(body bytea) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
  RETURN convert_from(body, 'UTF8')::jsonb;
EXCEPTION WHEN others THEN
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Deliveries stored before: a body with at most 100 opening brackets (so nested at most 100 deep, which
-- PGlite's parser survives) that jsonb reads. Bodies with more stay found by text only.
UPDATE "webhook_deliveries" SET "body_is_json" = true
WHERE CASE
  -- CASE, not AND: its order is kept, so convert_from never sees a binary body.
  WHEN NOT "body_is_text" THEN false
  WHEN length(convert_from("body", 'UTF8'))
    - length(replace(replace(convert_from("body", 'UTF8'), '[', ''), '{', '')) > 100 THEN false
  ELSE webhook_body_json("body") IS NOT NULL
END;
