/**
 * HTTP content negotiation and conditional requests, for answers we encode ourselves
 * (lib/http/precompressed.ts): which coding an Accept-Encoding asks for, and whether an If-None-Match
 * names the representation about to be sent.
 */
export type ContentCoding = "br" | "gzip" | "identity";

/** Ours in order of preference when a client rates several the same: the smallest first. */
const PREFERENCE: ContentCoding[] = ["br", "gzip", "identity"];

/**
 * The coding to answer with (RFC 9110 §12.5.3): the best-rated of br, gzip and identity, `*` standing for
 * any not named, `q=0` refusing one. No header means any coding is acceptable but identity is preferred by
 * convention; a client that refuses all three still gets identity (never a 406 for a member's table).
 */
export function negotiateCoding(
  acceptEncoding: string | null,
  /** The codings there are to choose from (identity always is). */
  available: readonly ContentCoding[] = PREFERENCE,
): ContentCoding {
  if (acceptEncoding === null || acceptEncoding.trim() === "") return "identity";
  const rated = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const match = /^q=([01](?:\.\d{0,3})?)$/.exec(param);
      if (match) q = Number(match[1]);
    }
    rated.set(name === "x-gzip" ? "gzip" : name, q);
  }
  const wildcard = rated.get("*");
  const rating = (coding: ContentCoding) =>
    rated.get(coding) ?? (coding === "identity" ? (wildcard === 0 ? 0 : 0.001) : (wildcard ?? 0));
  let best: ContentCoding = "identity";
  let bestQ = 0;
  for (const coding of PREFERENCE) {
    if (!available.includes(coding)) continue;
    const q = rating(coding);
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}

/**
 * Whether If-None-Match names `etag` (or is `*`), so the answer is 304. Weak comparison, as RFC 9110
 * §13.1.2 asks for this header: `W/"x"` matches `"x"`.
 */
export function ifNoneMatchMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return (ifNoneMatch.match(/(?:W\/)?"[^"]*"/g) ?? []).some(
    (tag) => tag.replace(/^W\//, "") === opaque,
  );
}

/**
 * How a route handler sends a body it encoded itself (lib/http/precompressed.ts). Next 16 drops
 * `Content-Encoding` from every route handler's Response (FORBIDDEN_HEADERS in
 * next/dist/server/send-response.js: it assumes the body may have been decoded by fetch), so the route names
 * its coding in ROUTE_ENCODING_HEADER instead, and the project's own server (lib/http/server.ts) sends that
 * header as `Content-Encoding`. A route encodes only when that server says it is in front (EdgeFacts'
 * `encodingPassthrough`, in-process: no request header can claim it), and answers identity otherwise,
 * leaving compression to the platform (Vercel, or Next's own), so an answer is never mislabelled.
 */
export const ROUTE_ENCODING_HEADER = "x-console-content-encoding";
