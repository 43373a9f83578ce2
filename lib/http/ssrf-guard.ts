import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Which addresses a server-side request made on a member's behalf (a replayed webhook) may reach. A console
 * that POSTs to any URL is a way into the network it runs in (a cloud's metadata service at 169.254.169.254,
 * a database on 10.x, the host's own loopback), so only public unicast addresses pass unless the deployment
 * says otherwise. The ranges are ipaddr.js's (kept up to date with the IANA special-purpose registries),
 * plus the few it calls unicast (UNLISTED_IPV6_RANGES); tests/unit/ssrf-guard.test.ts checks every
 * registry row that is not globally reachable, in every spelling a URL accepts.
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
  discard: "a discard-only address (100::/64)",
  segmentRouting: "an SRv6 segment identifier (5f00::/16)",
  deprecatedSiteLocal: "a site-local IPv6 address (fec0::/10, deprecated)",
  deprecatedOrchid: "an ORCHID address (deprecated)",
};

/**
 * Special-purpose IPv6 blocks, not globally reachable, that ipaddr.js 2.x calls unicast or reads as carrying
 * a public IPv4 address. `::/96` (IPv4-compatible, deprecated) is not the IPv4-mapped form: nothing
 * translates it, and `[::127.0.0.1]` or `[::a9fe:a9fe]` must not pass as "public".
 */
const UNLISTED_IPV6_RANGES: { range: [ipaddr.IPv6, number]; words: string }[] = [
  {
    range: ipaddr.IPv6.parseCIDR("::/96"),
    words: "an IPv4-compatible IPv6 address (::/96, deprecated)",
  },
  {
    range: ipaddr.IPv6.parseCIDR("64:ff9b:1::/48"),
    words: "a local-use NAT64 address (64:ff9b:1::/48)",
  },
  {
    range: ipaddr.IPv6.parseCIDR("100:0:0:1::/64"),
    words: "a dummy IPv6 address (100:0:0:1::/64)",
  },
];

/**
 * The address in the one spelling that decides where a connection goes: the WHATWG URL parser's (the one
 * fetch uses). It turns `2852039166`, `0xa9fea9fe` or `0251.0376.0251.0376` into `169.254.169.254`, and an
 * IPv6 dotted tail into hex, which ipaddr.js would misread (`::127.0.0.1` as the IPv4-mapped form).
 */
function canonicalAddress(address: string): string | null {
  const host = address.includes(":") ? `[${address}]` : address;
  if (!URL.canParse(`http://${host}/`)) return null;
  const name = new URL(`http://${host}/`).hostname.replace(/^\[(.*)\]$/, "$1");
  return isIP(name) ? name : null;
}

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
  const canonical = canonicalAddress(address);
  if (!canonical || !ipaddr.isValid(canonical)) return "not an IP address";
  const parsed = ipaddr.parse(canonical);
  if (parsed.kind() === "ipv6") {
    const v6 = parsed as ipaddr.IPv6;
    const named = v6.range();
    // :: and ::1 sit inside ::/96 but have names of their own.
    if (named !== "unspecified" && named !== "loopback") {
      const unlisted = UNLISTED_IPV6_RANGES.find(({ range }) => v6.match(range));
      if (unlisted) return unlisted.words;
    }
    const inner = embeddedIpv4(v6);
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
  /** What the refusal says goes to public addresses only: "Replays" unless said otherwise ("Handler checks"). */
  requests?: string;
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
        `Refused: ${named} is ${reason}. ${policy.requests ?? "Replays"} go to public addresses only, unless the URL is this ` +
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
