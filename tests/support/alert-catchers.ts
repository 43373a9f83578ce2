import http from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * Real receivers for alert channels, started by the tests: an HTTP catcher (Slack's and a signed webhook's
 * stand-in) and an SMTP server (smtp-server, the mail server library nodemailer's authors keep).
 */

export interface CaughtRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * `/ok/…` answers 200, `/fail/…` answers 500, `/hang/…` never answers (a channel that times out); every
 * request is kept, in arrival order.
 */
export async function startHttpCatcher(port = 0): Promise<{
  url: (path: string) => string;
  caught: CaughtRequest[];
  close: () => Promise<void>;
}> {
  const caught: CaughtRequest[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      caught.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      if (path.startsWith("/hang/")) return;
      if (path.startsWith("/fail/")) {
        response.writeHead(500, { "content-type": "text/plain" }).end("internal error");
        return;
      }
      response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${bound}${path}`,
    caught,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface CaughtEmail {
  from: string;
  to: string[];
  raw: string;
}

/** An SMTP server that refuses every recipient at `refuse.example` (550) and keeps every email it accepts. */
export async function startSmtpCatcher(port = 0): Promise<{
  port: number;
  emails: CaughtEmail[];
  close: () => Promise<void>;
}> {
  const emails: CaughtEmail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith("@refuse.example")) {
        const error = new Error("No such user here") as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        emails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.server.address() as AddressInfo;
  return {
    port: bound,
    emails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
