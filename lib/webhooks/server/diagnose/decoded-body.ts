import { decodeContentEncoding } from "./content-encoding";
import { lookupHeaders } from "@/lib/signing/headers";

/** A gzip body decoded for display (capped like the analysis), beside the exact bytes the API returns. */
export interface DecodedBodyView {
  contentEncoding: "gzip";
  encoding: "utf8" | "base64";
  content: string;
  size: number;
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

export function decodedBodyView(body: Buffer, headers: [string, string][]): DecodedBodyView | null {
  const decoded = decodeContentEncoding(body, lookupHeaders(headers)("content-encoding"));
  if (decoded.kind !== "decoded") return null;
  const { bytes } = decoded;
  try {
    return {
      contentEncoding: "gzip",
      encoding: "utf8",
      content: utf8.decode(bytes),
      size: bytes.length,
    };
  } catch {
    return {
      contentEncoding: "gzip",
      encoding: "base64",
      content: bytes.toString("base64"),
      size: bytes.length,
    };
  }
}
