/**
 * Reads a request body once, as bytes, refusing more than `maxBytes`: a declared Content-Length over the
 * limit is refused before reading, and a body that keeps coming (chunked, or lying about its length) is cut
 * off as soon as it passes the limit, so an oversized body never sits in memory whole.
 */
export type BodyResult = { ok: true; bytes: Buffer } | { ok: false; reason: "too_large" };

export function declaredLengthTooLarge(headers: Headers, maxBytes: number): boolean {
  const declared = headers.get("content-length");
  if (declared === null || !/^\d+$/.test(declared.trim())) return false;
  return Number(declared) > maxBytes;
}

/** A request's body, or a response's (the announced endpoints' watch reads the service's answers so). */
export async function readBodyWithLimit(
  request: Pick<Request, "headers" | "body">,
  maxBytes: number,
): Promise<BodyResult> {
  if (declaredLengthTooLarge(request.headers, maxBytes)) return { ok: false, reason: "too_large" };
  if (!request.body) return { ok: true, bytes: Buffer.alloc(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      return { ok: false, reason: "too_large" };
    }
    chunks.push(value);
  }
  return { ok: true, bytes: Buffer.concat(chunks, total) };
}
