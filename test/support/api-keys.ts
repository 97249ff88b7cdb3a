import { api } from "./http";

/** An ISO timestamp `days` from now. */
export const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** A key of `token`'s user (30 days, two scopes unless `body` says otherwise). */
export async function createKey(token: string, body: Record<string, unknown> = {}) {
  const res = await api("POST", "/v1/api-keys", {
    token,
    body: { name: "ci", scopes: ["profile", "remote-viewing:read"], expires_at: future(30), ...body },
  });
  if (res.status !== 201) throw new Error(`create key: ${res.status} ${res.text}`);
  return res.body.data as { id: string; key: string; prefix: string; scopes: string[] };
}
