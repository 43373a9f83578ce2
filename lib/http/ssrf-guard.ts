import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Which addresses a server-side request made on a member's behalf (a replayed webhook) may reach. A console
 * that POSTs to any URL is a way into the network it runs in (a cloud's metadata service at 169.254.169.254,
 * a database on 10.x, the host's own loopback), so only public unicast addresses pass unless the deployment
 * says otherwise. The ranges are ipaddr.js's (kept up to date with the IANA special-purpose registries),
 * not a hand-written list.
 */

/** A resolver: every address of a host name, as `dns.lookup(host, { all: true })` answers. */
export type Resolve = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolve: Resolve = (hostname) =>
  dnsLookup(hostname, { all: true, verbatim: true });

/** Words for ipaddr.js's range names, as a member reads them in a refusal. */
const RANGE_WORDS: Record<string, string> = {
  unspecified: "an unspecified address",
  broadcast: "a broadcast address",
  multicast: "a multicast address",
  linkLocal: "a link-local address (such as a cloud metadata service)",
  loopback: "a loopback address (this server itself)",
  carrierGradeNat: "a carrier-grade NAT address (100.64.0.0/10)",
  private: "a private network address",
  uniqueLocal: "a unique-local IPv6 address (fc00::/7)",
  reserved: "a reserved address",
  benchmarking: "a benchmarking address",
  teredo: "a Teredo tunnel address",
  amt: "an AMT address",
  as112: "an AS112 address",
  as112v6: "an AS112 address",
  deprecated: "a deprecated address",
  orchid2: "an ORCHID address",
  droneRemoteIdProtocolEntityTags: "a reserved address",
  rfc6145: "an IPv4-translated address",
};

/**
 * IPv6 forms that carry an IPv4 address, which is what a connection ends up reaching: IPv4-mapped
 * (::ffff:a.b.c.d), NAT64 (64:ff9b::/96) and 6to4 (2002:aabb:ccdd::/48). They are judged by that address.
 */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const range = address.range();
  if (range === "ipv4Mapped") return address.toIPv4Address();
  const parts = address.parts;
  if (range === "rfc6052") {
    return new ipaddr.IPv4([parts[6]! >> 8, parts[6]! & 0xff, parts[7]! >> 8, parts[7]! & 0xff]);
  }
  if (range === "6to4") {
    return new ipaddr.IPv4([parts[1]! >> 8, parts[1]! & 0xff, parts[2]! >> 8, parts[2]! & 0xff]);
  }
  return null;
}

/**
 * Why an address must not be reached, in words, or null for a public unicast address. Anything that is not
 * plain unicast is refused, ranges added to ipaddr.js later included.
 */
export function nonPublicReason(address: string): string | null {
  if (!ipaddr.isValid(address)) return "not an IP address";
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6") {
    const inner = embeddedIpv4(parsed as ipaddr.IPv6);
    if (inner) {
      const reason = nonPublicReason(inner.toString());
      return reason ? `${reason}, written in an IPv6 form` : null;
    }
  }
  const range = parsed.range();
  if (range === "unicast") return null;
  return RANGE_WORDS[range] ?? `a special-purpose address (${range})`;
}

export type TargetDecision =
  | {
      allowed: true;
      url: URL;
      /** The address to connect to: the one that was checked, so a second lookup cannot change it. */
      address: string;
      family: 4 | 6;
      /** Why a non-public address was allowed, when one was. */
      exemption: "own-receiver" | "allow-flag" | null;
    }
  | { allowed: false; reason: string };

export interface TargetPolicy {
  /** ALLOW_PRIVATE_REPLAY_TARGETS: any address may be reached (the simulator, tests, a private network). */
  allowPrivate: boolean;
  /** This console's own receiver, which may be reached even on a private address (a local deployment). */
  isOwnReceiver: (url: URL) => boolean;
  resolve?: Resolve;
}

function refuse(reason: string): TargetDecision {
  return { allowed: false, reason };
}

/**
 * Decides whether `raw` may be requested, before any connection is made: only http and https, the host
 * resolved once (every address it has: one private address among public ones is enough to refuse, since the
 * connection could pick it), and the address to connect to returned with the decision.
 */
export async function checkTarget(raw: string, policy: TargetPolicy): Promise<TargetDecision> {
  if (!URL.canParse(raw)) return refuse("The URL is not a valid absolute URL.");
  const url = new URL(raw);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return refuse(`Only http:// and https:// URLs can be replayed to (not ${url.protocol}//).`);
  }
  if (url.username || url.password) {
    return refuse("The URL must not carry a user name or password.");
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await (policy.resolve ?? systemResolve)(host);
    } catch {
      return refuse(`The host ${host} could not be resolved.`);
    }
    if (addresses.length === 0) return refuse(`The host ${host} has no address.`);
  }
  const exemption = policy.isOwnReceiver(url)
    ? "own-receiver"
    : policy.allowPrivate
      ? "allow-flag"
      : null;
  let exempted = false;
  for (const { address } of addresses) {
    const reason = nonPublicReason(address);
    if (!reason) continue;
    if (!exemption) {
      const named = isIP(host) ? address : `${host} resolves to ${address}`;
      return refuse(
        `Refused: ${named} is ${reason}. Replays go to public addresses only, unless the URL is this ` +
          "console's own receiver or the server sets ALLOW_PRIVATE_REPLAY_TARGETS.",
      );
    }
    exempted = true;
  }
  const chosen = addresses[0]!;
  return {
    allowed: true,
    url,
    address: chosen.address,
    family: chosen.family === 6 ? 6 : 4,
    exemption: exempted ? exemption : null,
  };
}
