import { sql, type SQL } from "drizzle-orm";
import { webhookDeliveries } from "@/lib/db/schema";
import { isStorableText } from "@/lib/db/storable-text";
import { JSON_NUMBER } from "@/lib/webhooks/shared/field-match";
import type { FieldCondition } from "@/lib/webhooks/shared/field-search";

const d = webhookDeliveries;

/**
 * The body as jsonb, or null when it is not JSON PostgreSQL reads alike. Only bodies the receiver judged
 * castable (bodyIsJson: not binary, not nested past what PGlite's parser survives) are cast, and the cast
 * itself (`webhook_body_json`, migration 0013) turns an error into null: a hostile body is simply not JSON
 * here, never a failed search.
 */
const bodyJson = sql`(case when ${d.bodyIsJson} then webhook_body_json(${d.body}) end)`;

/** A path as a text[] of bound parameters: no byte of it reaches the SQL text. */
function pathArray(path: string[]): SQL {
  return sql`array[${sql.join(
    path.map((segment) => sql`${segment}::text`),
    sql`, `,
  )}]::text[]`;
}

/** The words a bare value may stand for besides a string (field-match.ts valueEquals). */
function bareLiteral(value: string): string | null {
  if (value === "true" || value === "false" || value === "null") return value;
  return JSON_NUMBER.test(value) ? value : null;
}

function equals(found: SQL, value: string, quoted: boolean): SQL {
  const literal = quoted ? null : bareLiteral(value);
  const asString = sql`${found} = to_jsonb(${value}::text)`;
  // jsonb compares numbers as numeric: "123.0" equals 123.
  return literal === null ? asString : sql`(${asString} or ${found} = ${literal}::jsonb)`;
}

/** One condition as a boolean that is never null (so `!=` is the exact complement of `=`). */
export function fieldConditionSql(condition: FieldCondition): SQL {
  // jsonb holds no NUL and no lone surrogate (storable-text.ts), so a path or value with one names
  // nothing stored: such a condition is decided here, and the text never reaches PostgreSQL.
  const storable =
    condition.path.every(isStorableText) &&
    (condition.operator === "exists" || isStorableText(condition.value));
  if (!storable) return condition.operator === "!=" ? sql`true` : sql`false`;
  const found = sql`(${bodyJson} #> ${pathArray(condition.path)})`;
  switch (condition.operator) {
    case "exists":
      return sql`(${found} is not null)`;
    case "=":
      return sql`coalesce(${equals(found, condition.value, condition.quoted)}, false)`;
    case "!=":
      return sql`not coalesce(${equals(found, condition.value, condition.quoted)}, false)`;
    case "~":
      return sql`coalesce(strpos(lower(${bodyJson} #>> ${pathArray(condition.path)}), lower(${condition.value}::text)) > 0, false)`;
  }
}
