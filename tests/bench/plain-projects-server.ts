/**
 * The floor of `npm run bench -- projects.bench`, for the record: a plain Node HTTP server (no framework,
 * no session, no proxy) answering the very bytes /api/projects sent, read from a folder
 * (`<coding>.bin` and `etags.json`), with the same negotiation and 304s. Run as a process of its own so
 * that its CPU time can be read apart from the app's: `tsx plain-projects-server.ts <folder> <port>`.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import {
  ifNoneMatchMatches,
  negotiateCoding,
  type ContentCoding,
} from "../../lib/http/content-coding";

const [dir, port] = process.argv.slice(2);
const codings: ContentCoding[] = ["br", "gzip", "identity"];
const etags = JSON.parse(fs.readFileSync(path.join(dir!, "etags.json"), "utf8")) as Record<
  ContentCoding,
  string
>;
const bodies = Object.fromEntries(
  codings.map((coding) => [coding, fs.readFileSync(path.join(dir!, `${coding}.bin`))]),
) as Record<ContentCoding, Buffer>;

http
  .createServer((req, res) => {
    const coding = negotiateCoding(req.headers["accept-encoding"] ?? null);
    const headers: Record<string, string | number> = {
      ETag: etags[coding],
      Vary: "Accept-Encoding",
      "Cache-Control": "private, no-cache, no-transform",
    };
    if (ifNoneMatchMatches(req.headers["if-none-match"] ?? null, etags[coding])) {
      res.writeHead(304, headers).end();
      return;
    }
    if (coding !== "identity") headers["Content-Encoding"] = coding;
    headers["Content-Type"] = "application/json; charset=utf-8";
    headers["Content-Length"] = bodies[coding].length;
    res.writeHead(200, headers).end(bodies[coding]);
  })
  .listen(Number(port), "127.0.0.1", () => console.log("listening"));
