import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { registerUser, type TestUser } from "../../support/factories";
import { api, BASE, expectErrorEnvelope } from "../../support/http";
import { servedOpenApiDocument } from "../../support/openapi";
import { heldSession, tokenWithScopes, topUp } from "../../support/sessions";

/** Every session route, as [method, path template, body]. */
const ROUTES: [string, string, unknown?][] = [
  ["GET", "/v1/sessions/{id}"],
  ["PUT", "/v1/sessions/{id}", { metadata: { tags: ["x"] } }],
  ["DELETE", "/v1/sessions/{id}"],
  ["GET", "/v1/sessions/{id}/analysis"],
  ["GET", "/v1/sessions/{id}/analysis/history"],
];

describe("session access matrix", () => {
  let owner: TestUser;
  let other: TestUser;
  let rvId: string;
  let dowsingId: string;

  beforeAll(async () => {
    owner = await registerUser();
    other = await registerUser();
    await topUp(owner.id);
    rvId = (await heldSession(owner.token)).id;
    dowsingId = (await heldSession(owner.token, { session_type: "dowsing" })).id;
  });

  it.each(ROUTES)(
    "%s %s: another user's session and an unknown id are 404 SESSION_NOT_FOUND",
    async (method, path, body) => {
      for (const id of [rvId, "session_1000000000000000000"]) {
        const err = expectErrorEnvelope(
          await api(method, path.replace("{id}", id), { token: other.token, body }),
          404,
          "SESSION_NOT_FOUND",
        );
        expect(err.details).toEqual({ session_id: id });
      }
    },
  );

  it.each(ROUTES)("%s %s: no credential is 401", async (method, path, body) => {
    expectErrorEnvelope(await api(method, path.replace("{id}", rvId), { body }), 401, "AUTHENTICATION_REQUIRED");
  });

  it("the WebSocket refuses another user before the upgrade with 404", async () => {
    const res = await exports.default.fetch(
      new Request(`${BASE}/v1/ws/${rvId}?access_token=${other.token}`, { headers: { Upgrade: "websocket" } }),
    );
    expect(res.status).toBe(404);
    expect(res.webSocket).toBeNull();
    expect(((await res.json()) as any).error.code).toBe("SESSION_NOT_FOUND");
  });

  it("checks the session family's scope, after ownership", async () => {
    // Every family scope except remote viewing's.
    const dowsingOnly = await tokenWithScopes(owner.id, [
      "dowsing:read",
      "dowsing:write",
      "dowsing:delete",
      "remote-viewing:read",
    ]);
    const err = expectErrorEnvelope(
      await api("PUT", `/v1/sessions/${rvId}`, { token: dowsingOnly, body: { metadata: { tags: [] } } }),
      403,
      "INSUFFICIENT_PERMISSIONS",
    );
    expect(err.details.required_scopes).toEqual(["remote-viewing:write"]);
    expectErrorEnvelope(
      await api("DELETE", `/v1/sessions/${rvId}`, { token: dowsingOnly }),
      403,
      "INSUFFICIENT_PERMISSIONS",
    );
    expect((await api("GET", `/v1/sessions/${rvId}`, { token: dowsingOnly })).status).toBe(200);

    const rvReadOnly = await tokenWithScopes(owner.id, ["remote-viewing:read"]);
    for (const path of [
      `/v1/sessions/${dowsingId}`,
      `/v1/sessions/${dowsingId}/analysis`,
      `/v1/sessions/${dowsingId}/analysis/history`,
    ]) {
      expect((await api("GET", path, { token: rvReadOnly })).body.error.details.required_scopes).toEqual([
        "dowsing:read",
      ]);
    }
    const ws = await exports.default.fetch(
      new Request(`${BASE}/v1/ws/${dowsingId}?access_token=${rvReadOnly}`, { headers: { Upgrade: "websocket" } }),
    );
    expect(ws.status).toBe(403);
    // Another user's session stays a 404 even for a credential without the scope.
    expectErrorEnvelope(
      await api("GET", `/v1/sessions/${dowsingId}`, {
        token: await tokenWithScopes(other.id, ["remote-viewing:read"]),
      }),
      404,
      "SESSION_NOT_FOUND",
    );
  });

  it("POST needs the write scope of the body's session_type", async () => {
    const rvWriter = await tokenWithScopes(owner.id, ["remote-viewing:write"]);
    const err = expectErrorEnvelope(
      await api("POST", "/v1/sessions", { token: rvWriter, body: { cue: "x", session_type: "precognition" } }),
      403,
      "INSUFFICIENT_PERMISSIONS",
    );
    expect(err.details.required_scopes).toEqual(["dowsing:write"]);
    expectErrorEnvelope(
      await api("POST", "/v1/sessions", {
        token: await tokenWithScopes(owner.id, ["profile"]),
        body: { cue: "x", session_type: "dowsing" },
      }),
      403,
      "INSUFFICIENT_PERMISSIONS",
    );
  });

  it("documents the WebSocket upgrade and its message format", async () => {
    const doc = await servedOpenApiDocument();
    const ws = doc.paths["/ws/{session_id}"].get;
    expect(ws.responses["101"]).toBeDefined();
    expect(ws.description).toContain('"snapshot"');
  });
});
