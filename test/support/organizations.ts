import { env } from "cloudflare:workers";
import { registerUser, type TestUser, uniqueEmail } from "./factories";
import { api } from "./http";

export type OrgRole = "owner" | "admin" | "member";

export async function createOrganization(owner: TestUser, name = "Acme Research"): Promise<string> {
  const res = await api("POST", "/v1/organizations", { token: owner.token, body: { name } });
  if (res.status !== 201) throw new Error(`create organization failed: ${res.status} ${res.text}`);
  return res.body.data.id as string;
}

export async function invite(by: TestUser, orgId: string, email: string, role: OrgRole = "member") {
  return api("POST", `/v1/organizations/${orgId}/invitations`, { token: by.token, body: { email, role } });
}

/** Invite a fresh user (or `user`) with `role` and accept: the way every member joins. */
export async function addMember(by: TestUser, orgId: string, role: OrgRole = "member", user?: TestUser) {
  const member = user ?? (await registerUser({ email: uniqueEmail("member") }));
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
