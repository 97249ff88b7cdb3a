import { env } from "cloudflare:workers";
import { issueAccessToken } from "../../src/domain/identity/access-tokens";
import type { Scope } from "../../src/domain/identity/scopes";

/** An access token for the user carrying only `scopes` (for 403 checks). */
export async function tokenWithScopes(userId: string, scopes: Scope[]): Promise<string> {
  const { token } = await issueAccessToken(env, { userId, role: "user", tier: "basic", scopes, sid: crypto.randomUUID(), ttlSeconds: 600 });
  return token;
}
