import { expect } from "vitest";
import { registerUser } from "./factories";
import { api } from "./http";
import { createOrganization } from "./organizations";

/**
 * An organization with a SAML connection to the test IdP (https://idp.test, signing with `cert`,
 * `admins` → admin) and, given `domain`, that email domain verified (SSO_DOMAIN_VERIFICATION=skip).
 */
export async function samlOrganization(cert: string, domain?: string) {
  const owner = await registerUser();
  const orgId = await createOrganization(owner);
  const res = await api("POST", `/v1/organizations/${orgId}/sso/connections`, {
    token: owner.token,
    body: {
      kind: "saml",
      name: "Okta",
      saml: {
        idp_entity_id: "https://idp.test/metadata",
        sso_url: "https://idp.test/sso",
        certificates: [cert],
        group_roles: { admins: "admin" },
      },
    },
  });
  expect(res.status).toBe(201);
  if (domain) {
    const d = await api("POST", `/v1/organizations/${orgId}/sso/domains`, { token: owner.token, body: { domain } });
    await api("POST", `/v1/organizations/${orgId}/sso/domains/${d.body.data.id}/verify`, { token: owner.token });
  }
  return { owner, orgId, connection: res.body.data as { id: string; sp: { entityId: string; acsUrl: string } } };
}

/** The ID of the AuthnRequest in an HTTP-Redirect binding URL (to answer it with InResponseTo). */
export async function requestIdFrom(location: string): Promise<string> {
  const encoded = new URL(location).searchParams.get("SAMLRequest") ?? "";
  const bytes = Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
  const xml = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"))).text();
  return /ID="([^"]+)"/.exec(xml)?.[1] ?? "";
}
