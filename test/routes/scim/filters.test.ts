import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { expectScimError, GROUP_SCHEMA, scim, scimOrganization, userResource } from "../../support/scim";

/** The userNames a filter finds, in the list's order (oldest first). */
async function found(connection: { id: string; token: string }, path: "/Users" | "/Groups", filter: string) {
  const res = await scim(connection, "GET", `${path}?filter=${encodeURIComponent(filter)}`);
  expect(res.status, `${filter}: ${res.text}`).toBe(200);
  expect(res.body.totalResults).toBe(res.body.Resources.length);
  return res.body.Resources.map((r: { userName?: string; displayName?: string }) => r.userName ?? r.displayName);
}

/** A directory of three users, as Okta or Entra ID would have provisioned them. */
async function directory() {
  const org = await scimOrganization();
  const { connection, email } = org;
  const ada = email("ada");
  const grace = email("grace");
  const alan = email("alan");
  // Every address is in the organization's verified domain: a directory provisions only its own.
  const graceHome = email("grace-home");
  const created: Record<string, string> = {};
  for (const [userName, extra] of [
    [ada, { externalId: "00uADA", name: { givenName: "Ada", familyName: "Lovelace" } }],
    [
      grace,
      {
        externalId: "00uGRACE",
        name: { givenName: "Grace", familyName: "Hopper" },
        emails: [
          { value: grace, type: "work", primary: true },
          { value: graceHome, type: "home" },
        ],
      },
    ],
    [alan, { name: { givenName: "Alan", familyName: "Turing" }, active: false, emails: [] }],
  ] as const) {
    const r = await scim(connection, "POST", "/Users", { body: userResource(userName, extra) });
    expect(r.status, r.text).toBe(201);
    created[userName] = r.body.id;
  }
  return { ...org, ada, grace, alan, graceHome, created };
}

describe("SCIM list filters (RFC 7644 §3.4.2.2)", () => {
  it("answers the filters Okta and Entra ID send", async () => {
    const { connection, ada, grace, graceHome } = await directory();
    // Okta: userName eq (case-insensitive, RFC 7643 §4.1.1 caseExact false); Entra ID: externalId eq
    // (caseExact) and its emails value filter.
    expect(await found(connection, "/Users", `userName eq "${ada.toUpperCase()}"`)).toEqual([ada]);
    expect(await found(connection, "/Users", 'externalId eq "00uGRACE"')).toEqual([grace]);
    expect(await found(connection, "/Users", 'externalId eq "00ugrace"')).toEqual([]);
    expect(await found(connection, "/Users", `emails[type eq "work"].value eq "${grace}"`)).toEqual([grace]);
    expect(await found(connection, "/Users", `emails[type eq "work" and value eq "${grace}"]`)).toEqual([grace]);
    expect(await found(connection, "/Users", `emails[type eq "work" and value eq "${graceHome}"]`)).toEqual([]);
    expect(await found(connection, "/Users", `emails[type eq "home" and value eq "${graceHome}"]`)).toEqual([grace]);
    expect(await found(connection, "/Users", `emails.value eq "${graceHome.toUpperCase()}"`)).toEqual([grace]);
    expect(
      await found(connection, "/Users", `urn:ietf:params:scim:schemas:core:2.0:User:userName eq "${ada}"`),
    ).toEqual([ada]);
  });

  it("combines comparisons with and, or, not and parentheses, over strings, booleans and dateTimes", async () => {
    const { connection, ada, grace, alan, created } = await directory();
    const cases: Array<[string, string[]]> = [
      ['name.familyName sw "lo"', [ada]],
      ['name.givenName ew "CE"', [grace]],
      ['name.familyName co "ur"', [alan]],
      ['name.familyName ne "Hopper"', [ada, alan]],
      ['name.familyName gt "Lovelace"', [alan]],
      ['name.familyName ge "Lovelace"', [ada, alan]],
      ['name.familyName lt "Lovelace"', [grace]],
      ['name.familyName le "Hopper"', [grace]],
      ["active eq false", [alan]],
      ["active ne false", [ada, grace]],
      ["externalId pr", [ada, grace]],
      ["not (externalId pr)", [alan]],
      ["emails pr", [ada, grace]],
      ['active eq true and name.givenName sw "a"', [ada]],
      ['name.givenName eq "Ada" or name.givenName eq "Alan"', [ada, alan]],
      ['not (name.givenName eq "Ada" or active eq false)', [grace]],
      ['(userName sw "ada." or userName sw "alan.") and not (active eq true)', [alan]],
      [`id eq "${created[grace]}"`, [grace]],
      ['meta.created gt "2000-01-01T00:00:00Z"', [ada, grace, alan]],
      ['meta.lastModified lt "2000-01-01T00:00:00Z"', []],
    ];
    for (const [filter, expected] of cases)
      expect([filter, await found(connection, "/Users", filter)]).toEqual([filter, expected]);

    // A dateTime compares as an instant: the creation time itself, with or without milliseconds.
    const row = await env.DB.prepare("SELECT created_at FROM scim_users WHERE id = ?")
      .bind(created[ada])
      .first<{ created_at: string }>();
    expect(await found(connection, "/Users", `meta.created eq "${row?.created_at}"`)).toEqual([ada]);
    expect(
      await found(
        connection,
        "/Users",
        `meta.created ge "${row?.created_at}" and meta.created le "${row?.created_at}"`,
      ),
    ).toEqual([ada]);

    // The count and the page follow the filter.
    const page = await scim(
      connection,
      "GET",
      `/Users?count=1&startIndex=2&filter=${encodeURIComponent('name.familyName ne "Hopper"')}`,
    );
    expect(page.body).toMatchObject({ totalResults: 2, startIndex: 2, itemsPerPage: 1 });
    expect(page.body.Resources[0].userName).toBe(alan);
  });

  it("filters Groups by displayName (case-insensitive) and externalId", async () => {
    const { connection } = await scimOrganization();
    for (const [displayName, externalId] of [
      ["Session Admins", "g-admins"],
      ["Engineering", "g-eng"],
    ]) {
      const r = await scim(connection, "POST", "/Groups", {
        body: { schemas: [GROUP_SCHEMA], displayName, externalId, members: [] },
      });
      expect(r.status, r.text).toBe(201);
    }
    expect(await found(connection, "/Groups", 'displayName eq "session admins"')).toEqual(["Session Admins"]);
    expect(await found(connection, "/Groups", 'externalId eq "g-eng"')).toEqual(["Engineering"]);
    expect(await found(connection, "/Groups", 'displayName sw "eng" or externalId eq "g-admins"')).toEqual([
      "Session Admins",
      "Engineering",
    ]);
    expect(await found(connection, "/Groups", 'not (displayName co "admin")')).toEqual(["Engineering"]);
    expectScimError(
      await scim(connection, "GET", `/Groups?filter=${encodeURIComponent('userName eq "x"')}`),
      400,
      "invalidFilter",
    );
  });

  it("refuses what it cannot answer truthfully with 400 invalidFilter", async () => {
    const { connection } = await scimOrganization();
    for (const filter of [
      'title eq "x"',
      'password eq "x"',
      'emails eq "a@b.example"',
      'phoneNumbers[type eq "work"]',
      'emails[display eq "x"]',
      'active eq "yes"',
      "active gt false",
      "userName eq true",
      'meta.created gt "yesterday"',
      'meta.created co "2026"',
      "userName eq",
      'userName xx "a"',
      Array.from({ length: 21 }, (_, i) => `userName eq "u${i}"`).join(" or "),
    ]) {
      const res = await scim(connection, "GET", `/Users?filter=${encodeURIComponent(filter)}`);
      expectScimError(res, 400, "invalidFilter");
      expect(typeof res.body.detail, filter).toBe("string");
    }
  });

  it("filters a POST /.search alike", async () => {
    const { connection, ada } = await directory();
    const res = await scim(connection, "POST", "/Users/.search", {
      body: {
        schemas: ["urn:ietf:params:scim:api:messages:2.0:SearchRequest"],
        filter: 'name.familyName eq "lovelace" and active eq true',
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.Resources.map((r: { userName: string }) => r.userName)).toEqual([ada]);
  });
});
