import { sha256Hex, timingSafeEqual } from "../../../lib/crypto";
import type { Context } from "../../context";
import { findClient, type OAuthClient } from "./clients";
import { OAuthError } from "./errors";
import type { FormParams } from "./form";

type ClientAuthMethod = "client_secret_basic" | "client_secret_post" | "none";

export interface AuthenticatedClient {
  client: OAuthClient;
  method: ClientAuthMethod;
}

/** RFC 6749 §2.3.1: Basic credentials are form-urlencoded before base64. */
function parseBasic(header: string): { id: string; secret: string } | null {
  const m = /^Basic[ ]+([A-Za-z0-9+/=]+)[ ]*$/i.exec(header);
  if (!m) return null;
  try {
    const decoded = atob(m[1]!);
    const i = decoded.indexOf(":");
    if (i < 0) return null;
    return {
      id: decodeURIComponent(decoded.slice(0, i).replace(/\+/g, " ")),
      secret: decodeURIComponent(decoded.slice(i + 1).replace(/\+/g, " ")),
    };
  } catch {
    return null;
  }
}

/**
 * Authenticate the client at the token, revocation and introspection
 * endpoints: client_secret_basic, client_secret_post, or (public clients
 * only) none with just `client_id`. Using two methods at once is refused
 * (RFC 6749 §2.3). Any failure is invalid_client, 401 (§5.2).
 */
export async function authenticateClient(
  ctx: Context,
  { authorization, form }: { authorization: string | undefined; form: FormParams },
): Promise<AuthenticatedClient> {
  const basic = authorization !== undefined && /^Basic /i.test(authorization);
  const fail = (description = "Client authentication failed.") => new OAuthError("invalid_client", description, basic);
  const postedId = form.get("client_id");
  const postedSecret = form.get("client_secret");

  let id: string;
  let secret: string | undefined;
  let method: ClientAuthMethod;
  if (basic) {
    const creds = parseBasic(authorization!);
    if (!creds) throw fail("The Basic Authorization header is malformed.");
    if (postedSecret !== undefined)
      throw new OAuthError("invalid_request", "Use one client authentication method, not two.");
    if (postedId !== undefined && postedId !== creds.id)
      throw new OAuthError("invalid_request", "client_id does not match the Authorization header.");
    ({ id, secret } = creds);
    method = "client_secret_basic";
  } else if (authorization !== undefined && !/^Bearer /i.test(authorization)) {
    throw fail("Unsupported Authorization scheme: use Basic or client_secret_post.");
  } else {
    if (postedId === undefined) throw fail("client_id is required.");
    id = postedId;
    secret = postedSecret;
    method = secret === undefined ? "none" : "client_secret_post";
  }

  const client = await findClient(ctx, id);
  if (!client) throw fail();
  if (client.clientType === "public") {
    if (method !== "none") throw fail("This is a public client: it has no secret.");
    return { client, method };
  }
  if (secret === undefined || client.secretHash === null)
    throw fail("This client must authenticate with its client_secret.");
  if (!timingSafeEqual(await sha256Hex(secret), client.secretHash)) throw fail();
  return { client, method };
}
