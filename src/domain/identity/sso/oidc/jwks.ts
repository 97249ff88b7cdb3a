import { createRemoteJWKSet, customFetch, type JWTVerifyGetKey } from "jose";
import type { Context } from "../../../context";
import { idpRequest } from "./outbound";

/** How long a fetched JWKS is used before it is read again, key rotation or not. */
const JWKS_MAX_AGE_MS = 10 * 60_000;
/** Issuers whose key sets an isolate keeps (the oldest dropped first). */
const MAX_CACHED_SETS = 100;

const sets = new Map<string, JWTVerifyGetKey>();

/**
 * The issuer's signing keys as jose's remote JWK set: fetched on first use and kept
 * `JWKS_MAX_AGE_MS`; a token whose `kid` the set lacks makes it fetch again at once (key rotation,
 * Core §10.1.1). No cooldown between those refetches: the tokens we verify come from the issuer's
 * own token endpoint over a request we made, never from the browser, and each sign-in attempt is
 * rate-limited, so an unknown `kid` cannot be used to make us hammer the issuer (docs/decisions.md).
 * The fetch goes through the outbound classifier and the port like every other (outbound.ts).
 */
export function issuerKeys(ctx: Context, jwksUri: string): JWTVerifyGetKey {
  const cached = sets.get(jwksUri);
  if (cached) return cached;
  // The isolate's ports and configuration, not the request that happened to fetch first.
  const outbound = { config: ctx.config, ports: ctx.ports };
  const set = createRemoteJWKSet(new URL(jwksUri), {
    cooldownDuration: 0,
    cacheMaxAge: JWKS_MAX_AGE_MS,
    [customFetch]: async (url: string) => {
      const answer = await idpRequest(outbound, { url });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { "content-type": "application/json" },
      });
    },
  });
  if (sets.size >= MAX_CACHED_SETS) sets.delete(sets.keys().next().value as string);
  sets.set(jwksUri, set);
  return set;
}
