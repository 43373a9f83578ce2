import { isCredentialHeader, isSignatureHeader } from "../request-meta";

/**
 * What a shared link shows of one delivery, built on the server from the stored delivery with the link's
 * redactions applied: the page renders this and nothing else, so an unredacted value never reaches it.
 * No imports beyond request-meta (whose header lists decide what a signature or credential is): the dialog
 * validates paths with the same parser the server masks with.
 */

/** What every masked value becomes: keys are kept, values are not. */
export const MASK = "[masked]";

export const MAX_MASK_PATHS = 20;
const PATH_MAX_CHARS = 200;
const PATH_MAX_SEGMENTS = 32;
/** A segment that matches every key of an object and every element of an array. */
export const ANY_SEGMENT = "*";

/**
 * `data.client.email` → ["data", "client", "email"], or a sentence saying what is wrong. Dotted like the
 * wait filter's paths (lib/webhooks/shared/field-match.ts): an array index is a segment of digits, `*` is any
 * key or index, and a key holding a `.` cannot be named.
 */
export function parseMaskPath(text: string): string[] | string {
  if (text.length > PATH_MAX_CHARS) return `a path has at most ${PATH_MAX_CHARS} characters`;
  const path = text.split(".");
  if (path.some((segment) => segment.trim() === "")) {
    return `"${text.slice(0, 60)}" needs a dotted path like data.client.email (no empty segment)`;
  }
  if (path.length > PATH_MAX_SEGMENTS) return `a path has at most ${PATH_MAX_SEGMENTS} segments`;
  return path;
}

export interface Redactions {
  /** Signature and credential headers shown as MASK. */
  maskSignatures: boolean;
  /** Dotted paths of the JSON body shown as MASK (parseMaskPath). */
  maskedPaths: string[];
  /** The whole body hidden. */
  maskBody: boolean;
}

/** The stored delivery, as much of it as a shared page may show before redaction. */
export interface ShareSource {
  receivedAt: string;
  method: string;
  endpointId: string;
  contentType: string | null;
  size: number;
  event: string | null;
  query: string;
  headers: [string, string][];
  verification: { result: string; scheme: string | null };
  response: { status: number };
  attempt: { number: number };
  findings: { code: string; message: string }[];
  /** The body to read: its decoded form when it was gzip-compressed (the compressed bytes hold it all). */
  body: { encoding: "utf8" | "base64"; content: string };
}

export type SharedBody =
  | { kind: "json"; value: unknown; text: string }
  | { kind: "text"; text: string }
  | { kind: "base64"; text: string }
  | { kind: "hidden" };

/** What the shared page shows: the source with its attempt's number, its body redacted, and what was masked. */
export interface SharedDelivery extends Omit<ShareSource, "attempt" | "body"> {
  attempt: number;
  body: SharedBody;
  redactions: {
    headers: string[];
    paths: string[];
    /** Paths that named nothing in this body (or every path, when the body is not JSON). */
    unmatchedPaths: string[];
    body: boolean;
    /** Path masking does not apply: the body is not JSON. */
    bodyNotJson: boolean;
  };
}

/** Text shown instead of a line that quotes a masked value (a finding that cites a header, say). */
export const QUOTES_MASKED = "(hidden: it quotes a masked value)";
/**
 * A finding's text when body values are masked: findings may quote the body cut short ("…"), and a cut
 * quote is not found by looking for the whole value, so none is shown; its code still says what it was.
 */
export const BODY_FINDING_HIDDEN =
  "(hidden: the body has masked values, and findings may quote it)";

/**
 * `value` with every node at `paths` replaced by MASK; what was replaced is handed to `hidden` (every leaf of
 * it, as text), and each path that matched something is marked in `matched`. Builds new containers with
 * own data properties only, so a `__proto__` key stays a plain key.
 */
function maskJson(
  value: unknown,
  paths: { segments: string[]; index: number }[],
  hidden: (leaf: unknown) => void,
  matched: Set<number>,
): unknown {
  if (paths.length === 0 || value === null || typeof value !== "object") return value;
  const child = (key: string, item: unknown): unknown => {
    const here = paths.filter(
      (path) => path.segments[0] === ANY_SEGMENT || path.segments[0] === key,
    );
    if (here.length === 0) return item;
    const ending = here.filter((path) => path.segments.length === 1);
    if (ending.length > 0) {
      for (const path of ending) matched.add(path.index);
      collectLeaves(item, hidden);
      return MASK;
    }
    return maskJson(
      item,
      here.map((path) => ({ segments: path.segments.slice(1), index: path.index })),
      hidden,
      matched,
    );
  };
  if (Array.isArray(value)) {
    return value.map((item, index) => child(String(index), item));
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    Object.defineProperty(out, key, {
      value: child(key, item),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

function collectLeaves(value: unknown, hidden: (leaf: unknown) => void): void {
  const stack = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node !== null && typeof node === "object") {
      for (const key of Object.keys(node)) stack.push((node as Record<string, unknown>)[key]);
    } else {
      hidden(node);
    }
  }
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The body as text when it is UTF-8 (base64-stored bodies may still be), else null. */
function bodyText(body: ShareSource["body"]): string | null {
  if (body.encoding === "utf8") return body.content;
  try {
    return utf8.decode(Uint8Array.from(atob(body.content), (char) => char.charCodeAt(0)));
  } catch {
    return null;
  }
}

function parseJson(text: string): { value: unknown } | null {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return null;
  }
}

/**
 * The delivery as a shared link shows it. Headers: signature and credential headers become MASK (their
 * names stay). Body: for JSON, each chosen path's value becomes MASK and the text shown is the masked value
 * written again (not the bytes received: those hold the values); any other body is shown as it is, or
 * hidden whole. Every other line of text (event, findings, query, content type) that quotes a masked value
 * is replaced by QUOTES_MASKED: a finding may cite the body, the event is read from it.
 */
export function redactDelivery(source: ShareSource, redactions: Redactions): SharedDelivery {
  const secrets = new Set<string>();
  const hide = (leaf: unknown) => {
    if (leaf === undefined) return;
    const text = typeof leaf === "string" ? leaf : JSON.stringify(leaf);
    if (text) secrets.add(text);
  };

  const maskedHeaders = new Set<string>();
  const headers = source.headers.map(([name, value]): [string, string] => {
    if (redactions.maskSignatures && (isSignatureHeader(name) || isCredentialHeader(name))) {
      maskedHeaders.add(name.toLowerCase());
      hide(value);
      return [name, MASK];
    }
    return [name, value];
  });

  const paths = redactions.maskedPaths.flatMap((text, index) => {
    const segments = parseMaskPath(text);
    return typeof segments === "string" ? [] : [{ segments, index }];
  });
  const text = bodyText(source.body);
  const json = text === null ? null : parseJson(text);
  const matched = new Set<number>();
  let body: SharedBody;
  if (redactions.maskBody) {
    body = { kind: "hidden" };
    if (text !== null) hide(text);
    if (json) collectLeaves(json.value, hide);
    hide(source.body.content);
  } else if (json) {
    const value = maskJson(json.value, paths, hide, matched);
    body = { kind: "json", value, text: JSON.stringify(value, null, 2) ?? "" };
  } else if (text !== null) {
    body = { kind: "text", text };
  } else {
    body = { kind: "base64", text: source.body.content };
  }

  // Whether any body value is withheld: then nothing derived from the body is shown but what the masked
  // body itself shows (the event name is its top-level `event`, kept only where that is not masked).
  const bodyWithheld = redactions.maskBody || matched.size > 0;
  let event = source.event;
  if (bodyWithheld) {
    const shownEvent = body.kind === "json" && isRecord(body.value) ? body.value.event : undefined;
    if (typeof shownEvent !== "string" || shownEvent === MASK) event = null;
  }
  const scrub = (line: string): string => (quotesAny(line, secrets) ? QUOTES_MASKED : line);
  const scrubNullable = (line: string | null) => (line === null ? null : scrub(line));
  return {
    receivedAt: source.receivedAt,
    method: scrub(source.method),
    endpointId: source.endpointId,
    contentType: scrubNullable(source.contentType),
    size: source.size,
    event: scrubNullable(event),
    query: scrub(source.query),
    headers: headers.map(([name, value]) => [name, value === MASK ? MASK : scrub(value)]),
    verification: {
      result: source.verification.result,
      scheme: source.verification.scheme,
    },
    response: { status: source.response.status },
    attempt: source.attempt.number,
    findings: source.findings.map((finding) => ({
      code: finding.code,
      message: bodyWithheld ? BODY_FINDING_HIDDEN : scrub(finding.message),
    })),
    body,
    redactions: {
      headers: [...maskedHeaders],
      paths: redactions.maskedPaths,
      unmatchedPaths: redactions.maskedPaths.filter((_, index) => !matched.has(index)),
      body: redactions.maskBody,
      bodyNotJson: !json,
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Whether `line` holds any of `secrets`, as written or as JSON writes it inside a string. */
function quotesAny(line: string, secrets: Set<string>): boolean {
  for (const secret of secrets) {
    if (line.includes(secret) || line.includes(JSON.stringify(secret).slice(1, -1))) return true;
  }
  return false;
}
