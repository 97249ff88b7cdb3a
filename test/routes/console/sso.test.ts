import { describe, expect, inject, it } from "vitest";
import { PASSWORD, registerUser } from "../../support/factories";
import { api } from "../../support/http";
import { Browser } from "../../support/oauth";
import { addMember } from "../../support/organizations";
import { enforceSso, postAcs, samlOrganization, idpAnswer as signedAnswer } from "../../support/sso";

/**
 * "Sign in with SSO" on the console (docs/sso.md): GET /console/session/sso sends the browser to
 * the IdP with RelayState `console:<handle>` and the handle in a cookie; the ACS's 303 back to
 * /console/session/sso/finish sets the console's session cookies only in that browser, once.
 */
const keys = inject("samlKeys");
const idpAnswer = (idpUrl: string, connection: { sp: { entityId: string; acsUrl: string } }, email: string) =>
  signedAnswer(idpUrl, connection, email, keys.idp);
let n = 0;
const freshDomain = () => `console${Date.now().toString(36)}${n++}.example.org`;

async function startSso(browser: Browser, login: string) {
  const res = await browser.request("GET", `/console/session/sso?${new URLSearchParams({ login })}`);
  return { res, idpUrl: res.status === 302 ? res.location! : undefined };
}

const cookieValue = (setCookies: string[], name: string) =>
  setCookies
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1)
    .split(";")[0] ?? "";

describe("Sign in with SSO on the console", () => {
  it("goes to the IdP and comes back with the console's session cookies, landing on the dashboard", async () => {
    const domain = freshDomain();
    const { connection, orgId, owner } = await samlOrganization(keys.idp.cert, domain);
    const browser = new Browser();
    const { res, idpUrl } = await startSso(browser, `someone@${domain}`);
    expect(res.status).toBe(302);
    expect(idpUrl?.startsWith("https://idp.test/sso?SAMLRequest=")).toBe(true);
    expect(new URL(idpUrl!).searchParams.get("RelayState")).toMatch(/^console:[A-Za-z0-9_-]{43}$/);
    expect(res.headers.getSetCookie().join("\n")).toMatch(
      /sas_console_sso=.*Path=\/console\/session\/sso.*HttpOnly.*SameSite=Lax/,
    );

    const email = `dana@${domain}`;
    const acs = await postAcs(connection.id, await idpAnswer(idpUrl!, connection, email));
    expect([acs.status, acs.text]).toEqual([303, ""]);
    const handoff = new URL(acs.headers.get("location")!, "https://x.invalid");
    expect(handoff.pathname).toBe("/console/session/sso/finish");

    const back = await browser.request("GET", `${handoff.pathname}${handoff.search}`);
    expect([back.status, back.location]).toEqual([303, "/"]);
    const setCookies = back.headers.getSetCookie();
    expect(setCookies.find((c) => c.startsWith("sas_session="))).toMatch(/HttpOnly.*SameSite=Strict/);
    expect(cookieValue(setCookies, "sas_refresh")).not.toBe("");
    expect(cookieValue(setCookies, "sas_csrf")).not.toBe("");

    // The session cookie is the console's: the API answers as the provisioned user.
    const me = await api("GET", "/v1/users/me", {
      headers: { cookie: `sas_session=${cookieValue(setCookies, "sas_session")}` },
    });
    expect(me.status).toBe(200);
    expect(me.body.data.user?.email ?? me.body.data.email).toBe(email);
    const members = (await api("GET", `/v1/organizations/${orgId}/members`, { token: owner.token })).body.data.members;
    expect(members.find((m: { email?: string }) => m.email === email)?.role).toBe("admin");

    // The hand-off is one-time: replayed (even with a fresh cookie of the same handle), it is refused.
    const replay = new Browser();
    const cookie = cookieValue(res.headers.getSetCookie(), "sas_console_sso");
    const again = await replay.request("GET", `${handoff.pathname}${handoff.search}`, undefined, {
      cookie: `sas_console_sso=${cookie}`,
    });
    expect([again.status, again.location]).toEqual([303, "/signin?sso_error=refused"]);
    expect(again.headers.getSetCookie().join("\n")).not.toMatch(/sas_session=[^;]/);
  });

  it("signs in only the browser that started it (no login CSRF)", async () => {
    const domain = freshDomain();
    const { connection } = await samlOrganization(keys.idp.cert, domain);
    const attacker = new Browser();
    const started = await startSso(attacker, domain);
    const acs = await postAcs(connection.id, await idpAnswer(started.idpUrl!, connection, `mallory@${domain}`));
    expect(acs.status).toBe(303);
    const location = acs.headers.get("location")!;

    // A victim's browser without the cookie, lured to the attacker's hand-off: refused.
    const lured = await new Browser().request("GET", location);
    expect([lured.status, lured.location]).toEqual([303, "/signin?sso_error=refused"]);
    expect(lured.headers.getSetCookie().join("\n")).not.toMatch(/sas_session=[^;]/);

    // A victim who started a sign-in of their own has another handle in their cookie: refused too.
    const victim = new Browser();
    await startSso(victim, domain);
    const crossed = await victim.request("GET", location);
    expect([crossed.status, crossed.location]).toEqual([303, "/signin?sso_error=refused"]);
    expect(crossed.headers.getSetCookie().join("\n")).not.toMatch(/sas_session=[^;]/);

    // The refusals spent nothing: the attacker's own browser can still take its hand-off.
    expect((await attacker.request("GET", location)).location).toBe("/");
  });

  it("a RelayState naming no pending console sign-in provisions nobody", async () => {
    const domain = freshDomain();
    const { connection, orgId, owner } = await samlOrganization(keys.idp.cert, domain);
    const started = await startSso(new Browser(), domain);
    const forged = await idpAnswer(started.idpUrl!, connection, `trudy@${domain}`);
    const refused = await postAcs(connection.id, { ...forged, RelayState: `console:${"A".repeat(43)}` });
    expect([refused.status, refused.body.error.code]).toEqual([401, "SAML_RESPONSE_INVALID"]);
    const members = (await api("GET", `/v1/organizations/${orgId}/members`, { token: owner.token })).body.data.members;
    expect(members.map((m: { email?: string }) => m.email)).not.toContain(`trudy@${domain}`);
  });

  it("goes back to the sign-in page when no connection serves the email or domain", async () => {
    const browser = new Browser();
    const { res } = await startSso(browser, `x@${freshDomain()}`);
    expect([res.status, res.location]).toEqual([303, "/signin?sso_error=not_configured"]);
    expect((await startSso(browser, "")).res.location).toBe("/signin?sso_error=not_configured");
  });

  it("refuses the console's password sign-in where the organization enforces SSO, like /v1/auth/login", async () => {
    const domain = freshDomain();
    const { owner, orgId } = await samlOrganization(keys.idp.cert, domain);
    const employee = await registerUser({ email: `emp${n++}@${domain}` });
    await addMember(owner, orgId, "member", employee);
    await enforceSso(owner, orgId, keys.idp.cert);
    const consoleRes = await api("POST", "/console/session", { body: { email: employee.email, password: PASSWORD } });
    const apiRes = await api("POST", "/v1/auth/login", { body: { email: employee.email, password: PASSWORD } });
    expect([consoleRes.status, consoleRes.body.error.code]).toEqual([403, "SSO_REQUIRED"]);
    const { code, message, details } = apiRes.body.error;
    expect(consoleRes.body.error).toMatchObject({ code, message, details });
    expect(consoleRes.headers.getSetCookie().join("\n")).not.toMatch(/sas_session=[^;]/);
  });
});
