import { clip, parseFieldPath, PATH_MAX_SEGMENTS } from "./field-match";

/**
 * The inspector's search line: text, and conditions on the JSON body's fields, all of which must hold.
 * `data.task_id = "t_1" roof` finds bodies whose data.task_id is "t_1" and that contain "roof". Paths are
 * read like wait's `match=` (field-match.ts: dotted, an array position is a segment of digits) and `=`
 * compares like it; here the operator stands between spaces, so a value may be quoted to hold spaces.
 * Parsed in the browser (the hint under the search box) and again by the API, which answers 400 with the
 * same sentence. The database applies it (server/field-search-sql.ts).
 */

export const FIELD_OPERATORS = ["=", "!=", "~"] as const;
const EXISTS = "exists";
export const SEARCH_MAX_CONDITIONS = 10;

export type FieldCondition =
  /**
   * `=`: a string equals the value exactly; a bare word also equals a number of the same value and the
   * words true, false and null (as wait's match=); a quoted value equals strings only.
   * `!=`: every delivery `=` does not find (a missing field, or a body that is not JSON, included).
   */
  | { path: string[]; operator: "=" | "!="; value: string; quoted: boolean }
  /** `~`: the value's text (a string's characters, else its JSON) contains `value`, ignoring case. */
  | { path: string[]; operator: "~"; value: string }
  /** The field is present (JSON null counts). */
  | { path: string[]; operator: "exists" };

export interface DeliverySearch {
  /** Text searched for in the body, each as a phrase (the words between conditions). */
  texts: string[];
  conditions: FieldCondition[];
}

/** What to show under the search box. */
export const FIELD_SEARCH_HINT =
  'Text, or a field: data.task_id = "t_1" · data.title ~ roof · data.note exists · event != task.created';

interface Token {
  start: number;
  end: number;
  /** The word, or a quoted value decoded as a JSON string. */
  value: string;
  quoted: boolean;
  /** A quote that never closed, or a quoted value JSON cannot read. */
  broken?: string;
}

function tokenize(line: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < line.length) {
    if (/\s/.test(line[i]!)) {
      i++;
      continue;
    }
    const start = i;
    if (line[i] === '"') {
      i++;
      while (i < line.length && line[i] !== '"') i += line[i] === "\\" ? 2 : 1;
      if (i >= line.length) {
        tokens.push({
          start,
          end: line.length,
          value: line.slice(start),
          quoted: true,
          broken: "has no closing quote",
        });
        break;
      }
      i++;
      const raw = line.slice(start, i);
      try {
        tokens.push({ start, end: i, value: JSON.parse(raw) as string, quoted: true });
      } catch {
        tokens.push({
          start,
          end: i,
          value: raw,
          quoted: true,
          broken: "is not a valid quoted string",
        });
      }
      continue;
    }
    while (i < line.length && !/\s/.test(line[i]!)) i++;
    tokens.push({ start, end: i, value: line.slice(start, i), quoted: false });
  }
  return tokens;
}

const isOperator = (token: Token | undefined): boolean =>
  token !== undefined &&
  !token.quoted &&
  (FIELD_OPERATORS as readonly string[]).includes(token.value);

/**
 * The search line → its texts and conditions, or a sentence saying what is wrong. A line without an
 * operator is one text, as typed (quotes included): plain text search is unchanged.
 */
export function parseDeliverySearch(line: string): DeliverySearch | string {
  const tokens = tokenize(line);
  const texts: string[] = [];
  const conditions: FieldCondition[] = [];
  let textStart: number | null = null;
  let textEnd = 0;
  const endText = () => {
    if (textStart !== null) texts.push(line.slice(textStart, textEnd));
    textStart = null;
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const next = tokens[i + 1];
    if (isOperator(token))
      return `"${token.value}" needs a path before it, like data.task_id = "t_1"`;
    const exists = next !== undefined && !next.quoted && next.value === EXISTS;
    if (!isOperator(next) && !exists) {
      textStart ??= token.start;
      textEnd = token.end;
      continue;
    }
    endText();
    const path = token.quoted ? null : parseFieldPath(token.value);
    if (path === null) {
      return `"${clip(token.value)}" is not a field path: dotted names without quotes, like data.task_id`;
    }
    if (path.length > PATH_MAX_SEGMENTS) return `paths have at most ${PATH_MAX_SEGMENTS} segments`;
    if (exists) {
      conditions.push({ path, operator: "exists" });
      i += 1;
      continue;
    }
    const operator = next!.value as (typeof FIELD_OPERATORS)[number];
    const value = tokens[i + 2];
    if (value === undefined || isOperator(value)) {
      return `"${clip(token.value)} ${operator}" needs a value after ${operator}, like data.task_id ${operator} "t_1"`;
    }
    if (value.broken) return `the value ${clip(value.value)} ${value.broken}`;
    if (operator === "~") {
      if (value.value === "") return `"${clip(token.value)} ~" needs some text to look for`;
      conditions.push({ path, operator, value: value.value });
    } else {
      conditions.push({ path, operator, value: value.value, quoted: value.quoted });
    }
    i += 2;
  }
  endText();
  if (conditions.length > SEARCH_MAX_CONDITIONS) {
    return `a search holds at most ${SEARCH_MAX_CONDITIONS} field conditions`;
  }
  return { texts, conditions };
}
