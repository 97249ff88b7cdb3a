import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error — plain .mjs helper
import { generateDevDataKey, generateDevSigningKey } from "../../scripts/dev-key.mjs";
import { apiClient, eventually } from "./support/api";
import { startTwoIsolates, type TwoIsolates } from "./support/two-isolates";
import { freePort } from "./support/wrangler";

/**
 * The revocation bound across isolates (docs/security.md, "Revocation
 * bound"): the Worker twice in one workerd — two isolates, each with its own
 * caches — over one local D1 and KV (support/two-isolates.ts says why not two
 * processes). A revocation made through A is refused by B, from B's own read
 * of the shared state (B never saw A's memory). Locally KV would be immediately
 * consistent too; what this proves is that B checks shared state, and that its
 * cache does not outlive the bound (the cache's expiry itself is tested with an
 * injected clock in test/db/revocations.test.ts).
 */
describe("revocation across two isolates", () => {
  let isolates: TwoIsolates;
  beforeAll(async () => {
    const issuerPort = await freePort();
    isolates = await startTwoIsolates({
      JWT_PRIVATE_KEY: (await generateDevSigningKey()) as string,
      DATA_ENCRYPTION_KEY: generateDevDataKey() as string,
      // One issuer for both, so either accepts the other's tokens.
      AUTH_ISSUER: `http://127.0.0.1:${issuerPort}`,
    });
  }, 180_000);
  // A failed step prints what workerd logged: the Worker logs a 5xx's cause there.
  afterEach(({ task }) => {
    if (task.result?.state === "fail") console.log(`workerd output:\n${isolates?.output() ?? "(not started)"}`);
  });
  afterAll(async () => {
    await isolates?.stop();
  });

  const onA = apiClient(() => isolates.urls[0]);
  const onB = apiClient(() => isolates.urls[1]);

  it("a logout through A is refused by B on its first check", async () => {
    const token = await onA.register("revoke-a");
    expect((await onA.call("GET", "/v1/users/me", token)).status).toBe(200);
    expect((await onA.call("POST", "/v1/auth/logout", token)).status).toBeLessThan(300);
    const res = await onB.call("GET", "/v1/users/me", token);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("TOKEN_INVALID");
  });

  it("a logout through A reaches B even after B cached the token as good (bound: 5 s)", async () => {
    const token = await onA.register("revoke-warm");
    expect((await onB.call("GET", "/v1/users/me", token)).status).toBe(200);
    expect((await onA.call("POST", "/v1/auth/logout", token)).status).toBeLessThan(300);
    const refused = await eventually("B refuses the revoked token", async () => {
      const res = await onB.call("GET", "/v1/users/me", token);
      return res.status === 401 ? res : undefined;
    });
    expect(refused.body.error.code).toBe("TOKEN_INVALID");
  });

  it("an API key revoked through A is refused by B, also after B cached it", async () => {
    const token = await onA.register("revoke-key");
    const created = await onA.call("POST", "/v1/api-keys", token, { name: "two isolates", scopes: ["profile"] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const key = created.body.data.key as string;
    const id = created.body.data.id as string;
    expect((await onB.call("GET", "/v1/users/me", undefined, undefined, { "x-api-key": key })).status).toBe(200);
    expect((await onA.call("DELETE", `/v1/api-keys/${id}`, token)).status).toBeLessThan(300);
    const refused = await eventually("B refuses the revoked key", async () => {
      const res = await onB.call("GET", "/v1/users/me", undefined, undefined, { "x-api-key": key });
      return res.status === 401 ? res : undefined;
    });
    expect(refused.body.error.code).toBe("TOKEN_INVALID");
  });
});
