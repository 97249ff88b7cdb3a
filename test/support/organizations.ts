import { env } from "cloudflare:workers";
import { creditStatements } from "../../src/db/credits";
import { newId } from "../../src/lib/ids";
import { ensureVerified } from "./email";
import { registerUser, type TestUser, uniqueEmail } from "./factories";
import { api, BASE, workerFetch } from "./http";

export type OrgRole = "owner" | "admin" | "member";

export async function createOrganization(owner: TestUser, name = "Acme Research"): Promise<string> {
  const res = await api("POST", "/v1/organizations", { token: owner.token, body: { name } });
  if (res.status !== 201) throw new Error(`create organization failed: ${res.status} ${res.text}`);
  return res.body.data.id as string;
}

export async function invite(by: TestUser, orgId: string, email: string, role: OrgRole = "member") {
  return api("POST", `/v1/organizations/${orgId}/invitations`, { token: by.token, body: { email, role } });
}

/** Invite a fresh user (or `user`) with `role` and accept: the way every member joins (a verified email first). */
export async function addMember(by: TestUser, orgId: string, role: OrgRole = "member", user?: TestUser) {
  const member = user ?? (await registerUser({ email: uniqueEmail("member") }));
  await ensureVerified(member);
  const inv = await invite(by, orgId, member.email, role);
  if (inv.status !== 201) throw new Error(`invite failed: ${inv.status} ${inv.text}`);
  const acc = await api("POST", "/v1/organizations/invitations/accept", {
    token: member.token,
    body: { token: inv.body.data.token },
  });
  if (acc.status !== 200) throw new Error(`accept failed: ${acc.status} ${acc.text}`);
  return member;
}

/** An organization with an owner, an admin and a member. */
export async function organizationWithTeam() {
  const owner = await registerUser();
  const orgId = await createOrganization(owner);
  const admin = await addMember(owner, orgId, "admin");
  const member = await addMember(owner, orgId, "member");
  return { orgId, owner, admin, member };
}

export async function auditActions(orgId: string): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT action FROM audit_log WHERE organization_id = ? ORDER BY rowid")
    .bind(orgId)
    .all<{ action: string }>();
  return results.map((r) => r.action);
}

export const asOrg = (orgId: string) => ({ "X-Organization-Id": orgId });

export async function orgAccount(orgId: string): Promise<{ id: string; balance: number }> {
  const row = await env.DB.prepare(
    "SELECT id, balance FROM billing_accounts WHERE owner_type = 'organization' AND owner_id = ?",
  )
    .bind(orgId)
    .first<{ id: string; balance: number }>();
  if (!row) throw new Error(`no billing account for ${orgId}`);
  return row;
}

/** Give the organization's pool more credits, through the ledger (as topUp does for a user). */
export async function topUpOrganization(orgId: string, credits = 1000) {
  const { id } = await orgAccount(orgId);
  const entry = {
    ledgerId: newId("led"),
    accountId: id,
    reason: "adjustment" as const,
    referenceId: newId("txn"),
    description: "Test top-up",
    at: new Date().toISOString(),
  };
  await env.DB.batch(creditStatements(env.DB, entry, credits));
}

/** Open the session's live socket as `token` (or with an API key); resolves with its messages and its close. */
export async function openLive(sessionId: string, credential: string | { apiKey: string }) {
  const auth: Record<string, string> =
    typeof credential === "string"
      ? { "Sec-WebSocket-Protocol": `bearer, ${credential}` }
      : { "X-API-Key": credential.apiKey };
  const res = await workerFetch(
    new Request(`${BASE}/v1/ws/${sessionId}`, { headers: { Upgrade: "websocket", ...auth } }),
  );
  if (res.status !== 101 || !res.webSocket) throw new Error(`upgrade refused: ${res.status} ${await res.text()}`);
  const ws = res.webSocket;
  const messages: any[] = [];
  ws.addEventListener("message", (e) => {
    messages.push(JSON.parse(e.data as string));
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.addEventListener("close", (e) => resolve({ code: e.code, reason: e.reason })),
  );
  ws.accept();
  return { ws, messages, closed };
}
