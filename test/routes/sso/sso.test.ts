import { describe, expect, inject, it } from "vitest";
import { registerVerifiedUser } from "../../support/email";
import { PASSWORD, registerUser, type TestUser } from "../../support/factories";

import { api, BASE, workerFetch } from "../../support/http";

import { b64, responseXml, signElement } from "../../support/saml";
import { enforceSso, ldapOrganization, requestIdFrom, samlOrganization } from "../../support/sso";

const keys = inject("samlKeys");
const ldap = inject("ldap");

async function members(
  owner: TestUser,
  orgId: string,
): Promise<Array<{ email?: string; role: string; user_id?: string }>> {
  const res = await api("GET", `/v1/organizations/${orgId}/members`, { token: owner.token });
  return res.body.data.members;
}

const samlSetup = (domain?: string) => samlOrganization(keys.idp.cert, domain);

/** The IdP redirect as the browser receives it (not followed). */
function noFollow(path: string): Promise<Response> {
  return workerFetch(new Request(`${BASE}${path}`, { redirect: "manual" }));
}

function postAcs(connectionId: string, samlResponse: string) {
  return api("POST", `/saml/acs/${connectionId}`, {
    raw: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: "x" }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

describe("SAML sign-on through the routes", () => {
  it("serves SP metadata, redirects to the IdP, and signs in just in time with the mapped role", async () => {
    const { owner, orgId, connection, email: inDomain } = await samlSetup();
    const metadata = await api("GET", `/saml/metadata/${connection.id}`);
    expect(metadata.text).toContain(`entityID="${connection.sp.entityId}"`);
    expect(metadata.text).toContain(`Location="${connection.sp.acsUrl}"`);

    const login = await noFollow(`/saml/login?connection=${connection.id}`);
    expect(login.status).toBe(302);
    const location = login.headers.get("location") ?? "";
    expect(location.startsWith("https://idp.test/sso?SAMLRequest=")).toBe(true);
    const requestId = await requestIdFrom(location);

    const email = inDomain("saml");
    const xml = responseXml({
      nameId: email,
      inResponseTo: requestId,
      audience: connection.sp.entityId,
      recipient: connection.sp.acsUrl,
      destination: connection.sp.acsUrl,
      attributes: { email: [email], groups: ["admins"] },
    });
    const signed = b64(await signElement(xml, "_assert1", keys.idp));
    const res = await postAcs(connection.id, signed);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const me = await api("GET", "/v1/users/me", { token: res.body.data.token });
    expect(me.body.data.email).toBe(email);
    const member = (await members(owner, orgId)).find((m) => m.user_id === res.body.data.user.id);
    expect(member?.role).toBe("admin");

    // The same response again: the request id is spent and the assertion id is in the replay cache.
    const replay = await postAcs(connection.id, signed);
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe("SAML_RESPONSE_INVALID");
  });

  it("refuses bad responses and provisions nobody", async () => {
    const { owner, orgId, connection } = await samlSetup();
    const before = (await members(owner, orgId)).length;
    const base = {
      audience: connection.sp.entityId,
      recipient: connection.sp.acsUrl,
      destination: connection.sp.acsUrl,
      inResponseTo: null,
    };
    const cases: Array<[string, string]> = [
      ["unsigned", b64(responseXml({ ...base, assertionId: "_u1" }))],
      ["unknown cert", b64(await signElement(responseXml({ ...base, assertionId: "_c1" }), "_c1", keys.attacker))],
      [
        "wrong audience",
        b64(
          await signElement(responseXml({ ...base, audience: "https://x.test", assertionId: "_a1" }), "_a1", keys.idp),
        ),
      ],
      [
        "expired",
        b64(
          await signElement(
            responseXml({
              ...base,
              assertionId: "_e1",
              issueInstant: new Date(Date.now() - 3_600_000),
              notOnOrAfter: new Date(Date.now() - 1_800_000),
            }),
            "_e1",
            keys.idp,
          ),
        ),
      ],
      [
        "tampered",
        b64(
          (
            await signElement(responseXml({ ...base, assertionId: "_t1", nameId: "a@example.com" }), "_t1", keys.idp)
          ).replace("a@example.com</saml:NameID>", "b@example.com</saml:NameID>"),
        ),
      ],
      [
        "unknown request",
        b64(
          await signElement(responseXml({ ...base, inResponseTo: "_never_sent", assertionId: "_r1" }), "_r1", keys.idp),
        ),
      ],
    ];
    for (const [name, body] of cases) {
      const res = await postAcs(connection.id, body);
      expect([name, res.status, res.body.error?.code]).toEqual([name, 401, "SAML_RESPONSE_INVALID"]);
    }
    expect((await members(owner, orgId)).length).toBe(before);
  });

  it("routes a verified domain to its connection and enforces SSO over passwords", async () => {
    const domain = `corp-${Date.now().toString(36)}.example`;
    const { owner, orgId, connection } = await samlSetup(domain);
    const byEmail = await noFollow(`/saml/login?email=someone@${domain}`);
    expect(byEmail.status).toBe(302);

    const employee = await registerVerifiedUser({ email: `emp.${Date.now().toString(36)}@${domain}` });
    const inv = await api("POST", `/v1/organizations/${orgId}/invitations`, {
      token: owner.token,
      body: { email: employee.email, role: "member" },
    });
    expect(inv.status).toBe(201);
    const token = inv.body.data.token as string;
    const accept = await api("POST", "/v1/organizations/invitations/accept", {
      token: employee.token,
      body: { token },
    });
    expect(accept.status).toBe(200);
    await enforceSso(owner, orgId, keys.idp.cert);
    const refused = await api("POST", "/v1/auth/login", { body: { email: employee.email, password: PASSWORD } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("SSO_REQUIRED");
    expect(refused.body.error.details.sign_in).toContain(`${BASE}/saml/login?connection=`);
    expect(connection.id).toMatch(/^sso_/);
  });

  it("lets only admins and owners configure connections", async () => {
    const { owner, orgId } = await samlSetup();
    const stranger = await registerUser();
    const res = await api("GET", `/v1/organizations/${orgId}/sso/connections`, { token: stranger.token });
    expect(res.status).toBe(404);
    const mine = await api("GET", `/v1/organizations/${orgId}/sso/connections`, { token: owner.token });
    expect(mine.status).toBe(200);
  });
});

describe("LDAP sign-on through the routes", () => {
  async function ldapSetup(url = ldap.plainUrl) {
    const { owner, orgId, connection, response } = await ldapOrganization(url, "service-secret");
    expect(JSON.stringify(response)).not.toContain("service-secret");
    return { owner, orgId, connection };
  }

  it("signs in with the directory password and the group-mapped role", async () => {
    const { owner, orgId, connection } = await ldapSetup();
    const res = await api("POST", "/v1/auth/ldap", { body: { connection, username: "ada", password: "ada-pass-1" } });
    expect(res.status).toBe(200);
    const member = (await members(owner, orgId)).find((m) => m.user_id === res.body.data.user.id);
    expect(member?.role).toBe("admin");
    const me = await api("GET", "/v1/users/me", { token: res.body.data.token });
    expect(me.body.data.email).toBe("ada@example.test");
  });

  it("refuses wrong, empty and injected credentials and a silent directory, provisioning nobody", async () => {
    const { owner, orgId, connection } = await ldapSetup(ldap.ldapsUrl);
    const attempts: Array<[string, string, number, string]> = [
      ["bob", "wrong-password", 401, "INVALID_CREDENTIALS"],
      ["bob", "", 401, "INVALID_CREDENTIALS"],
      ["*)(uid=*))(|(uid=*", "bob-pass-1", 401, "INVALID_CREDENTIALS"],
    ];
    for (const [username, password, status, code] of attempts) {
      const res = await api("POST", "/v1/auth/ldap", { body: { connection, username, password } });
      expect([username, password, res.status, res.body.error?.code]).toEqual([username, password, status, code]);
    }
    expect((await members(owner, orgId)).length).toBe(1);

    const silent = await ldapSetup(ldap.silentUrl);
    const res = await api("POST", "/v1/auth/ldap", {
      body: { connection: silent.connection, username: "bob", password: "bob-pass-1" },
    });
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe("DIRECTORY_UNAVAILABLE");
  });
});
