import { checkHttpTarget } from "../../../../lib/target-address";
import type { Context } from "../../../context";
import { allowPrivateUrls } from "../../../webhooks/deliveries";
import { IdpUnusable, idpRequest } from "./outbound";

/** The ID token signature algorithms we accept: asymmetric only (never `none`, never HS* with the client secret). */
const SUPPORTED_ALGS = ["RS256", "ES256"] as const;
export type IdTokenAlg = (typeof SUPPORTED_ALGS)[number];

/** What a sign-in needs from the provider's metadata (OpenID Connect Discovery 1.0 §3). */
export interface ProviderMetadata {
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  /** Discovery's `id_token_signing_alg_values_supported` ∩ SUPPORTED_ALGS: the pinned algorithms. */
  id_token_algs: IdTokenAlg[];
  token_endpoint_auth_method: "client_secret_basic" | "client_secret_post";
}

/**
 * Reads `<issuer>/.well-known/openid-configuration` (Discovery §4) and keeps what a sign-in uses.
 * The document's `issuer` must equal the configured one exactly (§4.3: it is the `iss` every ID
 * token carries); each endpoint must pass the outbound classifier too. Throws IdpUnusable with why.
 */
export async function discover(ctx: Context, issuer: string): Promise<ProviderMetadata> {
  const answer = await idpRequest(ctx, {
    url: `${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`,
  });
  if (answer.status !== 200 || typeof answer.body !== "object" || answer.body === null) {
    throw new IdpUnusable(`discovery answered HTTP ${answer.status} without a JSON document`);
  }
  const doc = answer.body as Record<string, unknown>;
  if (doc.issuer !== issuer) throw new IdpUnusable(`discovery names issuer ${String(doc.issuer)}, not ${issuer}`);
  const endpoint = (name: string) => {
    const value = doc[name];
    if (typeof value !== "string") throw new IdpUnusable(`discovery has no ${name}`);
    const verdict = checkHttpTarget(value, { allowPrivate: allowPrivateUrls(ctx.config) });
    if (!verdict.ok) throw new IdpUnusable(`${name} ${verdict.reason}`);
    return verdict.url.toString();
  };
  const declared = Array.isArray(doc.id_token_signing_alg_values_supported)
    ? doc.id_token_signing_alg_values_supported
    : [];
  const algs = SUPPORTED_ALGS.filter((a) => declared.includes(a));
  if (algs.length === 0) throw new IdpUnusable("the provider signs ID tokens with neither RS256 nor ES256");
  const codeChallenge = doc.code_challenge_methods_supported;
  if (Array.isArray(codeChallenge) && !codeChallenge.includes("S256")) {
    throw new IdpUnusable("the provider does not support PKCE S256");
  }
  // RFC 8414 §2: absent means client_secret_basic.
  const methods = Array.isArray(doc.token_endpoint_auth_methods_supported)
    ? doc.token_endpoint_auth_methods_supported
    : ["client_secret_basic"];
  const method = methods.includes("client_secret_basic")
    ? "client_secret_basic"
    : methods.includes("client_secret_post")
      ? "client_secret_post"
      : null;
  if (!method) throw new IdpUnusable("the token endpoint takes neither client_secret_basic nor client_secret_post");
  return {
    authorization_endpoint: endpoint("authorization_endpoint"),
    token_endpoint: endpoint("token_endpoint"),
    jwks_uri: endpoint("jwks_uri"),
    id_token_algs: algs,
    token_endpoint_auth_method: method,
  };
}
