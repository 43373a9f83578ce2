import type { ServerEnv } from "@/lib/env-schema";
import { edgeFacts } from "./edge-facts";

/**
 * The one way this app learns a client's address (sign-in limits, the receiver's stored deliveries).
 * X-Forwarded-For is trusted only as far as the deployment says a proxy of its own wrote it:
 * - on Vercel (VERCEL=1), `x-real-ip`, which Vercel's edge sets from the connection and never passes through;
 * - with TRUSTED_PROXY_HOPS=N, the N-th X-Forwarded-For entry from the right (each trusted proxy appends
 *   the address it saw; entries further left were written by whoever connected first and can be forged);
 * - otherwise the TCP peer, which the project's own server hands to route handlers in-process
 *   (lib/http/edge-facts.ts: Next 16 gives route handlers no socket). No request header is ever read for it.
 */
export type ProxyTrust = { kind: "vercel" } | { kind: "hops"; hops: number } | { kind: "socket" };

export function proxyTrust(env: Pick<ServerEnv, "VERCEL" | "TRUSTED_PROXY_HOPS">): ProxyTrust {
  if (env.VERCEL) return { kind: "vercel" };
  if (env.TRUSTED_PROXY_HOPS > 0) return { kind: "hops", hops: env.TRUSTED_PROXY_HOPS };
  return { kind: "socket" };
}

/** The client's address, or null when the trusted source said nothing. */
export function clientAddress(headers: Headers, trust: ProxyTrust): string | null {
  let address: string | undefined;
  if (trust.kind === "vercel") {
    address = headers.get("x-real-ip")?.trim();
  } else if (trust.kind === "hops") {
    const hops = (headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    // Fewer entries than trusted proxies: the request skipped one, so the left-most is all we have.
    address = hops.length >= trust.hops ? hops[hops.length - trust.hops] : hops[0];
  } else {
    address = edgeFacts()?.peerAddress;
  }
  if (!address) return null;
  // An IPv4 peer on a dual-stack socket reads "::ffff:1.2.3.4"; one address, one spelling.
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "").slice(0, 100);
}
