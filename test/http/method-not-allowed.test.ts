import { describe, expect, it } from "vitest";
import { registerUser } from "../support/factories";
import { api, expectErrorEnvelope } from "../support/http";

/** RFC 9110 §15.5.6: a known path with a method it does not serve is 405 with an Allow header. */
const allowOf = (res: { headers: Headers }) =>
  (res.headers.get("allow") ?? "")
    .split(",")
    .map((m) => m.trim())
    .filter(Boolean)
    .sort();

describe("405 METHOD_NOT_ALLOWED", () => {
  it("answers a wrong method on a /v1 path with 405 and the path's methods in Allow", async () => {
    const u = await registerUser();
    const res = await api("PATCH", "/v1/sessions", { token: u.token, body: {} });
    const err = expectErrorEnvelope(res, 405, "METHOD_NOT_ALLOWED");
    expect(allowOf(res)).toEqual(["GET", "HEAD", "OPTIONS", "POST"]);
    expect(err.details).toMatchObject({ method: "PATCH", allowed: ["GET", "HEAD", "OPTIONS", "POST"] });
  });

  it("matches path parameters, without authenticating first", async () => {
    const res = await api("POST", "/v1/sessions/session_1000000000000000000");
    expectErrorEnvelope(res, 405, "METHOD_NOT_ALLOWED");
    expect(allowOf(res)).toEqual(["DELETE", "GET", "HEAD", "OPTIONS", "PUT"]);
    const webhook = await api("DELETE", "/v1/webhooks/webhook_1/test");
    expect(allowOf(webhook)).toEqual(["OPTIONS", "POST"]);
  });

  it("also on the authorization server's paths", async () => {
    const res = await api("GET", "/oauth2/token");
    expectErrorEnvelope(res, 405, "METHOD_NOT_ALLOWED");
    expect(allowOf(res)).toEqual(["OPTIONS", "POST"]);
  });

  it("an unknown path is still 404 ROUTE_NOT_FOUND", async () => {
    expectErrorEnvelope(await api("PATCH", "/v1/no-such-thing"), 404, "ROUTE_NOT_FOUND");
    expectErrorEnvelope(await api("GET", "/v1/sessions/a/b/c"), 404, "ROUTE_NOT_FOUND");
  });

  it("HEAD is served wherever GET is, and a CORS preflight still answers 204", async () => {
    const u = await registerUser();
    const head = await api("HEAD", "/v1/users/me", { token: u.token });
    expect(head.status).toBe(200);
    expect(head.text).toBe("");
    const preflight = await api("OPTIONS", "/v1/sessions", {
      headers: { origin: "https://app.example", "access-control-request-method": "POST" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("OPTIONS outside /v1 answers 204 with Allow", async () => {
    const res = await api("OPTIONS", "/oauth2/token");
    expect(res.status).toBe(204);
    expect(allowOf(res)).toEqual(["OPTIONS", "POST"]);
  });
});
