import { gunzipSync } from "node:zlib";

/**
 * Bodies sent with `Content-Encoding: gzip` are decoded for analysis and display, never for storing (the
 * exact bytes are kept). The decoded size is capped: a few KB of gzip can expand to gigabytes (a "gzip
 * bomb"), so decoding stops at DECODED_BODY_MAX_BYTES and the body is reported as too large to decode.
 */
export const DECODED_BODY_MAX_BYTES = 4 * 1024 * 1024;

export type DecodedBody =
  | { kind: "identity" }
  | { kind: "decoded"; coding: "gzip"; bytes: Buffer }
  | { kind: "too_large"; coding: "gzip" }
  | { kind: "invalid"; coding: "gzip" }
  | { kind: "unsupported"; coding: string };

export function decodeContentEncoding(
  body: Buffer,
  contentEncoding: string | null,
  maxBytes = DECODED_BODY_MAX_BYTES,
): DecodedBody {
  const coding = contentEncoding?.trim().toLowerCase() ?? "";
  if (coding === "" || coding === "identity") return { kind: "identity" };
  if (coding !== "gzip" && coding !== "x-gzip")
    return { kind: "unsupported", coding: coding.slice(0, 40) };
  try {
    return {
      kind: "decoded",
      coding: "gzip",
      bytes: gunzipSync(body, { maxOutputLength: maxBytes }),
    };
  } catch (error) {
    const code = (error as { code?: string }).code;
    return code === "ERR_BUFFER_TOO_LARGE"
      ? { kind: "too_large", coding: "gzip" }
      : { kind: "invalid", coding: "gzip" };
  }
}
