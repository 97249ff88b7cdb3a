// PUT /v1/admin/users/{user_id}/role. Who may call an admin operation: test/security/api5-function-level.test.ts.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { adminTrailOf } from "../../../src/db/admin-audit";
import { adminUser, PASSWORD, registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";

describe("PUT /v1/admin/users/{user_id}/role", () => {
  it("an administrator names and removes another, recorded in admin_audit; others cannot", async () => {
    const admin = await adminUser();
    const user = await registerUser();
    const signIn = async () =>
      (await api("POST", "/v1/auth/login", { body: { email: user.email, password: PASSWORD } })).body.data
        .token as string;
    expectErrorEnvelope(
      await api("PUT", `/v1/admin/users/${admin.id}/role`, { token: user.token, body: { role: "user" } }),
      403,
      "INSUFFICIENT_PERMISSIONS",
    );

    const granted = await api("PUT", `/v1/admin/users/${user.id}/role`, {
      token: admin.token,
      body: { role: "admin" },
    });
    expect(granted.body.data).toEqual({ user_id: user.id, role: "admin" });
    expect((await api("GET", "/v1/admin/system/status", { token: await signIn() })).status).toBe(200);
    // Again: nothing changes, nothing is recorded.
    expect(
      (await api("PUT", `/v1/admin/users/${user.id}/role`, { token: admin.token, body: { role: "admin" } })).status,
    ).toBe(200);

    const adminToken = await signIn();
    expect(
      (await api("PUT", `/v1/admin/users/${user.id}/role`, { token: admin.token, body: { role: "user" } })).status,
    ).toBe(200);
    // The role is read from D1 on admin calls: the demotion applies to the token at once.
    expectErrorEnvelope(
      await api("GET", "/v1/admin/system/status", { token: adminToken }),
      403,
      "INSUFFICIENT_PERMISSIONS",
    );
    expect(await adminTrailOf(env.DB, user.id)).toEqual([
      { action: "granted", actor: admin.id, created_at: expect.any(String) },
      { action: "revoked", actor: admin.id, created_at: expect.any(String) },
    ]);
    expectErrorEnvelope(
      await api("PUT", "/v1/admin/users/user_1/role", { token: admin.token, body: { role: "admin" } }),
      404,
      "RESOURCE_NOT_FOUND",
    );
  });
});
