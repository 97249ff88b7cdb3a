import { describe, expect, it } from "vitest";
import { allowPrivateUrls } from "../../../src/domain/webhooks/deliveries";
import { classifyWebhookUrl, parseIPv6 } from "../../../src/domain/webhooks/url-safety";
import { testConfig } from "../../support/context";

const strict = (url: string) => classifyWebhookUrl(url, { allowPrivate: false });
const local = (url: string) => classifyWebhookUrl(url, { allowPrivate: true });

describe("classifyWebhookUrl", () => {
  it.each([
    ["http://example.com/hook", "must use https"],
    ["ftp://example.com/hook", "must use https"],
    ["not a url", "not a valid absolute URL"],
    ["https://user:pw@example.com/", "must not contain credentials"],
    ["https://127.0.0.1/hook", "loopback"],
    ["https://127.255.0.9/", "loopback"],
    ["https://localhost/hook", "localhost"],
    ["https://LOCALHOST./hook", "localhost"],
    ["https://api.localhost/hook", "localhost"],
    ["https://10.0.0.1/", "private"],
    ["https://172.16.0.1/", "private"],
    ["https://172.31.255.255/", "private"],
    ["https://192.168.1.10/", "private"],
    ["https://100.64.0.1/", "carrier-grade NAT"],
    ["https://169.254.169.254/latest/meta-data/", "metadata"],
    ["https://169.254.1.1/", "link-local"],
    ["https://0.0.0.0/", "unspecified"],
    ["https://224.0.0.1/", "multicast"],
    ["https://255.255.255.255/", "broadcast"],
    ["https://2130706433/", "loopback"], // decimal
    ["https://0x7f000001/", "loopback"], // hex
    ["https://0177.0.0.1/", "loopback"], // octal
    ["https://127.1/", "loopback"], // short form
    ["https://0xa9fea9fe/", "metadata"], // 169.254.169.254 in hex
    ["https://[::1]/", "loopback"],
    ["https://[::]/", "unspecified"],
    ["https://[fc00::1]/", "unique local"],
    ["https://[fd12:3456::1]/", "unique local"],
    ["https://[fe80::1]/", "link-local"],
    ["https://[ff02::1]/", "multicast"],
    ["https://[::ffff:127.0.0.1]/", "loopback"], // IPv4-mapped
    ["https://[::ffff:10.1.2.3]/", "private"],
    ["https://[64:ff9b::a9fe:a9fe]/", "link-local"], // NAT64 of 169.254.169.254
    ["https://[2002:c0a8:0101::1]/", "private"], // 6to4 of 192.168.1.1
    ["https://[fd00:ec2::254]/", "metadata"],
    ["https://metadata.google.internal/", "metadata"],
    ["https://printer.local/", "local-network"],
    ["https://intranet/", "fully qualified"],
  ])("refuses %s (%s)", (url, reason) => {
    expect(strict(url)).toMatchObject({ ok: false, reason: expect.stringContaining(reason) });
  });

  it.each([
    "https://example.com/hooks",
    "https://hooks.example.com:8443/a?b=c",
    "https://93.184.216.34/",
    "https://[2606:4700::1111]/",
    "https://172.32.0.1/",
    "https://100.128.0.1/",
  ])("accepts %s", (url) => expect(strict(url).ok).toBe(true));

  it("WEBHOOK_ALLOW_PRIVATE_URLS lets local http receivers through, never metadata", () => {
    expect(local("http://127.0.0.1:9999/hook").ok).toBe(true);
    expect(local("http://localhost:9999/hook").ok).toBe(true);
    expect(local("http://10.0.0.5/hook").ok).toBe(true);
    expect(local("http://169.254.169.254/").ok).toBe(false);
    expect(local("http://[fd00:ec2::254]/").ok).toBe(false);
    expect(local("file:///etc/passwd").ok).toBe(false);
  });

  it("the var is ignored in production", () => {
    expect(allowPrivateUrls(testConfig({ ENVIRONMENT: "production", WEBHOOK_ALLOW_PRIVATE_URLS: "true" }))).toBe(false);
    expect(allowPrivateUrls(testConfig({ ENVIRONMENT: "development", WEBHOOK_ALLOW_PRIVATE_URLS: "true" }))).toBe(true);
    expect(allowPrivateUrls(testConfig({ ENVIRONMENT: "development", WEBHOOK_ALLOW_PRIVATE_URLS: "false" }))).toBe(
      false,
    );
  });

  it("parses IPv6 forms", () => {
    expect(parseIPv6("::1")).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6("::ffff:127.0.0.1")).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(parseIPv6("2001:db8::8:800:200c:417a")).toEqual([0x2001, 0xdb8, 0, 0, 8, 0x800, 0x200c, 0x417a]);
    expect(parseIPv6("1:2:3:4:5:6:7:8:9")).toBeNull();
    expect(parseIPv6("1::2::3")).toBeNull();
    expect(parseIPv6("gggg::1")).toBeNull();
  });
});
