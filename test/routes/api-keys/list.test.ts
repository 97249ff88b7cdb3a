// GET /v1/api-keys. Who may call it is also tested for every operation at once: test/security/api1-bola.test.ts
// (another user's key), api5-function-level.test.ts and test/security/account-security-matrix.test.ts.
import { describe, expect, it } from "vitest";
import { createKey } from "../../support/api-keys";
import { registerUser } from "../../support/factories";
import { api } from "../../support/http";

describe("GET /v1/api-keys", () => {
  it("lists the caller's own keys, revoked ones marked, never a key's secret", async () => {
    const u = await registerUser();
    const other = await registerUser();
    const live = await createKey(u.token, { name: "live" });
    const gone = await createKey(u.token, { name: "gone" });
    const foreign = await createKey(other.token, { name: "foreign" });
    expect((await api("DELETE", `/v1/api-keys/${gone.id}`, { token: u.token })).status).toBe(200);

    const res = await api("GET", "/v1/api-keys", { token: u.token });
    expect(res.status).toBe(200);
    const byId = new Map(res.body.data.api_keys.map((k: { id: string }) => [k.id, k]));
    expect([...byId.keys()].sort()).toEqual([live.id, gone.id].sort());
    expect(byId.get(live.id)).toMatchObject({ name: "live", prefix: live.prefix, revoked: false });
    expect(byId.get(gone.id)).toMatchObject({ name: "gone", revoked: true });
    for (const secret of [live.key, gone.key, foreign.key]) expect(res.text).not.toContain(secret);
  });
});
