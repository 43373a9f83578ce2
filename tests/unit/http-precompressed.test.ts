import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { ifNoneMatchMatches, negotiateCoding } from "@/lib/http/content-coding";
import { encodeGzip, encodeHead, PrecompressedDocument } from "@/lib/http/precompressed";

/** A head like a snapshot's: thousands of rows, non-ASCII text included. */
function head(rows: number, seed = "") {
  const projects = Array.from({ length: rows }, (_, i) => ({
    id: `p-${i}${seed}`,
    name: `Bâtiment ${i} — 北 ${i % 97}`,
    town: ["Leeds", "Zürich", "Kraków"][i % 3],
  }));
  return `{"projects":${JSON.stringify(projects)},`;
}

function decode(bytes: Buffer, coding: "br" | "gzip" | "identity") {
  if (coding === "br") return zlib.brotliDecompressSync(bytes).toString("utf8");
  if (coding === "gzip") return zlib.gunzipSync(bytes).toString("utf8");
  return bytes.toString("utf8");
}

/** A document as the instance that stores a snapshot encodes it. */
async function documentOf(text: string) {
  return new PrecompressedDocument(await encodeHead(text));
}

describe("PrecompressedDocument", () => {
  const tails = [
    '"fetchedAt":"2026-01-01T00:00:00.000Z","stale":false}',
    '"fetchedAt":"2026-01-01T00:00:00.000Z","stale":true,"error":{"code":"upstream_unavailable","message":"Ça ne répond pas"}}',
    // Longer than one uncompressed brotli meta-block (64 KiB).
    `"stale":true,"note":"${"é".repeat(50_000)}"}`,
  ];

  it.each(["br", "gzip", "identity"] as const)(
    "%s: head + tail decode to exactly the JSON, for every tail",
    async (coding) => {
      const text = head(5_000);
      const document = await documentOf(text);
      for (const tail of tails) {
        const bytes = await document.body(tail, coding);
        expect(decode(bytes, coding)).toBe(text + tail);
        JSON.parse(decode(bytes, coding));
      }
    },
  );

  it("a head of several deflate slices (100,000 projects' size) decodes whole, and as small as one stream", async () => {
    const text = head(150_000);
    expect(Buffer.byteLength(text)).toBeGreaterThan(2 * 4 * 1024 * 1024);
    // Without its brotli stream yet, as a snapshot's first answer: the plain head comes from the slices too.
    const document = new PrecompressedDocument(await encodeGzip(text));
    expect(document.codings).toEqual(["gzip", "identity"]);
    const gzip = await document.body(tails[1]!, "gzip");
    expect(decode(gzip, "gzip")).toBe(text + tails[1]);
    expect((await document.body(tails[1]!, "identity")).toString("utf8")).toBe(text + tails[1]);
    const oneStream = zlib.gzipSync(text + tails[1], { level: 6 }).length;
    expect(gzip.length).toBeLessThan(oneStream * 1.01);
  });

  it("compresses the head (the tail is appended as it is)", async () => {
    const document = await documentOf(head(5_000));
    const identity = await document.body(tails[0]!, "identity");
    expect((await document.body(tails[0]!, "gzip")).length).toBeLessThan(identity.length / 4);
    expect((await document.body(tails[0]!, "br")).length).toBeLessThan(identity.length / 4);
  });

  it("gives each coding its own strong tag, stable for the same bytes", async () => {
    const document = await documentOf(head(100));
    const tags = (["br", "gzip", "identity"] as const).map((c) => document.etag(tails[0]!, c));
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) expect(tag).toMatch(/^"[A-Za-z0-9_.-]+"$/);
    expect((await documentOf(head(100))).etag(tails[0]!, "br")).toBe(tags[0]);
  });

  it("changes the tag when the snapshot (head) or the tail changes", async () => {
    const a = await documentOf(head(100));
    const b = await documentOf(head(100, "x"));
    expect(a.etag(tails[0]!, "gzip")).not.toBe(b.etag(tails[0]!, "gzip"));
    expect(a.etag(tails[0]!, "gzip")).not.toBe(a.etag(tails[1]!, "gzip"));
  });

  it("hands concurrent requests for one coding the same bytes", async () => {
    const document = await documentOf(head(2_000));
    const [x, y] = await Promise.all([
      document.body(tails[0]!, "br"),
      document.body(tails[0]!, "br"),
    ]);
    expect(x).toBe(y);
  });
});

describe("negotiateCoding", () => {
  it.each([
    [null, "identity"],
    ["", "identity"],
    ["gzip, deflate, br", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["x-gzip", "gzip"],
    ["deflate", "identity"],
    ["br;q=0, gzip;q=0.5", "gzip"],
    ["gzip;q=1, br;q=0.9", "gzip"],
    ["*", "br"],
    ["*;q=0.5, br;q=0", "gzip"],
    ["identity", "identity"],
    ["BR", "br"],
    ["gzip;q=0, br;q=0", "identity"],
    ["*;q=0", "identity"],
  ] as const)("Accept-Encoding %j → %s", (header, coding) => {
    expect(negotiateCoding(header)).toBe(coding);
  });
});

describe("ifNoneMatchMatches", () => {
  const tag = '"abc-def.br"';
  it.each([
    [null, false],
    ["", false],
    ['"abc-def.br"', true],
    ['W/"abc-def.br"', true],
    ['"other", "abc-def.br"', true],
    ['"abc-def.gz"', false],
    ['"abc-def"', false],
    ['"abc-old.br"', false],
    ["*", true],
    ["abc-def.br", false],
  ] as const)("If-None-Match %j → %s", (header, matches) => {
    expect(ifNoneMatchMatches(header, tag)).toBe(matches);
  });
});
