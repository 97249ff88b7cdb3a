import { describe, expect, inject, it } from "vitest";
import { httpClientMetadata } from "../../src/adapters/client-metadata/fetch";
import { clientForAuthorization } from "../../src/domain/identity/oauth/registration";
import { testContext } from "../support/context";
import { registerUser } from "../support/factories";
import { api, expectErrorEnvelope } from "../support/http";
import { strictApi } from "../support/webhooks";

/**
 * API7:2023 Server Side Request Forgery.
 * The one place the service fetches a URL a client chose: webhook delivery
 * (and its test ping / replay).
 * Attacks: webhook URLs aimed at loopback, private, CGNAT, link-local and
 * cloud-metadata addresses in every spelling (decimal, hex, octal, short
 * IPv4, IPv4-mapped/NAT64/6to4 IPv6, trailing dots, internal names), with
 * credentials, over plain http; at create and at update.
 * Expected: 422 INVALID_FIELD_VALUE on `url` with production settings
 * (WEBHOOK_ALLOW_PRIVATE_URLS off); the URL is checked again before every
 * delivery (test/webhook-delivery/consumer.test.ts "url refused"), and redirects are
 * never followed (API10). The classifier's full table:
 * test/lib/target-address.test.ts; more end-to-end cases: test/webhooks/crud.test.ts.
 */
const REFUSED = [
  "https://0.0.0.0/hook",
  "https://127.1/hook",
  "https://0177.0.0.1/hook",
  "https://[::ffff:127.0.0.1]/hook",
  "https://[::ffff:a9fe:a9fe]/latest/meta-data",
  "https://[64:ff9b::a9fe:a9fe]/hook",
  "https://[2002:a9fe:a9fe::1]/hook",
  "https://100.64.0.1/hook",
  "https://169.254.170.2/v2/credentials",
  "https://metadata.google.internal/computeMetadata/v1/",
  "https://localhost./hook",
  "https://api.localhost/hook",
  "https://printer.local/hook",
  "https://intranet/hook",
  "https://user:pass@hooks.example.com/hook",
  "http://hooks.example.com/hook",
  "ftp://hooks.example.com/hook",
  "file:///etc/passwd",
  "gopher://127.0.0.1:6379/_INFO",
];

describe("API7 SSRF: webhook URLs", async () => {
  const u = await registerUser();

  it.each(REFUSED)("create with %s → 422 on url", async (url) => {
    const err = expectErrorEnvelope(
      await strictApi("POST", "/v1/webhooks", u.token, { url, events: ["session.completed"] }),
      422,
      "INVALID_FIELD_VALUE",
    );
    expect(err.details.field).toBe("url");
  });

  it("update to a metadata address → 422 on url, the stored URL unchanged", async () => {
    const created = await strictApi("POST", "/v1/webhooks", u.token, {
      url: "https://hooks.example.com/ok",
      events: ["session.completed"],
      active: false,
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const err = expectErrorEnvelope(
      await strictApi("PUT", `/v1/webhooks/${id}`, u.token, { url: "https://169.254.169.254/latest/meta-data" }),
      422,
      "INVALID_FIELD_VALUE",
    );
    expect(err.details.field).toBe("url");
    expect((await strictApi("GET", `/v1/webhooks/${id}`, u.token)).body.data.url).toBe("https://hooks.example.com/ok");
  });

  it("a public https URL is accepted (control)", async () => {
    expect(
      (
        await strictApi("POST", "/v1/webhooks", u.token, {
          url: "https://hooks.example.com/accepted",
          events: ["session.completed"],
          active: false,
        })
      ).status,
    ).toBe(201);
  });

  it("issue 44.7: where private URLs are allowed (development), every spelling of a metadata address is refused at update", async () => {
    // The pool runs as development with WEBHOOK_ALLOW_PRIVATE_URLS=true, as `npm run dev` does.
    const created = await api("POST", "/v1/webhooks", {
      token: u.token,
      body: { url: "http://127.0.0.1:9/hook", events: ["session.completed"], active: false },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id;
    const update = (host: string) =>
      api("PUT", `/v1/webhooks/${id}`, { token: u.token, body: { url: `https://${host}/latest` } });
    for (const host of [
      "[::ffff:169.254.169.254]",
      "[::ffff:a9fe:a9fe]",
      "[::169.254.169.254]",
      "[64:ff9b::169.254.169.254]",
      "[2002:a9fe:a9fe::1]",
      "[fd00:ec2::254]",
      "169.254.1.1",
      "100.100.100.200",
      "metadata.google.internal",
    ]) {
      const err = expectErrorEnvelope(await update(host), 422, "INVALID_FIELD_VALUE");
      expect(err.details, host).toMatchObject({ field: "url", reason: expect.stringContaining("metadata") });
    }
    // Numeric IPv4 spellings are no URL the document allows (the classifier refuses them too: test/lib).
    for (const host of ["0xa9fea9fe", "2852039166", "0251.0376.0251.0376", "169.254.43518"]) {
      const err = expectErrorEnvelope(await update(host), 422, "INVALID_FIELD_VALUE");
      expect(err.details, host).toMatchObject({ field: "url" });
    }
    expect((await api("GET", `/v1/webhooks/${id}`, { token: u.token })).body.data.url).toBe("http://127.0.0.1:9/hook");
  });

  it("issue 44.7: a Client ID Metadata Document at a metadata address is never fetched, private addresses allowed or not", async () => {
    const reads: string[] = [];
    const base = testContext();
    const recording = {
      read: (url: URL) => {
        reads.push(url.href);
        return httpClientMetadata.read(url);
      },
    };
    const ctx = { ...base, ports: Object.create(base.ports, { clientMetadata: { value: recording } }) };
    for (const clientId of [
      "http://[::ffff:169.254.169.254]/client.json",
      "https://[::ffff:a9fe:a9fe]/client.json",
      "https://0xa9fea9fe/client.json",
      "http://[64:ff9b::a9fe:a9fe]/client.json",
      "http://metadata.google.internal/client.json",
    ]) {
      expect(await clientForAuthorization(ctx, clientId), clientId).toBeNull();
    }
    expect(reads).toEqual([]);
    // The control: a private address is read where private addresses are allowed (the test receiver on
    // 127.0.0.1, which serves no client document).
    const receiver = `${inject("receiverUrl")}/cimd/client.json`;
    expect(await clientForAuthorization(ctx, receiver)).toBeNull();
    expect(reads).toEqual([receiver]);
  });
});
