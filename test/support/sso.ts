import { expect } from "vitest";
import { registerUser } from "./factories";
import { api, workerFetch } from "./http";
import { postForm } from "./oauth";
import { createOrganization } from "./organizations";
import { b64, responseXml, signElement } from "./saml";
import { ldapConnectionBody } from "./sso-fixtures";

/** A SAML connection to the test IdP (https://idp.test, signing with `cert`, `admins` → admin). */
const samlConnectionBody = (cert: string, name: string, enforced = false) => ({
  kind: "saml",
  name,
  enforced,
  saml: {
    idp_entity_id: "https://idp.test/metadata",
    sso_url: "https://idp.test/sso",
    certificates: [cert],
    group_roles: { admins: "admin" },
  },
});

/** A second connection that enforces SSO: members in the organization's verified domains must use it. */
export async function enforceSso(owner: { token: string }, orgId: string, cert: string) {
  const res = await api("POST", `/v1/organizations/${orgId}/sso/connections`, {
    token: owner.token,
    body: samlConnectionBody(cert, "Enforced", true),
  });
  expect(res.status).toBe(201);
  return res.body.data as { id: string };
}

/**
 * An organization with a SAML connection to the test IdP (https://idp.test, signing with `cert`,
 * `admins` → admin) and, given `domain`, that email domain verified (SSO_DOMAIN_VERIFICATION=skip).
 */
export async function samlOrganization(cert: string, domain?: string) {
  const owner = await registerUser();
  const orgId = await createOrganization(owner);
  const res = await api("POST", `/v1/organizations/${orgId}/sso/connections`, {
    token: owner.token,
    body: samlConnectionBody(cert, "Okta"),
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

/** An organization with the tests' LDAP connection (sso-fixtures.ts) to the directory at `url`. */
export async function ldapOrganization(url: string, servicePassword: string) {
  const owner = await registerUser();
  const orgId = await createOrganization(owner);
  const res = await api("POST", `/v1/organizations/${orgId}/sso/connections`, {
    token: owner.token,
    body: ldapConnectionBody(url, servicePassword),
  });
  expect(res.status).toBe(201);
  return { owner, orgId, connection: res.body.data.id as string, response: res.body };
}

/**
 * What the IdP posts back after the user signed in there: a response to the request in `idpUrl`,
 * signed with `idpKeys`, for `email` in the `admins` group, with the request's RelayState.
 */
export async function idpAnswer(
  idpUrl: string,
  connection: { sp: { entityId: string; acsUrl: string } },
  email: string,
  idpKeys: Parameters<typeof signElement>[2],
) {
  const relayState = new URL(idpUrl).searchParams.get("RelayState") ?? "";
  const id = `_a${crypto.randomUUID().replace(/-/g, "")}`;
  const xml = responseXml({
    assertionId: id,
    nameId: email,
    inResponseTo: await requestIdFrom(idpUrl),
    audience: connection.sp.entityId,
    recipient: connection.sp.acsUrl,
    destination: connection.sp.acsUrl,
    attributes: { email: [email], groups: ["admins"] },
  });
  return { SAMLResponse: b64(await signElement(xml, id, idpKeys)), RelayState: relayState };
}

/** The IdP's cross-site POST to the ACS: none of the browser's cookies for our site go with it. */
export const postAcs = (connectionId: string, form: Record<string, string>) =>
  postForm(`/saml/acs/${connectionId}`, form, {}, (r) => workerFetch(new Request(r, { redirect: "manual" })));
