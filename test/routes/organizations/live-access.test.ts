import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ROOM_TAGS_HEADER, ROOM_UNTIL_HEADER, socketTag } from "../../../src/domain/sessions/room";
import { PASSWORD } from "../../support/factories";
import { api, BASE, expectErrorEnvelope } from "../../support/http";
import { basic, codeFlow, exchangeCode, postForm } from "../../support/oauth";
import { asOrg, openLive, organizationWithTeam, topUpOrganization } from "../../support/organizations";
import { heldSession, roomStub } from "../../support/sessions";

/**
 * A live socket is authorised once, at its upgrade (real SessionRooms here):
 * whatever ends the access it was opened with closes it, with 1008 (policy
 * violation) and a reason naming what ended; every other socket stays open.
 */
async function liveOrgSession(token: string, orgId: string) {
  await topUpOrganization(orgId);
  return (await heldSession(token, {}, asOrg(orgId))).id;
}

type Live = Awaited<ReturnType<typeof openLive>>;

/** The socket still answers: a fresh snapshot comes back. */
async function expectOpen(live: Live) {
  const before = live.messages.length;
  live.ws.send("snapshot");
  await expect.poll(() => live.messages.length).toBeGreaterThan(before);
}

async function orgKey(token: string, orgId: string) {
  const res = await api("POST", "/v1/api-keys", {
    token,
    headers: asOrg(orgId),
    body: { name: "watcher", scopes: ["remote-viewing:read", "dowsing:read"] },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: string; key: string };
}

describe("open organization sockets lose access with their credential", () => {
  it("a member who leaves: their socket closes, the others' stay", async () => {
    const { orgId, owner, member } = await organizationWithTeam();
    const id = await liveOrgSession(owner.token, orgId);
    const mine = await openLive(id, member.token);
    const owners = await openLive(id, owner.token);
    expect((await api("POST", `/v1/organizations/${orgId}/leave`, { token: member.token })).status).toBe(200);
    expect(await mine.closed).toEqual({ code: 1008, reason: "organization membership ended" });
    await expectOpen(owners);
    owners.ws.close(1000, "done");
  });

  it("a role change keeps access (every role reads the organization's sessions)", async () => {
    const { orgId, owner, admin } = await organizationWithTeam();
    const id = await liveOrgSession(owner.token, orgId);
    const live = await openLive(id, admin.token);
    const res = await api("PUT", `/v1/organizations/${orgId}/members/${admin.id}`, {
      token: owner.token,
      body: { role: "member" },
    });
    expect(res.status).toBe(200);
    await expectOpen(live);
    live.ws.close(1000, "done");
  });

  it("a revoked organization API key: its socket closes; the creator's leaving does not close it", async () => {
    const { orgId, owner, admin } = await organizationWithTeam();
    const id = await liveOrgSession(owner.token, orgId);
    const key = await orgKey(admin.token, orgId);
    const viaKey = await openLive(id, { apiKey: key.key });
    const adminOwn = await openLive(id, admin.token);
    // The key acts for the organization, not for its creator: only the creator's own socket closes.
    expect((await api("POST", `/v1/organizations/${orgId}/leave`, { token: admin.token })).status).toBe(200);
    expect((await adminOwn.closed).code).toBe(1008);
    await expectOpen(viaKey);

    const revoked = await api("DELETE", `/v1/api-keys/${key.id}`, { token: owner.token, headers: asOrg(orgId) });
    expect(revoked.status).toBe(200);
    expect(await viaKey.closed).toEqual({ code: 1008, reason: "API key revoked" });
  });

  it("rotating a key without grace closes its sockets at once", async () => {
    const { orgId, owner } = await organizationWithTeam();
    const id = await liveOrgSession(owner.token, orgId);
    const key = await orgKey(owner.token, orgId);
    const viaKey = await openLive(id, { apiKey: key.key });
    const rotated = await api("POST", `/v1/api-keys/${key.id}/rotate`, {
      token: owner.token,
      headers: asOrg(orgId),
      body: {},
    });
    expect(rotated.status, rotated.text).toBe(201);
    expect(await viaKey.closed).toEqual({ code: 1008, reason: "API key revoked" });
  });

  it("a revoked access token (logout): its sockets close; another sign-in's stay", async () => {
    const { orgId, owner, member } = await organizationWithTeam();
    const id = await liveOrgSession(owner.token, orgId);
    const second = await api("POST", "/v1/auth/login", { body: { email: member.email, password: PASSWORD } });
    expect(second.status).toBe(200);
    const first = await openLive(id, member.token);
    const other = await openLive(id, second.body.data.token);
    expect((await api("POST", "/v1/auth/logout", { token: member.token })).status).toBe(200);
    expect(await first.closed).toEqual({ code: 1008, reason: "access token revoked" });
    await expectOpen(other);
    other.ws.close(1000, "done");
  });

  it("an organization with a live session cannot be deleted; once it ends its sockets are closed and it can", async () => {
    const { orgId, owner, member } = await organizationWithTeam();
    const id = await liveOrgSession(owner.token, orgId);
    const live = await openLive(id, member.token);
    expectErrorEnvelope(
      await api("DELETE", `/v1/organizations/${orgId}`, { token: owner.token }),
      409,
      "ORGANIZATION_HAS_ACTIVE_SESSIONS",
    );
    await expectOpen(live);
    expect((await api("DELETE", `/v1/sessions/${id}`, { token: owner.token })).status).toBe(200);
    expect((await live.closed).code).toBe(1000);
    expect((await api("DELETE", `/v1/organizations/${orgId}`, { token: owner.token })).status).toBe(200);
    expectErrorEnvelope(await api("GET", `/v1/sessions/${id}`, { token: member.token }), 404, "SESSION_NOT_FOUND");
  });
});

describe("OAuth grants", () => {
  async function watchedByGrant() {
    const flow = await codeFlow();
    const tokens = (await exchangeCode(flow.client, flow.code, flow.verifier)).body as { access_token: string };
    const s = await heldSession(flow.user.token);
    const viaGrant = await openLive(s.id, tokens.access_token);
    const viaLogin = await openLive(s.id, flow.user.token);
    return { ...flow, tokens, viaGrant, viaLogin };
  }

  it("revoking the grant (RFC 7009) closes the sockets its tokens opened, not the user's others", async () => {
    const { client, tokens, viaGrant, viaLogin } = await watchedByGrant();
    const auth = { authorization: basic(client.client_id, client.client_secret!) };
    expect((await postForm("/oauth2/revoke", { token: tokens.access_token }, auth)).status).toBe(200);
    expect(await viaGrant.closed).toEqual({ code: 1008, reason: "access token revoked" });
    await expectOpen(viaLogin);
    viaLogin.ws.close(1000, "done");
  });

  it("deleting the client closes the sockets its grants' tokens opened", async () => {
    const { user, client, viaGrant, viaLogin } = await watchedByGrant();
    const deleted = await api("DELETE", `/v1/oauth/clients/${client.client_id}`, { token: user.token });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await viaGrant.closed).toEqual({ code: 1008, reason: "access token revoked" });
    await expectOpen(viaLogin);
    viaLogin.ws.close(1000, "done");
  });
});

describe("the room's socket bookkeeping", () => {
  it("a socket whose credential has expired is closed when the room next wakes", async () => {
    const { orgId, owner } = await organizationWithTeam();
    const id = await liveOrgSession(owner.token, orgId);
    const res = await roomStub(id).fetch(
      new Request(`${BASE}/v1/ws/${id}`, {
        headers: {
          Upgrade: "websocket",
          [ROOM_TAGS_HEADER]: socketTag.member(owner.id),
          [ROOM_UNTIL_HEADER]: String(Date.now() - 1),
        },
      }),
    );
    const ws = res.webSocket!;
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      ws.addEventListener("close", (e) => resolve({ code: e.code, reason: e.reason })),
    );
    ws.accept();
    ws.send("snapshot");
    expect(await closed).toEqual({ code: 1008, reason: "credential expired" });
  });

  it("a client's own tag and expiry headers are replaced by the worker's", async () => {
    const { orgId, owner, member } = await organizationWithTeam();
    const id = await liveOrgSession(owner.token, orgId);
    const res = await exports.default.fetch(
      new Request(`${BASE}/v1/ws/${id}`, {
        headers: {
          Upgrade: "websocket",
          "Sec-WebSocket-Protocol": `bearer, ${member.token}`,
          [ROOM_TAGS_HEADER]: socketTag.member(owner.id),
          [ROOM_UNTIL_HEADER]: "1",
        },
      }),
    );
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    const messages: unknown[] = [];
    ws.addEventListener("message", (e) => {
      messages.push(e.data);
    });
    ws.accept();
    // Not filed under the owner's membership, and not expired.
    expect(await roomStub(id).closeSockets(socketTag.member(owner.id), "test")).toBe(0);
    ws.send("snapshot");
    await expect.poll(() => messages.length).toBeGreaterThanOrEqual(2);
    expect(await roomStub(id).closeSockets(socketTag.member(member.id), "test")).toBe(1);
  });
});
