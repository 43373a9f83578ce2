import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { ContentCoding } from "./content-coding";

const deflateRaw = promisify(zlib.deflateRaw);
const inflateRaw = promisify(zlib.inflateRaw);
const brotliCompress = promisify(zlib.brotliCompress);
const brotliDecompress = promisify(zlib.brotliDecompress);

/** gzip member header: deflate, no file name, no time stamp, OS unknown (RFC 1952 §2.3). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** A brotli meta-block with ISLAST and ISLASTEMPTY set, byte-padded: the end of a stream (RFC 7932 §9.2). */
const BROTLI_END = Buffer.from([0x03]);
/** An uncompressed brotli meta-block holds at most 2^16 bytes with a four-nibble length. */
const BROTLI_STORED_MAX = 1 << 16;
const BROTLI_QUALITY = 5;
/** 100,000 projects (22.7 MB) make six slices: four deflated at once in libuv's pool of four threads. */
const DEFLATE_SLICE_BYTES = 4 * 1024 * 1024;

function hash(data: Buffer | string, length: number): string {
  return createHash("sha256").update(data).digest("base64url").slice(0, length);
}

/**
 * The head of a document (below) encoded once, by whoever stores it: its tag and length, its raw deflate
 * stream ended with a sync flush (byte-aligned, not final) with the CRC-32 of its bytes, and its brotli stream
 * flushed (byte-aligned, not final). Stored beside the snapshot, so that no other instance compresses it again;
 * the head's own UTF-8 bytes are not stored: decoding either stream gives them back.
 */
export interface EncodedHead extends GzipHead {
  brotli: Buffer;
}

/** The head's tag, length and deflate stream: what its first answer waits for (brotli takes 4 times as long). */
export interface GzipHead {
  tag: string;
  length: number;
  gzip: Buffer;
  gzipCrc: number;
}

/**
 * A head as a reader has it: the brotli stream may be missing (not made yet, `encodeBrotli`), and the deflate
 * stream may be read only when a client asks for gzip (a function that reads it), since a reader with the
 * brotli stream rarely needs it.
 */
export interface HeadCodings extends Omit<GzipHead, "gzip"> {
  gzip: Buffer | (() => Promise<Buffer>);
  brotli?: Buffer;
}

/** Encodes `head` as deflate, in libuv's thread pool, not on the request thread. */
export async function encodeGzip(head: string | Buffer): Promise<GzipHead> {
  const bytes = typeof head === "string" ? Buffer.from(head, "utf8") : head;
  // Slices deflated side by side in the thread pool, each ended with a sync flush (byte-aligned, not final),
  // make one valid stream when joined: a slice only starts without the last 32 KiB before it to refer to.
  const slices: Buffer[] = [];
  for (let at = 0; at < bytes.length || at === 0; at += DEFLATE_SLICE_BYTES) {
    slices.push(bytes.subarray(at, at + DEFLATE_SLICE_BYTES));
  }
  const deflated = await Promise.all(
    slices.map((slice) =>
      deflateRaw(slice, { level: 6, finishFlush: zlib.constants.Z_SYNC_FLUSH }),
    ),
  );
  return {
    tag: hash(bytes, 22),
    length: bytes.length,
    gzip: Buffer.concat(deflated),
    gzipCrc: zlib.crc32(bytes),
  };
}

/** Encodes `head` as a flushed brotli stream, in libuv's thread pool. */
export function encodeBrotli(head: string | Buffer): Promise<Buffer> {
  const bytes = typeof head === "string" ? Buffer.from(head, "utf8") : head;
  return brotliCompress(bytes, {
    finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/** Both encodings of `head`, made side by side. */
export async function encodeHead(head: string): Promise<EncodedHead> {
  const bytes = Buffer.from(head, "utf8");
  const [gzip, brotli] = await Promise.all([encodeGzip(bytes), encodeBrotli(bytes)]);
  return { ...gzip, brotli };
}

/**
 * A large document whose head never changes (the projects of one snapshot) followed by a short tail that
 * may (when it was fetched, whether it is stale, the error): the head comes encoded (`encodeHead`), and each
 * answer only appends its tail to the encoding it needs.
 *
 * Both formats allow it without decompressing anything: the tail is deflated on its own after the head's
 * sync-flushed deflate stream, the gzip CRC-32 continued over the tail; after the head's flushed brotli
 * stream the tail follows as uncompressed meta-blocks and an empty last one. A tail is a few hundred bytes:
 * nothing is lost by not compressing it. The head's plain bytes are decoded on first need only (a client
 * that takes neither gzip nor brotli, a first screen computed from the list), from brotli when there is
 * one; an assembled answer is kept for the latest tail.
 */
export class PrecompressedDocument {
  private identityHead: Promise<Buffer> | undefined;
  private gzipHead: Promise<Buffer> | undefined;
  private latest:
    { tail: string; tag: string; bodies: Map<ContentCoding, Promise<Buffer>> } | undefined;

  constructor(private readonly encoded: HeadCodings) {}

  /** The head's tag: the same bytes, the same tag, whichever instance encoded them. */
  get tag(): string {
    return this.encoded.tag;
  }

  /** The codings this document can answer in, best first (no brotli until its stream is made). */
  get codings(): readonly ContentCoding[] {
    return this.encoded.brotli ? ["br", "gzip", "identity"] : ["gzip", "identity"];
  }

  /** The head as text (decoded once, shared by every caller). */
  async headText(): Promise<string> {
    return (await this.head()).toString("utf8");
  }

  /**
   * The strong ETag of the head + `tail` in `coding`: the same bytes always get the same tag, and each
   * coding its own (RFC 9110 §8.8.3: strong tags differ between representations).
   */
  etag(tail: string, coding: ContentCoding): string {
    const suffix = coding === "identity" ? "" : coding === "gzip" ? ".gz" : ".br";
    return `"${this.representation(tail).tag}${suffix}"`;
  }

  /** The bytes of head + `tail` in `coding` (one of `codings`). */
  body(tail: string, coding: ContentCoding): Promise<Buffer> {
    const { bodies } = this.representation(tail);
    let body = bodies.get(coding);
    if (!body) {
      body = this.assemble(Buffer.from(tail, "utf8"), coding);
      bodies.set(coding, body);
      // A failed read (of the deflate stream) is not kept: the next answer tries again.
      body.catch(() => bodies.delete(coding));
    }
    return body;
  }

  private gzip(): Promise<Buffer> {
    const { gzip } = this.encoded;
    if (Buffer.isBuffer(gzip)) return Promise.resolve(gzip);
    const read = (this.gzipHead ??= gzip());
    read.catch(() => {
      if (this.gzipHead === read) this.gzipHead = undefined;
    });
    return read;
  }

  private head(): Promise<Buffer> {
    const { brotli } = this.encoded;
    this.identityHead ??= brotli
      ? brotliDecompress(brotli, { finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH })
      : this.gzip().then((gzip) => inflateRaw(gzip, { finishFlush: zlib.constants.Z_SYNC_FLUSH }));
    return this.identityHead;
  }

  private representation(tail: string) {
    if (this.latest?.tail !== tail) {
      this.latest = { tail, tag: `${this.encoded.tag}-${hash(tail, 11)}`, bodies: new Map() };
    }
    return this.latest;
  }

  private async assemble(tail: Buffer, coding: ContentCoding): Promise<Buffer> {
    if (coding === "identity") return Buffer.concat([await this.head(), tail]);
    if (coding === "gzip") {
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(zlib.crc32(tail, this.encoded.gzipCrc), 0);
      trailer.writeUInt32LE((this.encoded.length + tail.length) % 2 ** 32, 4);
      return Buffer.concat([GZIP_HEADER, await this.gzip(), zlib.deflateRawSync(tail), trailer]);
    }
    const { brotli } = this.encoded;
    if (!brotli)
      throw new Error("this document has no brotli stream yet: answer in one of `codings`");
    return Buffer.concat([brotli, ...brotliStored(tail), BROTLI_END]);
  }
}

/**
 * `data` as uncompressed brotli meta-blocks (RFC 7932 §9.2), read least significant bit first: ISLAST = 0,
 * MNIBBLES = 0 (four nibbles), MLEN - 1 in 16 bits, ISUNCOMPRESSED = 1, zero padding to the byte, the bytes.
 */
function brotliStored(data: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  for (let at = 0; at < data.length; at += BROTLI_STORED_MAX) {
    const chunk = data.subarray(at, at + BROTLI_STORED_MAX);
    const bits = ((chunk.length - 1) << 3) | (1 << 19);
    parts.push(Buffer.from([bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff]), chunk);
  }
  return parts;
}
