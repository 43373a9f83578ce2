import { describe, expect, it } from "vitest";
import { checkTarget, nonPublicReason, type Resolve } from "@/lib/http/ssrf-guard";
import { isOwnReceiver } from "@/lib/webhooks/server/replay/replay";

/**
 * The replay address guard. Nothing here connects anywhere: checkTarget decides before any connection,
 * and host names go through a resolver the test controls (no real DNS).
 */

const refused: [string, RegExp][] = [
  ["127.0.0.1", /loopback/],
  ["127.8.9.10", /loopback/],
  ["10.0.0.1", /private/],
  ["172.16.5.4", /private/],
  ["192.168.1.1", /private/],
  ["169.254.169.254", /link-local/],
  ["100.64.0.1", /carrier-grade NAT/],
  ["100.127.255.254", /carrier-grade NAT/],
  ["224.0.0.251", /multicast/],
  ["239.255.255.250", /multicast/],
  ["0.0.0.0", /unspecified/],
  ["255.255.255.255", /broadcast/],
  ["192.0.2.10", /reserved/],
  ["::1", /loopback/],
  ["::", /unspecified/],
  ["fe80::1", /link-local/],
  ["fc00::1", /unique-local/],
  ["fd12:3456:789a::1", /unique-local/],
  ["ff02::1", /multicast/],
  // IPv4 written in IPv6 forms is judged by the IPv4 address it reaches.
  ["::ffff:127.0.0.1", /loopback.*IPv6 form/],
  ["::ffff:7f00:1", /loopback.*IPv6 form/],
  ["::ffff:10.1.2.3", /private.*IPv6 form/],
  ["::ffff:169.254.169.254", /link-local.*IPv6 form/],
  ["::ffff:100.64.0.1", /carrier-grade NAT.*IPv6 form/],
  ["64:ff9b::a9fe:a9fe", /link-local.*IPv6 form/],
  ["2002:a00:1::1", /private.*IPv6 form/],
  ["2001::1", /Teredo/],
];

const publicAddresses = [
  "93.184.216.34",
  "8.8.8.8",
  "2606:4700::6810:84e5",
  "::ffff:8.8.8.8",
  "64:ff9b::808:808",
];

const noOwnReceiver = () => false;
const resolver =
  (table: Record<string, string[]>): Resolve =>
  async (host) => {
    const addresses = table[host];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };

describe("nonPublicReason", () => {
  it.each(refused)("refuses %s", (address, words) => {
    expect(nonPublicReason(address)).toMatch(words);
  });

  it.each(publicAddresses)("lets the public address %s through", (address) => {
    expect(nonPublicReason(address)).toBeNull();
  });
});

describe("checkTarget", () => {
  const policy = { allowPrivate: false, isOwnReceiver: noOwnReceiver, resolve: resolver({}) };

  it.each(refused)(
    "refuses a URL with the literal address %s, naming the range",
    async (address, words) => {
      const host = address.includes(":") ? `[${address}]` : address;
      const decision = await checkTarget(`http://${host}:8080/hook`, policy);
      expect(decision.allowed).toBe(false);
      if (!decision.allowed) {
        expect(decision.reason).toMatch(words);
        expect(decision.reason).toContain("ALLOW_PRIVATE_REPLAY_TARGETS");
      }
    },
  );

  it("accepts what the URL parser normalises to a public address, refuses what it normalises to loopback", async () => {
    // WHATWG URL turns 0x7f.1 and 2130706433 into 127.0.0.1 before the check sees them.
    for (const host of ["0x7f.1", "2130706433", "0177.0.0.1"]) {
      expect((await checkTarget(`http://${host}/`, policy)).allowed).toBe(false);
    }
    expect((await checkTarget("https://8.8.8.8/", policy)).allowed).toBe(true);
  });

  it("resolves names and checks every address; one private address among public ones is enough to refuse", async () => {
    const resolve = resolver({
      "public.test": ["93.184.216.34", "2606:4700::6810:84e5"],
      "mixed.test": ["93.184.216.34", "10.0.0.7"],
      "metadata.test": ["169.254.169.254"],
      "mapped.test": ["::ffff:192.168.0.1"],
    });
    const ok = await checkTarget("https://public.test/hook", { ...policy, resolve });
    expect(ok).toMatchObject({
      allowed: true,
      address: "93.184.216.34",
      family: 4,
      exemption: null,
    });
    for (const [host, words] of [
      ["mixed.test", /mixed\.test resolves to 10\.0\.0\.7.*private/],
      ["metadata.test", /link-local/],
      ["mapped.test", /private.*IPv6 form/],
    ] as const) {
      const decision = await checkTarget(`https://${host}/hook`, { ...policy, resolve });
      expect(decision.allowed).toBe(false);
      if (!decision.allowed) expect(decision.reason).toMatch(words);
    }
    const unknown = await checkTarget("https://nowhere.test/", { ...policy, resolve });
    expect(unknown).toEqual({
      allowed: false,
      reason: "The host nowhere.test could not be resolved.",
    });
  });

  it("refuses other schemes, credentials in the URL and what is not a URL", async () => {
    for (const [url, words] of [
      ["ftp://8.8.8.8/x", /Only http:\/\/ and https:\/\/.*ftp:/],
      ["file:///etc/passwd", /Only http:\/\/ and https:\/\//],
      ["gopher://8.8.8.8/", /Only http/],
      ["https://user:pw@8.8.8.8/", /user name or password/],
      ["not a url", /not a valid absolute URL/],
      ["/api/webhooks/receive", /not a valid absolute URL/],
    ] as const) {
      const decision = await checkTarget(url, policy);
      expect(decision.allowed, url).toBe(false);
      if (!decision.allowed) expect(decision.reason).toMatch(words);
    }
  });

  it("lets private addresses through with ALLOW_PRIVATE_REPLAY_TARGETS, and says so", async () => {
    const decision = await checkTarget("http://10.0.0.1:9/", { ...policy, allowPrivate: true });
    expect(decision).toMatchObject({ allowed: true, address: "10.0.0.1", exemption: "allow-flag" });
    const open = await checkTarget("https://8.8.8.8/", { ...policy, allowPrivate: true });
    expect(open).toMatchObject({ allowed: true, exemption: null });
  });

  it("lets this console's own receiver through on a loopback address, and nothing else there", async () => {
    const origin = "http://localhost:3000";
    const own = {
      ...policy,
      isOwnReceiver: (url: URL) => isOwnReceiver(url, origin),
      resolve: resolver({ localhost: ["127.0.0.1", "::1"] }),
    };
    for (const path of ["/api/webhooks/receive", "/api/webhooks/receive/ep_0123abcd"]) {
      expect(await checkTarget(`${origin}${path}`, own)).toMatchObject({
        allowed: true,
        address: "127.0.0.1",
        exemption: "own-receiver",
      });
    }
    for (const url of [
      `${origin}/api/webhooks/deliveries`,
      `${origin}/api/webhooks/receive/a/b`,
      `${origin}/api/webhooks/receive/..%2Fendpoints`,
      "http://localhost:3001/api/webhooks/receive",
      "http://127.0.0.1:3000/api/webhooks/receive",
    ]) {
      expect((await checkTarget(url, own)).allowed, url).toBe(false);
    }
  });
});
