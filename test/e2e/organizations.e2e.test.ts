import { describe, expect, it } from "vitest";
import { apiClient } from "./support/api";
import { openRawWebSocket } from "./support/raw-websocket";
import { sharedServer } from "./support/shared-server";

// Two people share an organization under a real `wrangler dev`: D1, the
// SessionRoom's alarms and hibernating sockets, the billing accounts.
describe("organizations against wrangler dev", () => {
  const server = sharedServer();

  const { call, verify } = apiClient(() => server.url);
  const person = async (label: string) => {
    const email = `e2e.${label}.${Date.now()}@example.com`;
    const reg = await call("POST", "/v1/auth/register", undefined, {
      email,
      username: label,
      password: "correct-horse-42",
      tier: "basic",
      marketing_consent: false,
    });
    expect(reg.status, reg.text.slice(0, 200)).toBe(201);
    // A verified email: only the proven holder of the invited address may accept, and the owner's first organization gets its free credits.
    await verify(reg);
    return { id: reg.body.data.user.id as string, email, token: reg.body.data.token as string };
  };

  it("a member watches an org session live and reads it; the org pays; removal cuts access and socket; all audited", async () => {
    const owner = await person("owner");
    const member = await person("member");

    const org = await call("POST", "/v1/organizations", owner.token, { name: "E2E Lab" });
    expect(org.status).toBe(201);
    const orgId = org.body.data.id as string;
    const asOrg = { "X-Organization-Id": orgId };
    const invitation = await call("POST", `/v1/organizations/${orgId}/invitations`, owner.token, {
      email: member.email,
      role: "member",
    });
    expect(invitation.status).toBe(201);
    const accepted = await call("POST", "/v1/organizations/invitations/accept", member.token, {
      token: invitation.body.data.token,
    });
    expect(accepted.body.data).toEqual({ organization_id: orgId, role: "member" });

    const poolBefore = (await call("GET", `/v1/organizations/${orgId}/billing`, owner.token)).body.data;
    const ownerCredits = (await call("GET", "/v1/users/me", owner.token)).body.data.credits;

    // 1. The owner starts an org session; the member watches it to the end and reads its results.
    const first = await call(
      "POST",
      "/v1/sessions",
      owner.token,
      { cue: "Shared target", session_type: "dowsing" },
      asOrg,
    );
    expect(first.status).toBe(201);
    const watch = await openRawWebSocket(`${server.url}/v1/ws/${first.body.data.id}`, {
      "Sec-WebSocket-Protocol": `bearer, ${member.token}`,
    });
    expect(watch.status).toBe(101);
    const { messages, closeCode } = await watch.done;
    const parsed = messages.map((m) => JSON.parse(m));
    expect(parsed[0].type).toBe("snapshot");
    expect(parsed.at(-1)).toMatchObject({ type: "transition", to: "completed" });
    expect(closeCode).toBe(1000);
    const read = await call("GET", `/v1/sessions/${first.body.data.id}`, member.token);
    expect(read.body.data.status).toBe("completed");
    expect(read.body.data.results).toBeTruthy();

    // 2. The organization's pool paid; the owner's own credits did not move.
    const poolAfter = (await call("GET", `/v1/organizations/${orgId}/billing`, owner.token)).body.data;
    expect(JSON.stringify(poolAfter)).not.toEqual(JSON.stringify(poolBefore));
    expect((await call("GET", "/v1/users/me", owner.token)).body.data.credits).toBe(ownerCredits);
    const orgList = await call("GET", "/v1/sessions", member.token, undefined, asOrg);
    expect(orgList.body.data.sessions.map((s: any) => s.id)).toContain(first.body.data.id);

    // 3. A long org session; removing the member closes their socket at once and ends their reads.
    const second = await call(
      "POST",
      "/v1/sessions",
      owner.token,
      { cue: "Long target", session_type: "dowsing", parameters: { duration: 3600 } },
      asOrg,
    );
    expect(second.status).toBe(201);
    const live = await openRawWebSocket(`${server.url}/v1/ws/${second.body.data.id}`, {
      "Sec-WebSocket-Protocol": `bearer, ${member.token}`,
    });
    expect(live.status).toBe(101);
    const removed = await call("DELETE", `/v1/organizations/${orgId}/members/${member.id}`, owner.token);
    expect(removed.status).toBe(200);
    const cut = await live.done;
    expect(cut.closeCode).toBe(1008);
    expect((await call("GET", `/v1/sessions/${second.body.data.id}`, member.token)).status).toBe(404);
    expect((await call("GET", `/v1/sessions/${first.body.data.id}`, member.token)).status).toBe(404);
    expect((await call("GET", "/v1/sessions", member.token, undefined, asOrg)).status).toBe(404);
    const reopened = await openRawWebSocket(`${server.url}/v1/ws/${second.body.data.id}`, {
      "Sec-WebSocket-Protocol": `bearer, ${member.token}`,
    });
    expect(reopened.status).toBe(404);
    await call("DELETE", `/v1/sessions/${second.body.data.id}`, owner.token);

    // 4. The audit log shows every step.
    const audit = await call("GET", `/v1/organizations/${orgId}/audit-log?limit=100`, owner.token);
    const actions = audit.body.data.entries.map((e: any) => e.action).reverse();
    expect(actions).toEqual([
      "organization.created",
      "invitation.created",
      "invitation.accepted",
      "session.created",
      "session.created",
      "member.removed",
      "session.cancelled",
    ]);
    expect(audit.body.data.entries.every((e: any) => e.request_id && e.ip)).toBe(true);
  });
});
