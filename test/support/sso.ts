import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { registerUser } from "./factories";
import { api, workerFetch } from "./http";
import { postForm } from "./oauth";
import { createOrganization } from "./organizations";
import { b64, responseXml, signElement } from "./saml";
import { ldapConnectionBody, samlConnectionBody } from "./sso-fixtures";

/** A second connection that enforces SSO: members in the organization's verified domains must use it. */
export async function enforceSso(owner: { token: string }, orgId: string, cert: string) {
  const res = await api("POST", `/v1/organizations/${orgId}/sso/connections`, {
    token: owner.token,
    body: samlConnectionBody(cert, "Enforced", true),
  });
  expect(res.status).toBe(201);
  return res.body.data as { id: string };
}

/** A domain no other test uses: a connection may assert only emails in its organization's verified domains. */
export const uniqueDomain = (prefix = "corp") =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}.example`;

/** Add `domain` to the organization and verify it (SSO_DOMAIN_VERIFICATION=skip): the API's answer to the verify. */
async function verifyDomain(owner: { token: string }, orgId: string, domain: string) {
  const d = await api("POST", `/v1/organizations/${orgId}/sso/domains`, { token: owner.token, body: { domain } });
  expect(d.status).toBe(201);
  return api("POST", `/v1/organizations/${orgId}/sso/domains/${d.body.data.id}/verify`, { token: owner.token });
}

/**
 * Verify a domain every test shares (the test directory's example.test): the organization an
 * earlier test made gives it up first, since one organization at a time may hold it.
 */
export async function claimDomain(owner: { token: string }, orgId: string, domain: string) {
  await env.DB.prepare("UPDATE sso_domains SET verified_at = NULL WHERE domain = ? AND verified_at IS NOT NULL")
    .bind(domain)
    .run();
  const res = await verifyDomain(owner, orgId, domain);
  expect(res.status).toBe(200);
}

/**
 * An organization with a SAML connection to the test IdP (https://idp.test, signing with `cert`,
 * `admins` → admin) and an email domain verified (SSO_DOMAIN_VERIFICATION=skip): `domain`, or one of
 * its own. `email()` makes an address in it.
 */
export async function samlOrganization(cert: string, domain = uniqueDomain()) {
  const owner = await registerUser();
  const orgId = await createOrganization(owner);
  const res = await api("POST", `/v1/organizations/${orgId}/sso/connections`, {
    token: owner.token,
    body: samlConnectionBody(cert, "Okta"),
  });
  expect(res.status).toBe(201);
  expect((await verifyDomain(owner, orgId, domain)).status).toBe(200);
  const email = (prefix = "person") => `${prefix}.${Math.random().toString(36).slice(2, 10)}@${domain}`;
  return {
    owner,
    orgId,
    domain,
    email,
    connection: res.body.data as { id: string; sp: { entityId: string; acsUrl: string } },
  };
}

/** The ID of the AuthnRequest in an HTTP-Redirect binding URL (to answer it with InResponseTo). */
export async function requestIdFrom(location: string): Promise<string> {
  const encoded = new URL(location).searchParams.get("SAMLRequest") ?? "";
  const bytes = Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
  const xml = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"))).text();
  return /ID="([^"]+)"/.exec(xml)?.[1] ?? "";
}

/**
 * An organization with the tests' LDAP connection (sso-fixtures.ts) to the directory at `url`,
 * holding the directory's email domain example.test (claimDomain).
 */
export async function ldapOrganization(url: string, servicePassword: string) {
  const owner = await registerUser();
  const orgId = await createOrganization(owner);
  const res = await api("POST", `/v1/organizations/${orgId}/sso/connections`, {
    token: owner.token,
    body: ldapConnectionBody(url, servicePassword),
  });
  expect(res.status).toBe(201);
  await claimDomain(owner, orgId, "example.test");
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

/** The issuer of the OIDC connections storedOidcConnection makes (nothing answers there: the entry is under test). */
export const OIDC_PROVIDER = "https://login.corp-idp.example";

/**
 * An OIDC connection as the API stores one, with what discovery would have said. Made in D1
 * directly: creating one discovers its issuer over the network, which only the e2e suite has
 * (test/e2e/sso-oidc.e2e.test.ts signs in through it end to end); here the entry is under test.
 */
export async function storedOidcConnection(orgId: string, enforced = false): Promise<string> {
  const id = `sso_${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const at = new Date().toISOString();
  const config = {
    issuer: OIDC_PROVIDER,
    client_id: "corp-client",
    scopes: ["email", "profile"],
    groups_claim: "groups",
    group_roles: {},
    default_role: "member",
    authorization_endpoint: `${OIDC_PROVIDER}/authorize`,
    token_endpoint: `${OIDC_PROVIDER}/token`,
    jwks_uri: `${OIDC_PROVIDER}/jwks`,
    id_token_algs: ["RS256"],
    token_endpoint_auth_method: "client_secret_basic",
  };
  await env.DB.prepare(
    "INSERT INTO sso_connections (id, organization_id, kind, name, config, secret_sealed, enforced, created_at, updated_at) VALUES (?, ?, 'oidc', 'Entra ID', ?, NULL, ?, ?, ?)",
  )
    .bind(id, orgId, JSON.stringify(config), enforced ? 1 : 0, at, at)
    .run();
  return id;
}

/** An organization with an OIDC connection and `domain` verified. */
export async function oidcOrganization(domain = uniqueDomain("oidc")) {
  const owner = await registerUser();
  const orgId = await createOrganization(owner);
  const connectionId = await storedOidcConnection(orgId);
  expect((await verifyDomain(owner, orgId, domain)).status).toBe(200);
  return { owner, orgId, connectionId, domain };
}
