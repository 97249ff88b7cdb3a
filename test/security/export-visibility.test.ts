/**
 * Issue 27 item 6: an export shows exactly the sessions its list shows, in every context
 * (docs/security.md "Exports mirror their lists"). The attack: Alice, removed from an
 * organization, still downloaded its sessions (cue and results) through her personal export.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { csvRecords, ndjsonRecords } from "../support/exports";
import { registerUser, type TestUser } from "../support/factories";
import { api, expectErrorEnvelope } from "../support/http";
import { addMember, asOrg, createOrganization, topUpOrganization } from "../support/organizations";
import { heldSession, topUp } from "../support/sessions";

interface Context {
  token?: string;
  apiKey?: string;
  headers?: Record<string, string>;
}

/** The list's ids, oldest first (the export's order), every page. */
async function listed(ctx: Context): Promise<string[]> {
  const res = await api("GET", "/v1/sessions?sort_by=created_at&order=asc&limit=100", ctx);
  expect(res.status).toBe(200);
  expect(res.body.data.pagination.has_more).toBe(false);
  return res.body.data.sessions.map((s: { id: string }) => s.id);
}

async function exported(ctx: Context, format: "csv" | "ndjson"): Promise<{ ids: string[]; text: string }> {
  const res = await api("GET", `/v1/exports/sessions?format=${format}`, ctx);
  expect(res.status).toBe(200);
  const rows = format === "csv" ? csvRecords(res.text) : ndjsonRecords(res.text);
  return { ids: rows.map((r) => r.id as string), text: res.text };
}

/** Both encodings of the export equal the list, and neither names any of `hidden`. */
async function expectExportMirrorsList(ctx: Context, expected: string[], hidden: string[]) {
  const list = await listed(ctx);
  expect(list).toEqual(expected);
  for (const format of ["csv", "ndjson"] as const) {
    const { ids, text } = await exported(ctx, format);
    expect(ids).toEqual(list);
    for (const id of hidden) expect(text).not.toContain(id);
  }
}

describe("the sessions export mirrors the sessions list in every context", () => {
  let owner: TestUser;
  let alice: TestUser;
  let orgId: string;
  let otherOrg: string;
  let aliceOwn: string;
  let ownerOwn: string;
  let aliceInOrg: string;
  let ownerInOrg: string;
  let elsewhere: string;
  let orgKey: string;

  beforeAll(async () => {
    owner = await registerUser();
    alice = await registerUser();
    await topUp(owner.id);
    await topUp(alice.id);
    orgId = await createOrganization(owner);
    await topUpOrganization(orgId);
    await addMember(owner, orgId, "member", alice);
    // Another organization of the owner's that Alice never joined.
    otherOrg = await createOrganization(owner, "Elsewhere");
    await topUpOrganization(otherOrg);

    aliceOwn = (await heldSession(alice.token, { cue: "alice personal" })).id;
    aliceInOrg = (await heldSession(alice.token, { cue: "alice for the org" }, asOrg(orgId))).id;
    ownerOwn = (await heldSession(owner.token, { cue: "owner personal" })).id;
    ownerInOrg = (await heldSession(owner.token, { cue: "owner for the org" }, asOrg(orgId))).id;
    elsewhere = (await heldSession(owner.token, { cue: "other org" }, asOrg(otherOrg))).id;

    const key = await api("POST", "/v1/api-keys", {
      token: owner.token,
      headers: asOrg(orgId),
      body: {
        name: "exports",
        scopes: ["remote-viewing:read", "dowsing:read", "analytics:export"],
      },
    });
    expect(key.status).toBe(201);
    orgKey = key.body.data.key as string;
  });

  it("personal context: the caller's personal sessions only, never the organization sessions they created", async () => {
    await expectExportMirrorsList({ token: alice.token }, [aliceOwn], [aliceInOrg, ownerInOrg, ownerOwn, elsewhere]);
    await expectExportMirrorsList({ token: owner.token }, [ownerOwn], [aliceInOrg, ownerInOrg, aliceOwn, elsewhere]);
  });

  it("organization context: every session of that organization, for each member, and for its API key", async () => {
    const orgSessions = [aliceInOrg, ownerInOrg];
    const hidden = [aliceOwn, ownerOwn, elsewhere];
    await expectExportMirrorsList({ token: alice.token, headers: asOrg(orgId) }, orgSessions, hidden);
    await expectExportMirrorsList({ token: owner.token, headers: asOrg(orgId) }, orgSessions, hidden);
    await expectExportMirrorsList({ apiKey: orgKey }, orgSessions, hidden);
    await expectExportMirrorsList({ token: owner.token, headers: asOrg(otherOrg) }, [elsewhere], [...orgSessions]);
  });

  it("an organization the caller is not a member of: the export is a 404 like the list", async () => {
    for (const path of ["/v1/sessions", "/v1/exports/sessions?format=csv", "/v1/exports/sessions?format=ndjson"]) {
      expectErrorEnvelope(
        await api("GET", path, { token: alice.token, headers: asOrg(otherOrg) }),
        404,
        "RESOURCE_NOT_FOUND",
      );
    }
  });

  it("after removal from the organization, neither export shows its sessions (the issue's attack)", async () => {
    const removed = await api("DELETE", `/v1/organizations/${orgId}/members/${alice.id}`, { token: owner.token });
    expect(removed.status).toBe(200);
    expectErrorEnvelope(
      await api("GET", `/v1/sessions/${aliceInOrg}`, { token: alice.token }),
      404,
      "SESSION_NOT_FOUND",
    );
    await expectExportMirrorsList({ token: alice.token }, [aliceOwn], [aliceInOrg, ownerInOrg, ownerOwn, elsewhere]);
    for (const path of ["/v1/sessions", "/v1/exports/sessions?format=csv", "/v1/exports/sessions?format=ndjson"]) {
      expectErrorEnvelope(
        await api("GET", path, { token: alice.token, headers: asOrg(orgId) }),
        404,
        "RESOURCE_NOT_FOUND",
      );
    }
    // The organization still sees the session Alice created for it.
    await expectExportMirrorsList({ token: owner.token, headers: asOrg(orgId) }, [aliceInOrg, ownerInOrg], [aliceOwn]);
  });
});
