import { describe, expect, inject, it } from "vitest";
import { LdapClient } from "../../../../src/adapters/directory/client";
import { encodeFilter } from "../../../../src/adapters/directory/filter";
import type { Config } from "../../../../src/domain/config";
import {
  authenticateWithDirectory,
  LDAP_TIMEOUT_MS,
  type LdapDirectoryConfig,
  ldapTimeoutMs,
} from "../../../../src/domain/identity/sso/ldap/authenticate";
import { escapeDnValue, escapeFilterValue } from "../../../../src/domain/identity/sso/ldap/escape";
import { testConfig, testContext } from "../../../support/context";

// Runs against the real slapd instances test/node/ldap-server.ts starts (seed: ada ∈ admins+staff,
// bob ∈ staff, eve in no group).
const servers = inject("ldap");
const base = "dc=example,dc=test";

function config(overrides: Partial<LdapDirectoryConfig> = {}): LdapDirectoryConfig {
  return {
    url: servers.plainUrl,
    startTls: true,
    bindMode: "search",
    serviceDn: `cn=service,${base}`,
    servicePassword: "service-secret",
    baseDn: base,
    userFilter: "(objectClass=inetOrgPerson)",
    usernameAttribute: "uid",
    emailAttribute: "mail",
    groupRoles: { admins: "admin", staff: "member" },
    defaultRole: null,
    // Far beyond a loaded machine's local slapd: only the silent directory's test meets a timeout.
    timeoutMs: 10_000,
    ...overrides,
  };
}

/** Signs in through the context's Directory port (the service's LDAP adapter), as `environment` would. */
function authenticate(
  config: LdapDirectoryConfig,
  login: string,
  password: string,
  environment: Config["environment"],
) {
  const ctx = testContext();
  return authenticateWithDirectory({ ...ctx, config: { ...ctx.config, environment } }, { config, login, password });
}

describe("RFC 4515 / RFC 4514 escaping", () => {
  it("escapes filter metacharacters", () => {
    expect(escapeFilterValue("*)(uid=*))(|(uid=*")).toBe("\\2a\\29\\28uid=\\2a\\29\\29\\28|\\28uid=\\2a");
    expect(escapeFilterValue("a\\b\0")).toBe("a\\5cb\\00");
  });
  it("escapes DN values", () => {
    expect(escapeDnValue("a,b+c=d")).toBe("a\\,b\\+c\\=d");
    expect(escapeDnValue(" #x ")).toBe("\\ #x\\ ");
  });
  it("encodes filters and refuses broken ones", () => {
    const ascii = (t: string) => [...t].map((c) => c.charCodeAt(0));
    expect([...encodeFilter("(uid=ada)")]).toEqual([0xa3, 10, 0x04, 3, ...ascii("uid"), 0x04, 3, ...ascii("ada")]);
    expect([...encodeFilter("(uid=\\2a)")].slice(-2)).toEqual([1, 0x2a]);
    expect(encodeFilter("(&(objectClass=person)(|(uid=a*)(mail=*)))")[0]).toBe(0xa0);
    expect(() => encodeFilter("(uid=a)(x=y)")).toThrow();
    expect(() => encodeFilter("(&(uid=a)")).toThrow();
  });
});

describe("LDAP sign-in against slapd", () => {
  it("signs in with StartTLS, search-then-bind, and maps groups to the highest role", async () => {
    const user = await authenticate(config(), "ada", "ada-pass-1", "production");
    expect(user).toMatchObject({ email: "ada@example.test", username: "ada", role: "admin" });
    expect(user.groups.sort()).toEqual(["admins", "staff"]);
  });

  it("signs in over ldaps:// and by email", async () => {
    const user = await authenticate(
      config({ url: servers.ldapsUrl, startTls: false }),
      "bob@example.test",
      "bob-pass-1",
      "production",
    );
    expect(user).toMatchObject({ email: "bob@example.test", role: "member" });
  });

  it("signs in with a bind DN template", async () => {
    const user = await authenticate(
      config({ bindMode: "template", bindDnTemplate: `uid={username},ou=people,${base}`, serviceDn: null }),
      "bob",
      "bob-pass-1",
      "development",
    );
    expect(user.role).toBe("member");
  });

  it("refuses a wrong password", async () => {
    await expect(authenticate(config(), "ada", "wrong", "production")).rejects.toMatchObject({
      code: "INVALID_CREDENTIALS",
    });
  });

  it("refuses an empty password before binding, even where the directory would bind anonymously", async () => {
    // The permissive server really does accept a DN with an empty password (anonymous bind) ...
    const raw = await LdapClient.open({ url: servers.anonDnUrl, startTls: false, timeoutMs: 10_000 });
    expect((await raw.bind(`uid=ada,ou=people,${base}`, "")).code).toBe(0);
    await raw.close();
    // ... the service never asks it.
    const permissive = config({ url: servers.anonDnUrl, startTls: false, bindMode: "template" });
    permissive.bindDnTemplate = `uid={username},ou=people,${base}`;
    await expect(authenticate(permissive, "ada", "", "development")).rejects.toMatchObject({
      code: "INVALID_CREDENTIALS",
    });
  });

  it("treats a filter injection as a literal username", async () => {
    await expect(authenticate(config(), "*)(uid=*))(|(uid=*", "ada-pass-1", "production")).rejects.toMatchObject({
      code: "INVALID_CREDENTIALS",
    });
    await expect(authenticate(config(), "*", "ada-pass-1", "production")).rejects.toMatchObject({
      code: "INVALID_CREDENTIALS",
    });
  });

  it("refuses users in no mapped group unless a default role is set", async () => {
    await expect(authenticate(config(), "eve", "eve-pass-1", "production")).rejects.toMatchObject({
      code: "INSUFFICIENT_PERMISSIONS",
    });
    const user = await authenticate(config({ defaultRole: "member" }), "eve", "eve-pass-1", "production");
    expect(user.role).toBe("member");
  });

  it("turns a directory that does not answer into DIRECTORY_UNAVAILABLE", async () => {
    await expect(
      authenticate(config({ url: servers.silentUrl, startTls: false, timeoutMs: 300 }), "ada", "x", "development"),
    ).rejects.toMatchObject({ code: "DIRECTORY_UNAVAILABLE" });
  });

  it("refuses plain ldap:// without StartTLS in production", async () => {
    await expect(authenticate(config({ startTls: false }), "ada", "ada-pass-1", "production")).rejects.toMatchObject({
      code: "SSO_CONNECTION_INVALID",
    });
    const user = await authenticate(config({ startTls: false }), "ada", "ada-pass-1", "development");
    expect(user.role).toBe("admin");
  });
});

describe("SSO_LDAP_TIMEOUT_SCALE", () => {
  it("scales the directory timeout outside production only, and ignores unusable values", () => {
    expect(ldapTimeoutMs(testConfig({ ENVIRONMENT: "development", SSO_LDAP_TIMEOUT_SCALE: "0.3" }))).toBe(1_500);
    expect(ldapTimeoutMs(testConfig({ ENVIRONMENT: "production", SSO_LDAP_TIMEOUT_SCALE: "0.3" }))).toBe(
      LDAP_TIMEOUT_MS,
    );
    for (const raw of [undefined, "0", "-1", "2", "soon"]) {
      expect(ldapTimeoutMs(testConfig({ ENVIRONMENT: "development", SSO_LDAP_TIMEOUT_SCALE: raw }))).toBe(
        LDAP_TIMEOUT_MS,
      );
    }
  });
});
