/**
 * Issue 27 item 7 (docs/security.md "Client IP"): only CF-Connecting-IP names the client, for the
 * throttles and the audit log; X-Forwarded-For, True-Client-IP and X-Real-IP never do.
 */
import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { clientIp, ipLiteral, throttleAddress } from "../../src/lib/request";
import { registerUser, uniqueEmail } from "../support/factories";
import { api, appAt, startOfMinuteWindow } from "../support/http";

/** What the one home reads from a request with these headers. */
async function addressOf(headers: Record<string, string>) {
  const app = new Hono().get("/", (c) => c.json({ ip: clientIp(c), throttle: throttleAddress(c) }));
  return (await app.request("/", { headers })).json() as Promise<{ ip: string; throttle: string }>;
}

const spoofs = (n: number) => ({
  "x-forwarded-for": `10.0.${n}.1, 192.0.2.${n}`,
  "true-client-ip": `192.0.2.${n}`,
  "x-real-ip": `198.51.100.${n}`,
  forwarded: `for=192.0.2.${n}`,
});

describe("the client address", () => {
  it("is CF-Connecting-IP alone; the other headers are never read", async () => {
    expect(await addressOf({ "cf-connecting-ip": "203.0.113.5", ...spoofs(1) })).toEqual({
      ip: "203.0.113.5",
      throttle: "203.0.113.5",
    });
    // Without Cloudflare's header every spoofed value is ignored: one shared "unknown" client.
    expect(await addressOf(spoofs(2))).toEqual({ ip: "unknown", throttle: "unknown" });
  });

  it("is one IP literal or unknown (a list, a port or text is not Cloudflare's)", async () => {
    for (const bad of ["203.0.113.5, 10.0.0.1", "203.0.113.5:443", "256.1.1.1", "localhost", "::1::2", "1:2:3"]) {
      expect(ipLiteral(bad)).toBeUndefined();
      expect((await addressOf({ "cf-connecting-ip": bad })).ip).toBe("unknown");
    }
    expect(ipLiteral("2001:0DB8:0000:0000:0000:0000:0000:0001")).toBe("2001:db8::1");
    expect(ipLiteral("::ffff:192.0.2.1")).toBe("::ffff:c000:201");
  });

  it("is throttled by its /64 when IPv6, so one network cycling its addresses is one client", async () => {
    const a = await addressOf({ "cf-connecting-ip": "2001:db8:aa:bb:1:2:3:4" });
    const b = await addressOf({ "cf-connecting-ip": "2001:db8:aa:bb:ffff::9" });
    expect(a.ip).toBe("2001:db8:aa:bb:1:2:3:4");
    expect(a.throttle).toBe("2001:db8:aa:bb::/64");
    expect(b.throttle).toBe(a.throttle);
    expect((await addressOf({ "cf-connecting-ip": "2001:db8:aa:bc::1" })).throttle).toBe("2001:db8:aa:bc::/64");
    expect((await addressOf({ "cf-connecting-ip": "::ffff:192.0.2.1" })).throttle).toBe("192.0.2.1");
  });
});

describe("spoofed forwarding headers change nothing", () => {
  it("the sign-in throttle counts the CF-Connecting-IP address however the other headers vary", async () => {
    const app = appAt(startOfMinuteWindow());
    const statuses: number[] = [];
    // One account guessed from one address (the pair the tight budget keys on), the headers varied.
    const email = uniqueEmail("guess");
    for (let i = 0; i < 8; i++) {
      const res = await app.api("POST", "/v1/auth/login", {
        body: { email, password: "guess-password-1" },
        headers: { "cf-connecting-ip": "203.0.113.171", ...spoofs(i) },
      });
      statuses.push(res.status);
    }
    // 30 points a minute at 5 per failure: six failures, then refused, as from one address.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
  });

  it("an IPv6 client moving through its /64 is still throttled as one", async () => {
    const app = appAt(startOfMinuteWindow());
    const statuses: number[] = [];
    const email = uniqueEmail("guess6");
    for (let i = 0; i < 8; i++) {
      const res = await app.api("POST", "/v1/auth/login", {
        body: { email, password: "guess-password-1" },
        headers: { "cf-connecting-ip": `2001:db8:171:1:${i + 1}::${i + 7}` },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
  });

  it("the audit log records the CF-Connecting-IP address, never a forwarded one", async () => {
    const u = await registerUser();
    const res = await api("POST", "/v1/organizations", {
      token: u.token,
      body: { name: "Audited" },
      headers: { "cf-connecting-ip": "203.0.113.172", ...spoofs(9) },
    });
    expect(res.status).toBe(201);
    const row = await env.DB.prepare("SELECT ip FROM audit_log WHERE organization_id = ?")
      .bind(res.body.data.id)
      .first<{ ip: string }>();
    expect(row?.ip).toBe("203.0.113.172");
  });
});
