import http from "node:http";
import type { AddressInfo } from "node:net";

/** One request as it arrived: the raw header list keeps order, case and repeats, which the senders' tests check. */
export interface RecordedRequest {
  /** `performance.now()` when the body had arrived, for the senders' backoff. */
  at: number;
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  rawHeaders: string[];
  body: Buffer;
}

/** How the server answers a recorded request; by default `200 ok`. Not answering at all is allowed. */
export type Answer = (
  request: RecordedRequest,
  req: http.IncomingMessage,
  res: http.ServerResponse,
) => void;

export interface RecordingServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  /** Every request, oldest first; tests may empty it (`seen.length = 0`) between cases. */
  seen: RecordedRequest[];
  /** Ends open connections too (a request that was never answered would keep `close` waiting). */
  close(): Promise<void>;
}

/**
 * A real HTTP server on loopback (the only address tests send to) that records what the code under test
 * sent, for the outbound senders: the replay, "Copy as curl/fetch" run for real, the webhook sender.
 */
export async function startRecordingServer(
  answer: Answer = (_request, _req, res) => void res.end("ok"),
): Promise<RecordingServer> {
  const seen: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request: RecordedRequest = {
        at: performance.now(),
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        rawHeaders: req.rawHeaders,
        body: Buffer.concat(chunks),
      };
      seen.push(request);
      answer(request, req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    seen,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A loopback port nothing listens on any more (just closed), for "connection refused". */
export async function closedLoopbackPort(): Promise<number> {
  const server = await startRecordingServer();
  await server.close();
  return server.port;
}
