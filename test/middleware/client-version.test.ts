import { describe, expect, it } from "vitest";
import { CURRENT_API_VERSION } from "../../src/http/api-versions";
import { registerUser } from "../support/factories";
import { api, expectErrorEnvelope } from "../support/http";

/** X-Client-Version (spec part 9): the second step of the request path, after the request id. */
describe("client version", () => {
  it("says which version served a response, whatever date a client pins", async () => {
    const u = await registerUser();
    for (const pinned of [undefined, "2020-01-01", "2099-12-31", CURRENT_API_VERSION]) {
      const res = await api("GET", "/v1/users/me", {
        token: u.token,
        headers: pinned ? { "x-client-version": pinned } : {},
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("x-api-version")).toBe(CURRENT_API_VERSION);
    }
  });

  it("a malformed date is 400 INVALID_FIELD_VALUE naming the header", async () => {
    const err = expectErrorEnvelope(
      await api("GET", "/v1/users/me", { headers: { "x-client-version": "2026-13-45" } }),
      400,
      "INVALID_FIELD_VALUE",
    );
    expect(err.details).toMatchObject({ field: "X-Client-Version", location: "header" });
  });

  it("is checked before authentication and the rate limit: a bad date with a bad token is a 400, uncounted", async () => {
    const res = await api("GET", "/v1/users/me", {
      token: "not-a-token",
      headers: { "x-client-version": "someday" },
    });
    expectErrorEnvelope(res, 400, "INVALID_FIELD_VALUE");
    expect(res.headers.get("ratelimit")).toBeNull();
    expect(res.headers.get("www-authenticate")).toBeNull();
  });

  it("a browser's cross-origin caller can read the refusal: the 400 carries the CORS headers and the request id", async () => {
    const res = await api("GET", "/v1/users/me", {
      headers: { "x-client-version": "someday", origin: "https://app.example", "x-request-id": "bad-version-cors" },
    });
    expect(expectErrorEnvelope(res, 400, "INVALID_FIELD_VALUE").request_id).toBe("bad-version-cors");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-expose-headers")).toContain("X-Request-Id");
    expect(res.headers.get("x-api-version")).toBeNull();
  });
});
