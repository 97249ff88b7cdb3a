import { describe, expect, it } from "vitest";

/**
 * Each operation's test sits beside it by name: src/routes/sessions/get.ts is tested in
 * test/routes/sessions/get.test.ts, which names the cross-cutting suites (test/security/, a family's
 * access.test.ts) that cover its callers. The next engineer finds an operation's behaviour from its
 * file without a search. Only the file names are read (the glob is not eager).
 */
const routeFiles = Object.keys(import.meta.glob("../../src/routes/**/*.ts"))
  .map((p) => p.replace("../../src/routes/", ""))
  .filter((p) => !/(^|\/)(index|schemas|[\w-]+-schemas)\.ts$/.test(p));
const testFiles = new Set(
  Object.keys(import.meta.glob("../routes/**/*.test.ts")).map((p) => p.replace("../routes/", "")),
);

/** Route files that hold no operation: helpers of the operations beside them. */
const NOT_OPERATIONS = new Set([
  "route.ts",
  "auth/result.ts",
  "console/assets.ts",
  "exports/respond.ts",
  "oauth/authorize-views.ts",
  "oauth/cors.ts",
  "oauth/endpoint.ts",
  "oauth/responses.ts",
  "scim/render.ts",
  "users/mfa/passkey-body.ts",
]);

/**
 * Operations still tested in a file named for their feature rather than for them, with that file.
 * The test fails when one gains its own file, so the list only shrinks.
 */
const IN_A_FEATURE_FILE: Record<string, string> = {
  "auth/email-change-confirm.ts": "users/request-email-change.test.ts",
  "auth/ldap.ts": "sso/ and test/e2e/sso-ldap.e2e.test.ts",
  "auth/logout.ts": "auth/tokens.test.ts",
  "auth/mfa-step-up-options.ts": "auth/mfa.test.ts",
  "auth/mfa-step-up.ts": "auth/mfa.test.ts",
  "auth/mfa-verify.ts": "auth/mfa.test.ts",
  "auth/passkey-login.ts": "auth/passkeys.test.ts",
  "auth/passkey-options.ts": "auth/passkeys.test.ts",
  "billing/retry-payment.ts": "billing/change-plan.test.ts",
  "oauth-clients/get.ts": "oauth-clients/create.test.ts",
  "oauth-clients/list.ts": "oauth-clients/create.test.ts",
  "oauth/authorization-server-metadata.ts": "oauth/well-known.test.ts",
  "oauth/authorize.ts": "oauth/authorize-page.test.ts, oauth/authorization-code.test.ts",
  "oauth/introspect.ts": "oauth/revoke-introspect.test.ts",
  "oauth/jwks.ts": "oauth/well-known.test.ts",
  "oauth/oidc.ts": "sso/oidc-discovery.test.ts",
  "oauth/protected-resource-metadata.ts": "oauth/mcp-authorization.test.ts",
  "oauth/register.ts": "oauth/mcp-authorization.test.ts",
  "oauth/revoke.ts": "oauth/revoke-introspect.test.ts",
  "oauth/sso.ts": "oauth/authorize-sso.test.ts",
  "oauth/token.ts": "oauth/authorization-code.test.ts, oauth/client-credentials.test.ts",
  "organizations/get-billing.ts": "organizations/org-resources.test.ts",
  "organizations/list-invitations.ts": "organizations/invite.test.ts",
  "organizations/list.ts": "organizations/get.test.ts",
  "organizations/mail-outbox.ts": "organizations/invite.test.ts",
  "organizations/purchase.ts": "organizations/org-resources.test.ts",
  "organizations/revoke-invitation.ts": "organizations/invite.test.ts",
  "organizations/scim/create-connection.ts": "scim/connections.test.ts",
  "organizations/scim/get-connection.ts": "scim/connections.test.ts",
  "organizations/scim/list-connections.ts": "scim/connections.test.ts",
  "organizations/scim/revoke-connection.ts": "scim/connections.test.ts",
  "organizations/scim/rotate-token.ts": "scim/connections.test.ts",
  "organizations/sso/add-domain.ts": "sso/sso.test.ts",
  "organizations/sso/create-connection.ts": "sso/connections.test.ts",
  "organizations/sso/delete-connection.ts": "sso/connections.test.ts",
  "organizations/sso/get-connection.ts": "sso/connections.test.ts",
  "organizations/sso/list-connections.ts": "sso/connections.test.ts",
  "organizations/sso/list-domains.ts": "sso/sso.test.ts",
  "organizations/sso/update-connection.ts": "sso/connections.test.ts",
  "organizations/sso/verify-domain.ts": "sso/sso.test.ts",
  "organizations/update-settings.ts": "organizations/require-mfa.test.ts",
  "users/accept-invitation.ts": "users/list-invitations.test.ts",
  "users/mfa/confirm-totp.ts": "auth/mfa.test.ts",
  "users/mfa/enrol-totp.ts": "auth/mfa.test.ts",
  "users/mfa/get-status.ts": "auth/mfa.test.ts",
  "users/mfa/list-passkeys.ts": "auth/passkeys.test.ts",
  "users/mfa/passkey-options.ts": "auth/passkeys.test.ts",
  "users/mfa/regenerate-recovery-codes.ts": "auth/mfa.test.ts",
  "users/mfa/register-passkey.ts": "auth/passkeys.test.ts",
  "users/mfa/remove-passkey.ts": "auth/passkeys.test.ts",
  "users/mfa/remove-totp.ts": "auth/mfa.test.ts",
  "users/mfa/rename-passkey.ts": "auth/passkeys.test.ts",
  "webhooks/get.ts": "webhooks/list.test.ts",
  "webhooks/list-deliveries.ts": "webhooks/recover.test.ts and test/webhook-delivery/",
  "webhooks/replay.ts": "test/webhook-delivery/consumer.test.ts",
  "webhooks/test-ping.ts": "test/webhook-delivery/consumer.test.ts",
  "ws/connect.ts": "test/durable-objects/session-room/websocket.test.ts",
};

describe("each operation's test beside it", () => {
  it("every route file that holds an operation has test/routes/<same path>.test.ts, or is listed", () => {
    const missing = routeFiles
      .filter((f) => !NOT_OPERATIONS.has(f) && !testFiles.has(f.replace(/\.ts$/, ".test.ts")))
      .sort();
    expect(missing).toEqual(Object.keys(IN_A_FEATURE_FILE).sort());
  });

  it("the lists name only files that exist", () => {
    const routes = new Set(routeFiles);
    expect([...NOT_OPERATIONS, ...Object.keys(IN_A_FEATURE_FILE)].filter((f) => !routes.has(f))).toEqual([]);
  });
});
