import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { inSession, sessionRouted } from "../../src/db/replicas";
import { registerUser } from "../support/factories";
import { api, expectErrorEnvelope } from "../support/http";

/**
 * Read-your-own-writes through D1's Sessions API (docs/consistency.md): every
 * /v1 response names the database state it saw in X-D1-Bookmark, and a
 * client that sends it back is served from that state or newer.
 */
describe("D1 sessions and the X-D1-Bookmark header", () => {
  it("a write answers with a bookmark; reading with it sees the write and answers a bookmark no older", async () => {
    const user = await registerUser();
    const put = await api("PUT", "/v1/users/me", { token: user.token, body: { username: "bookmarked" } });
    expect(put.status).toBe(200);
    const written = put.headers.get("x-d1-bookmark");
    expect(written).toMatch(/^[0-9a-z-]+$/i);

    const read = await api("GET", "/v1/users/me", { token: user.token, headers: { "X-D1-Bookmark": written! } });
    expect(read.status).toBe(200);
    expect(read.body.data.username).toBe("bookmarked");
    const after = read.headers.get("x-d1-bookmark");
    expect(after).not.toBeNull();
    // Bookmarks are ordered: a session never goes back in time.
    expect(after! >= written!).toBe(true);
  });

  it("a read without a bookmark still answers one (any replica may serve it)", async () => {
    const user = await registerUser();
    const res = await api("GET", "/v1/users/me", { token: user.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-d1-bookmark")).toMatch(/^[0-9a-z-]+$/i);
  });

  it("a malformed bookmark is a 422 naming the header, before any query", async () => {
    const user = await registerUser();
    const res = await api("GET", "/v1/users/me", {
      token: user.token,
      headers: { "X-D1-Bookmark": "not a bookmark!" },
    });
    const err = expectErrorEnvelope(res, 422, "INVALID_FIELD_VALUE");
    expect(err.details).toMatchObject({ field: "X-D1-Bookmark", location: "header" });
  });

  it("browsers may send and read the header (CORS)", async () => {
    const res = await api("OPTIONS", "/v1/users/me", {
      headers: {
        Origin: "https://app.example",
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "x-d1-bookmark",
      },
    });
    expect(res.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("x-d1-bookmark");
  });

  it("queries made inside a session go through it; outside it, to the binding itself", async () => {
    const routed = sessionRouted(env.DB);
    expect(sessionRouted(env.DB)).toBe(routed);
    const { result, bookmark } = await inSession(routed, "first-primary", async () => {
      await routed.prepare("SELECT 1").first();
      return "done";
    });
    expect(result).toBe("done");
    expect(bookmark).toMatch(/^[0-9a-z-]+$/i);
    expect(await routed.prepare("SELECT 2 AS two").first("two")).toBe(2);
  });
});
