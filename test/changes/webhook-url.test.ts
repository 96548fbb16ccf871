import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkWebhookUrl,
  isPublicAddress,
  type WebhookUrlPolicy,
} from "../../src/changes/webhook-url";

/** A resolver that knows a few names, as DNS would answer them. */
const DNS: Record<string, string[]> = {
  "hooks.example.com": ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
  "sneaky.example.com": ["93.184.215.14", "10.1.2.3"],
  "metadata.example.com": ["169.254.169.254"],
  "v6-private.example.com": ["2606:2800:21f::1", "fd12:3456::1"],
  "dev.example.test": ["127.0.0.1"],
  localhost: ["127.0.0.1", "::1"],
};

function policy(allowLoopback = false): WebhookUrlPolicy {
  return {
    allowLoopback,
    resolve: async (hostname) => {
      const found = DNS[hostname];
      if (found === undefined) throw new Error(`ENOTFOUND ${hostname}`);
      return found;
    },
  };
}

/** Each address that may not receive webhooks, with the words its refusal names. */
const REFUSED: [string, string][] = [
  ["0.0.0.0", "unspecified"],
  ["0.1.2.3", "unspecified"],
  ["::", "unspecified"],
  ["127.0.0.1", "loopback"],
  ["127.255.0.9", "loopback"],
  ["::1", "loopback"],
  ["::ffff:127.0.0.1", "loopback"],
  ["10.0.0.1", "private"],
  ["172.16.0.1", "private"],
  ["172.31.255.254", "private"],
  ["192.168.1.1", "private"],
  ["::ffff:10.0.0.1", "private"],
  ["::ffff:192.168.0.1", "private"],
  ["64:ff9b::a00:1", "private"],
  ["169.254.169.254", "link-local"],
  ["fe80::1", "link-local"],
  ["fc00::1", "unique local"],
  ["fd00:ec2::254", "unique local"],
  ["100.64.0.1", "carrier-grade NAT"],
  ["100.127.255.254", "carrier-grade NAT"],
  ["224.0.0.1", "multicast"],
  ["239.255.255.250", "multicast"],
  ["ff02::1", "multicast"],
  ["255.255.255.255", "broadcast"],
  ["240.0.0.1", "reserved"],
  ["192.0.2.1", "reserved"],
  ["198.18.0.1", "reserved"],
  ["2001:db8::1", "reserved"],
  ["::7f00:1", "reserved"],
  ["4000::1", "reserved"],
];

const PUBLIC = [
  "93.184.215.14",
  "8.8.8.8",
  "172.32.0.1",
  "100.128.0.1",
  "2606:4700::1111",
  "64:ff9b::808:808",
  "::ffff:8.8.8.8",
];

describe("SSRF refusals: a webhook receiver must be on the public internet", () => {
  it.each(REFUSED)("refuses %s, naming it %s", async (ip, words) => {
    expect(isPublicAddress(ip, false)).toBe(false);
    const host = ip.includes(":") ? `[${ip}]` : ip;
    const check = await checkWebhookUrl(`https://${host}/hooks`, policy());
    expect(check).toMatchObject({ ok: false, reason: "not-public" });
    expect(check.ok === false && check.message).toContain(words);
  });

  it.each(PUBLIC)("accepts the public address %s", async (ip) => {
    expect(isPublicAddress(ip, false)).toBe(true);
    const host = ip.includes(":") ? `[${ip}]` : ip;
    expect(await checkWebhookUrl(`https://${host}/hooks`, policy())).toMatchObject({ ok: true });
  });

  it("refuses a name that resolves to a private address among public ones", async () => {
    expect(await checkWebhookUrl("https://sneaky.example.com/hooks", policy())).toEqual({
      ok: false,
      reason: "not-public",
      message:
        "the webhook URL's host sneaky.example.com resolves to 10.1.2.3, a private address (10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16): receivers must be reachable on the public internet",
    });
    expect(await checkWebhookUrl("https://v6-private.example.com/", policy())).toMatchObject({
      ok: false,
      reason: "not-public",
    });
  });

  it("refuses a name that resolves to the cloud metadata address", async () => {
    const check = await checkWebhookUrl("https://metadata.example.com/latest", policy());
    expect(check).toMatchObject({ ok: false, reason: "not-public" });
    expect(check.ok === false && check.message).toContain("169.254.169.254, a link-local address");
  });

  it("refuses IPv4 written in another form, as a URL parser reads it (0x7f.1, 2130706433, 017700000001)", async () => {
    for (const host of ["0x7f.1", "2130706433", "017700000001", "127.1"])
      expect(await checkWebhookUrl(`https://${host}/`, policy())).toMatchObject({
        ok: false,
        reason: "not-public",
      });
  });

  it("accepts a public name, giving back the URL as it will be called", async () => {
    expect(await checkWebhookUrl("https://Hooks.Example.com/rpdi?x=1", policy())).toEqual({
      ok: true,
      url: "https://hooks.example.com/rpdi?x=1",
    });
  });

  it("every address in 10/8, 172.16/12, 192.168/16, 127/8, 169.254/16 and 100.64/10, plain or IPv4-mapped, is not public", async () => {
    const privateV4 = fc.oneof(
      fc.tuple(fc.constant(10), fc.nat(255), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(172), fc.integer({ min: 16, max: 31 }), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(192), fc.constant(168), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(127), fc.nat(255), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(169), fc.constant(254), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(100), fc.integer({ min: 64, max: 127 }), fc.nat(255), fc.nat(255)),
    );
    fc.assert(
      fc.property(privateV4, (octets) => {
        const ip = octets.join(".");
        expect(isPublicAddress(ip, false)).toBe(false);
        expect(isPublicAddress(`::ffff:${ip}`, false)).toBe(false);
      }),
    );
  });
});

describe("loopback receivers", () => {
  it("are refused unless the policy allows loopback", async () => {
    for (const url of [
      "http://localhost:8080/",
      "https://localhost/",
      "https://api.localhost/",
      "http://127.0.0.1:9/",
      "http://[::1]:9/",
      "https://dev.example.test/",
    ]) {
      const check = await checkWebhookUrl(url, policy(false));
      expect(check, url).toMatchObject({ ok: false, reason: "not-public" });
      expect(check.ok === false && check.message, url).toContain("loopback");
    }
  });

  it("are accepted over http or https when the policy allows loopback (the sandbox)", async () => {
    for (const url of [
      "http://localhost:8080/hooks",
      "http://127.0.0.1:9/",
      "http://[::1]:9/",
      "https://dev.example.test/",
    ])
      expect(await checkWebhookUrl(url, policy(true)), url).toMatchObject({ ok: true });
    expect(isPublicAddress("127.0.0.1", true)).toBe(true);
    expect(isPublicAddress("10.0.0.1", true)).toBe(false);
  });

  it("do not open private addresses even when loopback is allowed", async () => {
    expect(await checkWebhookUrl("https://sneaky.example.com/", policy(true))).toMatchObject({
      ok: false,
      reason: "not-public",
    });
  });
});

describe("the webhook URL's form", () => {
  it.each([
    ["hooks.example.com/x", "invalid-url"],
    ["/relative", "invalid-url"],
    ["ftp://hooks.example.com/", "scheme"],
    ["file:///etc/passwd", "scheme"],
    ["https://user:s3cr3t@hooks.example.com/", "credentials"],
    ["https://s3cr3t@hooks.example.com/", "credentials"],
    ["http://hooks.example.com/", "https-required"],
    ["https://nowhere.example.com/", "unresolvable"],
  ])("refuses %s (%s)", async (url, reason) => {
    const check = await checkWebhookUrl(url, policy(true));
    expect(check).toMatchObject({ ok: false, reason });
    expect(check.ok === false && check.message).not.toContain("s3cr3t");
  });
});
