/**
 * What the MCP server returns of a delivery's body: at most `maxBytes` of its first bytes, as text when those
 * are valid UTF-8, else as base64, saying which, how big the whole body is and whether it was cut. A model's
 * context is small beside a 1 MiB body, and an agent that needs the rest asks again with a larger bound.
 * Pure, so its promises (a prefix of the exact bytes, never more than the bound, a character never split)
 * are proven by a property test (tests/unit/mcp-body-excerpt.test.ts).
 */
export interface BodyExcerpt {
  /** How `content` is written: `utf8` text, or `base64` when the bytes are not valid UTF-8. */
  encoding: "utf8" | "base64";
  content: string;
  /** The whole body's size in bytes. */
  size: number;
  /** How many of the body's first bytes `content` holds. */
  returnedBytes: number;
  /** `returnedBytes` < `size`: the rest was left out. */
  truncated: boolean;
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
/** A UTF-8 character is at most 4 bytes: a cut inside one moves back at most 3. */
const MAX_CONTINUATION_BYTES = 3;

function isContinuation(byte: number): boolean {
  return (byte & 0xc0) === 0x80;
}

function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

export function bodyExcerpt(bytes: Uint8Array, maxBytes: number): BodyExcerpt {
  const size = bytes.length;
  let cut = Math.min(size, Math.max(0, Math.floor(maxBytes)));
  // A text body is cut between characters, so that what is returned still reads as text.
  const floor = Math.max(0, cut - MAX_CONTINUATION_BYTES);
  while (cut < size && cut > floor && isContinuation(bytes[cut]!)) cut -= 1;
  const text = decodeUtf8(bytes.subarray(0, cut));
  if (text !== null) {
    return { encoding: "utf8", content: text, size, returnedBytes: cut, truncated: cut < size };
  }
  const returned = Math.min(size, Math.max(0, Math.floor(maxBytes)));
  return {
    encoding: "base64",
    content: Buffer.from(bytes.subarray(0, returned)).toString("base64"),
    size,
    returnedBytes: returned,
    truncated: returned < size,
  };
}
