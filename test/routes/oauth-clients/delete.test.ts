// DELETE /v1/oauth/clients/{id} (and GET of another user's client: a 404).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { failingD1 } from "../../support/faults";
import { api, apiWithEnv, expectErrorEnvelope } from "../../support/http";
import { createClient } from "../../support/oauth";

describe("DELETE /v1/oauth/clients/{client_id}", () => {
  it("another user's client is a 404; delete works once", async () => {
    const a = await registerUser();
    const b = await registerUser();
    const c = await createClient(a.token);
    expectErrorEnvelope(
      await api("GET", `/v1/oauth/clients/${c.client_id}`, { token: b.token }),
      404,
      "RESOURCE_NOT_FOUND",
    );
    expectErrorEnvelope(
      await api("DELETE", `/v1/oauth/clients/${c.client_id}`, { token: b.token }),
      404,
      "RESOURCE_NOT_FOUND",
    );
    expect((await api("DELETE", `/v1/oauth/clients/${c.client_id}`, { token: a.token })).status).toBe(200);
    expectErrorEnvelope(
      await api("DELETE", `/v1/oauth/clients/${c.client_id}`, { token: a.token }),
      404,
      "RESOURCE_NOT_FOUND",
    );
  });
  it("delete is one commit: a failed refresh-token revocation leaves the client in place", async () => {
    const a = await registerUser();
    const c = await createClient(a.token);
    const failing = failingD1(env.DB, { match: /^update "refresh_tokens"/i });
    const res = await apiWithEnv({ DB: failing.db }, "DELETE", `/v1/oauth/clients/${c.client_id}`, { token: a.token });
    expect(failing.failed).toHaveLength(1);
    expectErrorEnvelope(res, 500, "DATABASE_ERROR");
    expect((await api("GET", `/v1/oauth/clients/${c.client_id}`, { token: a.token })).status).toBe(200);
    expect((await api("DELETE", `/v1/oauth/clients/${c.client_id}`, { token: a.token })).status).toBe(200);
    expect((await api("GET", `/v1/oauth/clients/${c.client_id}`, { token: a.token })).status).toBe(404);
  });
});
