import { describe, expect, it } from "vitest";
import { classifyWebhookUrl } from "../../src/domain/webhooks/url-safety";
import { registerUser } from "../support/factories";
import { expectErrorEnvelope } from "../support/http";
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
 * test/webhooks/url-safety.test.ts; more end-to-end cases: test/webhooks/crud.test.ts.
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

  it("even with private URLs allowed for local testing, metadata addresses stay refused", () => {
    for (const url of ["http://169.254.169.254/latest/meta-data", "https://metadata.google.internal/"]) {
      expect(classifyWebhookUrl(url, { allowPrivate: true }).ok, url).toBe(false);
    }
  });
});
