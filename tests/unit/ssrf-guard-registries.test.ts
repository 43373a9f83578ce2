import { describe, expect, it } from "vitest";
import { checkTarget, nonPublicReason, type TargetPolicy } from "@/lib/http/ssrf-guard";

/**
 * The replay guard against the IANA special-purpose address registries, row by row. Written out here from
 * the registries (IPv4: RFC 6890 and iana.org/assignments/iana-ipv4-special-registry; IPv6: RFC 6890 and
 * iana-ipv6-special-registry) rather than taken from the library the guard uses, so the library's own gaps
 * show up: every row whose "Globally Reachable" is False, plus the blocks the registries list without that
 * flag (::/96, 2002::/16, 2001::/32) and multicast. Each row has a representative address, and each
 * address is tried in every spelling a URL accepts for it (decimal, octal and hex IPv4, IPv4 inside IPv6,
 * expanded, upper-case and dotted-tail IPv6): the URL parser normalises them all to the same address.
 * Nothing connects anywhere: checkTarget decides before any connection, and no name is resolved.
 */

interface Row {
  block: string;
  name: string;
  rfc: string;
  /** Addresses inside the block that must be refused. */
  samples: string[];
}

// IANA IPv4 Special-Purpose Address Registry: every row with Globally Reachable = False, and the rest of
// what a replay must never reach (multicast: RFC 5771, not in this registry).
const IPV4_ROWS: Row[] = [
  { block: "0.0.0.0/8", name: "This network", rfc: "RFC 791 §3.2", samples: ["0.1.2.3"] },
  {
    block: "0.0.0.0/32",
    name: "This host on this network",
    rfc: "RFC 1122 §3.2.1.3",
    samples: ["0.0.0.0"],
  },
  {
    block: "10.0.0.0/8",
    name: "Private-Use",
    rfc: "RFC 1918",
    samples: ["10.0.0.1", "10.255.255.254"],
  },
  {
    block: "100.64.0.0/10",
    name: "Shared Address Space",
    rfc: "RFC 6598",
    samples: ["100.64.0.1", "100.127.255.254"],
  },
  {
    block: "127.0.0.0/8",
    name: "Loopback",
    rfc: "RFC 1122 §3.2.1.3",
    samples: ["127.0.0.1", "127.255.0.9"],
  },
  {
    block: "169.254.0.0/16",
    name: "Link Local",
    rfc: "RFC 3927",
    samples: ["169.254.169.254", "169.254.0.1"],
  },
  {
    block: "172.16.0.0/12",
    name: "Private-Use",
    rfc: "RFC 1918",
    samples: ["172.16.0.1", "172.31.255.254"],
  },
  {
    block: "192.0.0.0/24",
    name: "IETF Protocol Assignments",
    rfc: "RFC 6890 §2.1",
    samples: ["192.0.0.1", "192.0.0.200"],
  },
  {
    block: "192.0.0.0/29",
    name: "IPv4 Service Continuity Prefix",
    rfc: "RFC 7335",
    samples: ["192.0.0.2"],
  },
  { block: "192.0.0.8/32", name: "IPv4 dummy address", rfc: "RFC 7600", samples: ["192.0.0.8"] },
  {
    block: "192.0.0.170/32",
    name: "NAT64/DNS64 Discovery",
    rfc: "RFC 8880 / RFC 7050 §2.2",
    samples: ["192.0.0.170"],
  },
  {
    block: "192.0.0.171/32",
    name: "NAT64/DNS64 Discovery",
    rfc: "RFC 8880 / RFC 7050 §2.2",
    samples: ["192.0.0.171"],
  },
  {
    block: "192.0.2.0/24",
    name: "Documentation (TEST-NET-1)",
    rfc: "RFC 5737",
    samples: ["192.0.2.10"],
  },
  {
    block: "192.88.99.0/24",
    name: "Deprecated (6to4 Relay Anycast)",
    rfc: "RFC 7526",
    samples: ["192.88.99.1"],
  },
  {
    block: "192.168.0.0/16",
    name: "Private-Use",
    rfc: "RFC 1918",
    samples: ["192.168.0.1", "192.168.255.254"],
  },
  {
    block: "198.18.0.0/15",
    name: "Benchmarking",
    rfc: "RFC 2544",
    samples: ["198.18.0.1", "198.19.255.254"],
  },
  {
    block: "198.51.100.0/24",
    name: "Documentation (TEST-NET-2)",
    rfc: "RFC 5737",
    samples: ["198.51.100.7"],
  },
  {
    block: "203.0.113.0/24",
    name: "Documentation (TEST-NET-3)",
    rfc: "RFC 5737",
    samples: ["203.0.113.7"],
  },
  {
    block: "240.0.0.0/4",
    name: "Reserved",
    rfc: "RFC 1112 §4",
    samples: ["240.0.0.1", "255.255.255.254"],
  },
  {
    block: "255.255.255.255/32",
    name: "Limited Broadcast",
    rfc: "RFC 8190 / RFC 919 §7",
    samples: ["255.255.255.255"],
  },
  {
    block: "224.0.0.0/4",
    name: "Multicast",
    rfc: "RFC 5771",
    samples: ["224.0.0.251", "239.255.255.250"],
  },
];

// IANA IPv6 Special-Purpose Address Registry: every row with Globally Reachable = False, the blocks it
// lists as N/A or that carry an IPv4 address (judged by it), and multicast (RFC 4291 §2.7).
const IPV6_ROWS: Row[] = [
  { block: "::1/128", name: "Loopback Address", rfc: "RFC 4291", samples: ["::1"] },
  { block: "::/128", name: "Unspecified Address", rfc: "RFC 4291", samples: ["::"] },
  {
    block: "::/96",
    name: "IPv4-compatible IPv6 address (deprecated)",
    rfc: "RFC 4291 §2.5.5.1",
    // Public IPv4 inside it too: nothing translates this form, so it is refused whatever it holds.
    samples: ["::a9fe:a9fe", "::7f00:1", "::a00:1", "::808:808"],
  },
  {
    block: "::ffff:0:0/96",
    name: "IPv4-mapped Address (with a non-public IPv4 inside)",
    rfc: "RFC 4291",
    samples: ["::ffff:7f00:1", "::ffff:a9fe:a9fe", "::ffff:a00:1", "::ffff:6440:1"],
  },
  {
    block: "::ffff:0:0:0/96",
    name: "IPv4-translated Address",
    rfc: "RFC 6145 / RFC 7915",
    samples: ["::ffff:0:a9fe:a9fe", "::ffff:0:808:808"],
  },
  {
    block: "64:ff9b::/96",
    name: "IPv4-IPv6 Translation (with a non-public IPv4 inside)",
    rfc: "RFC 6052",
    samples: ["64:ff9b::a9fe:a9fe", "64:ff9b::7f00:1", "64:ff9b::c0a8:101"],
  },
  {
    block: "64:ff9b:1::/48",
    name: "IPv4-IPv6 Translation, local use",
    rfc: "RFC 8215",
    samples: ["64:ff9b:1::a9fe:a9fe", "64:ff9b:1::808:808"],
  },
  { block: "100::/64", name: "Discard-Only Address Block", rfc: "RFC 6666", samples: ["100::1"] },
  {
    block: "100:0:0:1::/64",
    name: "Dummy IPv6 Prefix",
    rfc: "RFC 9780",
    samples: ["100:0:0:1::1"],
  },
  {
    block: "2001::/23",
    name: "IETF Protocol Assignments",
    rfc: "RFC 2928",
    samples: ["2001:4::1", "2001:100::1", "2001:1ff::1"],
  },
  {
    block: "2001::/32",
    name: "TEREDO",
    rfc: "RFC 4380 / RFC 8190",
    samples: ["2001::1", "2001:0:4136:e378:8000:63bf:3fff:fdd2"],
  },
  {
    block: "2001:2::/48",
    name: "Benchmarking",
    rfc: "RFC 5180 / RFC Errata 1752",
    samples: ["2001:2::1"],
  },
  {
    block: "2001:10::/28",
    name: "Deprecated (previously ORCHID)",
    rfc: "RFC 4843",
    samples: ["2001:10::1"],
  },
  {
    block: "2001:db8::/32",
    name: "Documentation",
    rfc: "RFC 3849",
    samples: ["2001:db8::1", "2001:db8:ffff::1"],
  },
  {
    block: "2002::/16",
    name: "6to4 (with a non-public IPv4 inside)",
    rfc: "RFC 3056",
    samples: ["2002:a00:1::1", "2002:7f00:1::1", "2002:a9fe:a9fe::1", "2002:c0a8:101::1"],
  },
  {
    block: "3fff::/20",
    name: "Documentation",
    rfc: "RFC 9637",
    samples: ["3fff::1", "3fff:fff::1"],
  },
  {
    block: "5f00::/16",
    name: "Segment Routing (SRv6) SIDs",
    rfc: "RFC 9602",
    samples: ["5f00::1"],
  },
  {
    block: "fc00::/7",
    name: "Unique-Local",
    rfc: "RFC 4193 / RFC 8190",
    samples: ["fc00::1", "fd12:3456:789a::1"],
  },
  {
    block: "fe80::/10",
    name: "Link-Local Unicast",
    rfc: "RFC 4291",
    samples: ["fe80::1", "febf::1"],
  },
  { block: "fec0::/10", name: "Site-Local (deprecated)", rfc: "RFC 3879", samples: ["fec0::1"] },
  { block: "ff00::/8", name: "Multicast", rfc: "RFC 4291 §2.7", samples: ["ff02::1", "ff0e::1"] },
];

/** Public addresses, in the same spellings, still pass: the guard refuses ranges, not spellings. */
const PUBLIC_V4 = ["8.8.8.8", "93.184.216.34", "1.1.1.1"];
const PUBLIC_V6 = [
  "2606:4700::6810:84e5",
  "2a00:1450:4001:80b::200e",
  "64:ff9b::808:808",
  "2002:808:808::1",
];

function octets(v4: string): number[] {
  return v4.split(".").map(Number);
}

/** Every way a URL may write an IPv4 address (WHATWG URL's IPv4 parser takes them all). */
function ipv4Spellings(v4: string): string[] {
  const [a, b, c, d] = octets(v4) as [number, number, number, number];
  const whole = ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;
  const hex = (n: number) => `0x${n.toString(16)}`;
  const oct = (n: number) => `0${n.toString(8)}`;
  return [
    v4,
    String(whole), // 2852039166
    hex(whole), // 0xa9fea9fe
    `0X${whole.toString(16).toUpperCase()}`,
    [a, b, c, d].map(oct).join("."), // 0251.0376.0251.0376
    [a, b, c, d].map(hex).join("."), // 0xa9.0xfe.0xa9.0xfe
    `${a}.${b}.${(c << 8) + d}`, // 169.254.43518
    `${a}.${(b << 16) + (c << 8) + d}`, // 169.16690942
    `${oct(a)}.${hex(b)}.${c}.${d}`, // mixed bases
    `${v4}.`, // a trailing dot is the same host
  ];
}

/** Its four bytes as the last two IPv6 pieces, in hex. */
function v4Tail(v4: string): string {
  const [a, b, c, d] = octets(v4) as [number, number, number, number];
  return `${((a << 8) + b).toString(16)}:${((c << 8) + d).toString(16)}`;
}

/** IPv6 spellings of one address: compressed, expanded, zero-padded, upper-case, dotted tail. */
function ipv6Spellings(v6: string): string[] {
  const url = new URL(`http://[${v6}]/`).hostname.slice(1, -1);
  const [head = "", tail = ""] = url.split("::");
  const headParts = head ? head.split(":") : [];
  const tailParts = url.includes("::") ? (tail ? tail.split(":") : []) : [];
  const parts = url.includes("::")
    ? [...headParts, ...Array(8 - headParts.length - tailParts.length).fill("0"), ...tailParts]
    : url.split(":");
  const last32 = (parseInt(parts[6]!, 16) << 16) + parseInt(parts[7]!, 16);
  const dotted = [last32 >>> 24, (last32 >>> 16) & 255, (last32 >>> 8) & 255, last32 & 255].join(
    ".",
  );
  return [
    url,
    parts.join(":"),
    parts.map((p) => p.padStart(4, "0")).join(":"),
    url.toUpperCase(),
    `${parts.slice(0, 6).join(":")}:${dotted}`,
  ];
}

/** An IPv4 address in the IPv6 forms that carry it (whose connection reaches, or might reach, it). */
function ipv4InIpv6(v4: string): string[] {
  const [a, b, c, d] = octets(v4) as [number, number, number, number];
  const pieces = `${((a << 8) + b).toString(16)}:${((c << 8) + d).toString(16)}`;
  return [
    `::ffff:${v4}`,
    `::ffff:${v4Tail(v4)}`,
    `0:0:0:0:0:ffff:${v4}`,
    `::${v4}`, // IPv4-compatible (deprecated): refused whatever it holds
    `64:ff9b::${v4}`,
    `2002:${pieces}::1`,
  ];
}

const policy: TargetPolicy = {
  allowPrivate: false,
  isOwnReceiver: () => false,
  // No name is ever looked up: every spelling here must be read as an address, never as a host name.
  resolve: async (host) => {
    throw new Error(`unexpected lookup of ${host}`);
  },
};

async function decide(host: string) {
  const url = host.includes(":") ? `http://[${host}]:8080/hook` : `http://${host}:8080/hook`;
  return checkTarget(url, policy);
}

async function expectRefused(host: string) {
  const decision = await decide(host);
  expect(decision.allowed, `${host} was allowed`).toBe(false);
  // Refused for what the address is, not because the spelling failed to parse or resolve.
  if (!decision.allowed) expect(decision.reason, host).toMatch(/^Refused: .+ is /);
}

describe("the replay guard refuses every IPv4 special-purpose block", () => {
  describe.each(IPV4_ROWS)("$block $name ($rfc)", ({ samples }) => {
    it.each(samples)("%s, in every spelling a URL accepts", async (sample) => {
      expect(nonPublicReason(sample)).not.toBeNull();
      for (const spelling of ipv4Spellings(sample)) await expectRefused(spelling);
    });

    it.each(samples)("%s written inside IPv6 (mapped, compatible, NAT64, 6to4)", async (sample) => {
      for (const spelling of ipv4InIpv6(sample)) await expectRefused(spelling);
    });
  });
});

describe("the replay guard refuses every IPv6 special-purpose block", () => {
  describe.each(IPV6_ROWS)("$block $name ($rfc)", ({ samples }) => {
    it.each(samples)("%s, in every spelling", async (sample) => {
      expect(nonPublicReason(sample)).not.toBeNull();
      for (const spelling of ipv6Spellings(sample)) await expectRefused(spelling);
    });
  });
});

describe("public addresses still pass, in the same spellings", () => {
  it.each(PUBLIC_V4)("%s", async (address) => {
    for (const spelling of [
      ...ipv4Spellings(address),
      `::ffff:${address}`,
      `64:ff9b::${address}`,
    ]) {
      const decision = await decide(spelling);
      expect(decision.allowed, spelling).toBe(true);
    }
  });

  it.each(PUBLIC_V6)("%s", async (address) => {
    for (const spelling of ipv6Spellings(address)) {
      const decision = await decide(spelling);
      expect(decision.allowed, spelling).toBe(true);
    }
  });
});

it("the issue's reproduction: [::a9fe:a9fe] and [::127.0.0.1] are refused", async () => {
  for (const url of [
    "http://[::a9fe:a9fe]/",
    "http://[::127.0.0.1]/",
    "http://[::169.254.169.254]/",
  ]) {
    const decision = await checkTarget(url, policy);
    expect(decision).toMatchObject({
      allowed: false,
      reason: expect.stringMatching(/IPv4-compatible/),
    });
  }
});
