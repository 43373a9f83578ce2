/**
 * The bodies a sender may have signed instead of the bytes that arrived: the same payload with a trailing
 * newline added or removed, other line endings, a byte-order mark, or the JSON re-encoded the way common
 * serializers write it. A signature that matches one of them says how the body changed between signing and
 * sending (a framework re-serializing, a proxy, a pretty-printer).
 */
export interface BodyVariant {
  code: string;
  /** What the sender signed, completing "The signature matches …". */
  label: string;
  bytes: Buffer;
}

/** Re-encoding is tried for bodies up to this size (each variant costs a few HMACs of its length). */
const MAX_REENCODED_BYTES = 1024 * 1024;
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function escapeNonAscii(json: string): string {
  return json.replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** JSON text with `", "` and `": "` separators, as Python's json.dumps writes it by default. */
function pythonStyle(value: unknown): string {
  // With an indent, JSON.stringify writes ": " and only its own line breaks (those in strings are escaped):
  // folding each break and its indentation gives Python's single-line form.
  const indented = JSON.stringify(value, null, 1);
  return escapeNonAscii(indented.replace(/,\n */g, ", ").replace(/\n */g, ""));
}

function reencodings(value: unknown): { code: string; label: string; text: string }[] {
  const compact = JSON.stringify(value);
  return [
    { code: "json_compact", label: "the same JSON without whitespace", text: compact },
    {
      code: "json_pretty_2",
      label: "the same JSON pretty-printed with 2 spaces",
      text: JSON.stringify(value, null, 2),
    },
    {
      code: "json_pretty_4",
      label: "the same JSON pretty-printed with 4 spaces",
      text: JSON.stringify(value, null, 4),
    },
    {
      code: "json_python",
      label: 'the same JSON as Python\'s json.dumps writes it (", " and ": ", non-ASCII escaped)',
      text: pythonStyle(value),
    },
    {
      code: "json_ascii",
      label: "the same JSON with non-ASCII characters escaped (\\uXXXX)",
      text: escapeNonAscii(compact),
    },
    {
      code: "json_php",
      label: "the same JSON as PHP's json_encode writes it (\\/ and \\uXXXX escapes)",
      text: escapeNonAscii(compact).replace(/\//g, "\\/"),
    },
  ];
}

export function bodyVariants(body: Buffer): BodyVariant[] {
  const variants: BodyVariant[] = [];
  const seen = new Set<string>([body.toString("base64")]);
  const add = (code: string, label: string, bytes: Buffer) => {
    const key = bytes.toString("base64");
    if (seen.has(key)) return;
    seen.add(key);
    variants.push({ code, label, bytes });
  };
  const text = (() => {
    try {
      return utf8.decode(body);
    } catch {
      return null;
    }
  })();

  if (text !== null && /\r?\n$/.test(text)) {
    add(
      "no_trailing_newline",
      "the body without its trailing newline",
      Buffer.from(text.replace(/(\r?\n)+$/, ""), "utf8"),
    );
  } else {
    add(
      "trailing_newline",
      "the body with a trailing newline",
      Buffer.concat([body, Buffer.from("\n")]),
    );
    add(
      "trailing_crlf",
      "the body with a trailing CRLF",
      Buffer.concat([body, Buffer.from("\r\n")]),
    );
  }
  if (text === null) return variants;
  if (text.includes("\r\n")) {
    add(
      "lf_line_endings",
      "the body with LF line endings instead of CRLF",
      Buffer.from(text.replace(/\r\n/g, "\n"), "utf8"),
    );
  } else if (text.includes("\n")) {
    add(
      "crlf_line_endings",
      "the body with CRLF line endings instead of LF",
      Buffer.from(text.replace(/\n/g, "\r\n"), "utf8"),
    );
  }
  const json = text.startsWith("\uFEFF") ? text.slice(1) : text;
  if (json !== text)
    add("no_bom", "the body without its byte-order mark", Buffer.from(json, "utf8"));
  if (body.length > MAX_REENCODED_BYTES) return variants;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return variants;
  }
  try {
    for (const { code, label, text: encoded } of reencodings(value)) {
      add(code, label, Buffer.from(encoded, "utf8"));
    }
  } catch {
    // Too deep to stringify again (RangeError): a sender cannot have re-encoded it either.
  }
  return variants;
}
