// DELETE /v1/api-keys/{id}. Revoked keys stop authenticating: test/routes/api-keys/authentication.test.ts;
// only the holder signed in manages keys: test/security/account-security-matrix.test.ts.
import { describe, it } from "vitest";
import { createKey } from "../../support/api-keys";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";

describe("DELETE /v1/api-keys/{id}", () => {
  it("another user's key is a 404 to revoke or rotate", async () => {
    const a = await registerUser();
    const b = await registerUser();
    const { id } = await createKey(a.token);
    expectErrorEnvelope(await api("DELETE", `/v1/api-keys/${id}`, { token: b.token }), 404, "RESOURCE_NOT_FOUND");
    expectErrorEnvelope(
      await api("POST", `/v1/api-keys/${id}/rotate`, { token: b.token, body: {} }),
      404,
      "RESOURCE_NOT_FOUND",
    );
  });
});
