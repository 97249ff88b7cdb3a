import { expect } from "vitest";
import { registerUser, type TestUser } from "./factories";
import { type ApiResponse, api } from "./http";
import { createOrganization } from "./organizations";
import { uniqueDomain } from "./sso";

export const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
export const GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group";
export const PATCH_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
const ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";

export interface ScimConnection {
  id: string;
  token: string;
  base_url: string;
}

/** A SCIM connection of `orgId`, created by `owner` (`group_roles` as given). */
export async function createScimConnection(
  owner: TestUser,
  orgId: string,
  body: { name?: string; group_roles?: Record<string, string>; default_role?: string } = {},
): Promise<ScimConnection> {
  const res = await api("POST", `/v1/organizations/${orgId}/scim/connections`, {
    token: owner.token,
    body: { name: "Okta", ...body },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

/** An organization with a verified domain (SSO_DOMAIN_VERIFICATION=skip) and a SCIM connection. */
export async function scimOrganization(groupRoles: Record<string, string> = {}) {
  const owner = await registerUser();
  const orgId = await createOrganization(owner);
  const domain = uniqueDomain("scim");
  const d = await api("POST", `/v1/organizations/${orgId}/sso/domains`, { token: owner.token, body: { domain } });
  expect(d.status, d.text).toBe(201);
  const v = await api("POST", `/v1/organizations/${orgId}/sso/domains/${d.body.data.id}/verify`, {
    token: owner.token,
  });
  expect(v.status, v.text).toBe(200);
  const connection = await createScimConnection(owner, orgId, { group_roles: groupRoles });
  const email = (prefix = "person") => `${prefix}.${Math.random().toString(36).slice(2, 10)}@${domain}`;
  return { owner, orgId, domain, connection, email };
}

/** A SCIM request to `connection` (its path after the base URL), with its token unless `token` says otherwise. */
export function scim(
  connection: { id: string; token: string },
  method: string,
  path: string,
  opts: { body?: unknown; token?: string | null; headers?: Record<string, string> } = {},
): Promise<ApiResponse> {
  const token = opts.token === undefined ? connection.token : opts.token;
  return api(method, `/scim/v2/${connection.id}${path}`, {
    ...(token ? { token } : {}),
    ...(opts.body === undefined ? {} : { raw: JSON.stringify(opts.body) }),
    headers: { "content-type": "application/scim+json", ...opts.headers },
  });
}

/** A User resource as an IdP posts it. */
export const userResource = (userName: string, extra: Record<string, unknown> = {}) => ({
  schemas: [USER_SCHEMA],
  userName,
  name: { givenName: "Ada", familyName: "Lovelace" },
  emails: [{ value: userName, type: "work", primary: true }],
  active: true,
  ...extra,
});

/** The SCIM error body (RFC 7644 §3.12) with `status` and `scimType` (none where none is given). */
export function expectScimError(res: ApiResponse, status: number, scimType?: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/scim\+json/);
  expect(res.body.schemas).toEqual([ERROR_SCHEMA]);
  expect(res.body.status).toBe(String(status));
  expect(res.body.scimType).toBe(scimType);
  expect(res.body.success).toBeUndefined();
}
