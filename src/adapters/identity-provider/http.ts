import type { IdentityProviderHttp, IdpAnswer } from "../../domain/identity/sso/ports";
import { boundedBody } from "../../lib/bounded-body";

/** Discovery documents and JWKS are a few KiB; Entra ID's largest are about 20 KiB. */
const MAX_BODY_BYTES = 64 * 1024;
const TIMEOUT_MS = 5_000;

/**
 * An identity provider's endpoints over HTTP, by the rules of every outbound request the service
 * makes to an address a customer named (the Client ID Metadata Document reader's): no redirects
 * (one could lead past the address check the caller made), at most 64 KiB, 5 seconds, JSON only.
 */
async function request(url: URL, init?: { form: URLSearchParams; authorization?: string }): Promise<IdpAnswer> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (init?.authorization) headers.Authorization = init.authorization;
  const res = await fetch(url, {
    method: init ? "POST" : "GET",
    redirect: "manual",
    headers,
    ...(init ? { body: init.form } : {}),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const bytes = await boundedBody(res, MAX_BODY_BYTES, "identity provider answer");
  let body: unknown = null;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    body = null;
  }
  return { status: res.status, body };
}

export const httpIdentityProviders: IdentityProviderHttp = { request };
