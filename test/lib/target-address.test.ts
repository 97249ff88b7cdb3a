import { describe, expect, it } from "vitest";
import { allowPrivateUrls } from "../../src/domain/webhooks/deliveries";
import { formatIPv6, parseIPv4, parseIPv6 } from "../../src/lib/ip-address";
import { checkHttpTarget, classifyHost } from "../../src/lib/target-address";
import { testConfig } from "../support/context";

const strict = (url: string) => checkHttpTarget(url, { allowPrivate: false });
const local = (url: string) => checkHttpTarget(url, { allowPrivate: true });

/**
 * 169.254.169.254 (every major cloud's metadata service) in every spelling a URL or a socket would
 * reach it by. Each is refused, with private targets allowed too (issue 44.7: the review stored
 * `[::ffff:169.254.169.254]` where the dotted form was refused).
 */
const METADATA_SPELLINGS = [
  "169.254.169.254",
  "2852039166", // decimal
  "0xa9fea9fe", // hex
  "0XA9FEA9FE",
  "0251.0376.0251.0376", // octal
  "0xa9.0xfe.0xa9.0xfe",
  "169.254.43518", // short: the last part fills two bytes
  "169.16689662", // short: three bytes
  "0251.254.43518",
  "169.254.169.254.", // trailing dot
  "[::ffff:169.254.169.254]", // IPv4-mapped
  "[::ffff:a9fe:a9fe]",
  "[0:0:0:0:0:ffff:a9fe:a9fe]",
  "[::ffff:0:a9fe:a9fe]", // IPv4-translated (RFC 2765)
  "[::169.254.169.254]", // IPv4-compatible
  "[::a9fe:a9fe]",
  "[64:ff9b::169.254.169.254]", // NAT64 (RFC 6052)
  "[64:ff9b::a9fe:a9fe]",
  "[64:ff9b:1::a9fe:a9fe]", // local-use NAT64 (RFC 8215)
  "[2002:a9fe:a9fe::]", // 6to4 (RFC 3056)
  "[2002:a9fe:a9fe:1::1]",
  "[2001:0:a9fe:a9fe::1]", // Teredo, the server's address
  "[2001:0:808:808::5601:5601]", // Teredo, the client's (inverted)
];

describe("classifyHost: one classifier for every outbound target", () => {
  it.each(METADATA_SPELLINGS)("%s is the metadata service", (host) => {
    expect(classifyHost(host).kind).toBe("metadata");
  });

  it.each([
    ["169.254.170.2", "metadata"], // ECS task credentials
    ["169.254.1.1", "metadata"], // all of IPv4 link-local
    ["100.100.100.200", "metadata"], // Alibaba
    ["[fd00:ec2::254]", "metadata"], // AWS over IPv6
    ["[fd00:ec2::123]", "metadata"],
    ["metadata.google.internal", "metadata"],
    ["METADATA.GOOGLE.INTERNAL.", "metadata"],
    ["metadata.goog", "metadata"],
    ["instance-data", "metadata"],
    ["127.0.0.1", "private"],
    ["2130706433", "private"],
    ["0x7f000001", "private"],
    ["0177.0.0.1", "private"],
    ["127.1", "private"],
    ["0", "private"],
    ["10.0.0.1", "private"],
    ["012.0.0.1", "private"], // octal 10.0.0.1
    ["167772161", "private"], // decimal 10.0.0.1
    ["172.16.0.1", "private"],
    ["192.168.1.10", "private"],
    ["0xc0.0xa8.1.10", "private"],
    ["100.64.0.1", "private"],
    ["224.0.0.1", "private"],
    ["255.255.255.255", "private"],
    ["[::1]", "private"],
    ["[::]", "private"],
    ["[::ffff:127.0.0.1]", "private"],
    ["[::ffff:10.1.2.3]", "private"],
    ["[64:ff9b::7f00:1]", "private"],
    ["[2002:c0a8:0101::1]", "private"], // 6to4 of 192.168.1.1
    ["[::8.8.8.8]", "private"], // IPv4-compatible, deprecated even for a public address
    ["[64:ff9b:1::808:808]", "private"], // local-use NAT64
    ["[2001:0:808:808::f7f7:f7f7]", "private"], // Teredo (client 8.8.8.8): a tunnel
    ["[fc00::1]", "private"],
    ["[fd12:3456::1]", "private"],
    ["[fe80::1]", "private"],
    ["[fec0::1]", "private"],
    ["[ff02::1]", "private"],
    ["[2001:db8::1]", "private"],
    ["localhost", "private"],
    ["api.localhost", "private"],
    ["printer.local", "private"],
    ["db.internal", "private"],
    ["router.home.arpa", "private"],
    ["intranet", "private"],
    ["1.2.3.256", "invalid"],
    ["example.0x1", "invalid"],
    ["[1::2::3]", "invalid"],
    ["", "invalid"],
  ])("%s is %s", (host, kind) => {
    expect(classifyHost(host).kind).toBe(kind);
  });

  it.each([
    "example.com",
    "hooks.example.com",
    "93.184.216.34",
    "1559762978", // decimal 92.246.75.34
    "172.32.0.1",
    "100.128.0.1",
    "[2606:4700::1111]",
    "[::ffff:93.184.216.34]",
    "[64:ff9b::5db8:d822]",
    "[2002:5db8:d822::1]",
  ])("%s is public", (host) => {
    expect(classifyHost(host).kind).toBe("public");
  });
});

describe("checkHttpTarget: the http(s) URLs the service sends to", () => {
  it.each([
    ["http://example.com/hook", "must use https"],
    ["ftp://example.com/hook", "must use https"],
    ["not a url", "not a valid absolute URL"],
    ["https://user:pw@example.com/", "must not contain credentials"],
    ["https://127.0.0.1/hook", "loopback"],
    ["https://LOCALHOST./hook", "localhost"],
    ["https://169.254.169.254/latest/meta-data/", "metadata"],
    ["https://0xa9fea9fe/", "metadata"],
    ["https://[::ffff:169.254.169.254]/latest", "metadata"],
    ["https://10.0.0.1/", "private"],
    ["https://intranet/", "fully qualified"],
  ])("refuses %s (%s)", (url, reason) => {
    expect(strict(url)).toMatchObject({ ok: false, reason: expect.stringContaining(reason) });
  });

  it.each(["https://example.com/hooks", "https://hooks.example.com:8443/a?b=c", "https://[2606:4700::1111]/"])(
    "accepts %s",
    (url) => expect(strict(url).ok).toBe(true),
  );

  it("allowing private targets (development) lets local receivers through, never the metadata service in any spelling", () => {
    expect(local("http://127.0.0.1:9999/hook").ok).toBe(true);
    expect(local("http://localhost:9999/hook").ok).toBe(true);
    expect(local("http://10.0.0.5/hook").ok).toBe(true);
    expect(local("http://[::1]:9999/hook").ok).toBe(true);
    for (const host of METADATA_SPELLINGS) {
      for (const scheme of ["http", "https"]) {
        const verdict = local(`${scheme}://${host}/latest/meta-data`);
        expect(verdict, `${scheme}://${host}`).toMatchObject({
          ok: false,
          reason: expect.stringContaining("metadata"),
        });
      }
    }
    expect(local("http://[fd00:ec2::254]/").ok).toBe(false);
    expect(local("file:///etc/passwd").ok).toBe(false);
  });

  it("the switch is ignored in production", () => {
    expect(allowPrivateUrls(testConfig({ ENVIRONMENT: "production", WEBHOOK_ALLOW_PRIVATE_URLS: "true" }))).toBe(false);
    expect(allowPrivateUrls(testConfig({ ENVIRONMENT: "development", WEBHOOK_ALLOW_PRIVATE_URLS: "true" }))).toBe(true);
    expect(allowPrivateUrls(testConfig({ ENVIRONMENT: "development", WEBHOOK_ALLOW_PRIVATE_URLS: "false" }))).toBe(
      false,
    );
  });
});

describe("ip-address parsing", () => {
  it("reads IPv4 as URL parsers and inet_aton do", () => {
    expect(parseIPv4("127.0.0.1")).toBe(0x7f000001);
    expect(parseIPv4("127.1")).toBe(0x7f000001);
    expect(parseIPv4("0x7f.1")).toBe(0x7f000001);
    expect(parseIPv4("017700000001")).toBe(0x7f000001);
    expect(parseIPv4("4294967295")).toBe(0xffffffff);
    expect(parseIPv4("4294967296")).toBeNull();
    expect(parseIPv4("1.2.3.4.5")).toBeNull();
    expect(parseIPv4("08.0.0.1")).toBeNull();
    expect(parseIPv4("1..2")).toBeNull();
    expect(parseIPv4("example.com")).toBeNull();
  });

  it("reads and writes IPv6 (RFC 4291, RFC 5952)", () => {
    expect(parseIPv6("::1")).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6("::ffff:127.0.0.1")).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(parseIPv6("2001:db8::8:800:200c:417a")).toEqual([0x2001, 0xdb8, 0, 0, 8, 0x800, 0x200c, 0x417a]);
    expect(parseIPv6("1:2:3:4:5:6:7:8:9")).toBeUndefined();
    expect(parseIPv6("1::2::3")).toBeUndefined();
    expect(parseIPv6("gggg::1")).toBeUndefined();
    expect(formatIPv6(parseIPv6("2001:0db8:0000:0000:0000:0000:0000:0001")!)).toBe("2001:db8::1");
  });
});
