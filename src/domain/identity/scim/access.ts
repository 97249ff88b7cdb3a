import {
  liveScimConnectionByTokenHash,
  type ScimConnectionRow,
  touchScimConnection,
} from "../../../db/scim-connections";
import { iso } from "../../../lib/clock";
import { sha256Hex, timingSafeEqual } from "../../../lib/crypto";
import type { Context } from "../../context";
import type { Principal } from "../principal";
import { SCIM_TOKEN_PREFIX } from "./connections";
import { ScimError } from "./errors";

/**
 * A SCIM request's connection: the bearer token must be the live token of the connection the path
 * names (RFC 7644 §2: the service provider authenticates the client). Another connection's token —
 * another organization's, or a revoked or rotated one — is 401, whatever the path; the answer does
 * not say whether the connection exists. The token is the connection's and nothing else: it carries
 * no user, no scope and never the service-administrator role.
 */
export async function authenticateScim(
  ctx: Context,
  input: { connectionId: string; authorization: string | undefined },
): Promise<ScimConnectionRow> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(input.authorization ?? "");
  const token = match?.[1];
  const refused = () => new ScimError(401, "a valid bearer token of this SCIM connection is required");
  if (!token?.startsWith(SCIM_TOKEN_PREFIX) || token.length > 128) throw refused();
  const connection = await liveScimConnectionByTokenHash(ctx.db, await sha256Hex(token));
  if (!connection || !timingSafeEqual(connection.id, input.connectionId)) throw refused();
  const now = ctx.now();
  await touchScimConnection(ctx.db, connection.id, iso(now), iso(now - 60_000));
  return connection;
}

/** Who the audit log names for what a directory did: the connection, acting for its organization. */
export function directoryActor(connection: ScimConnectionRow): Principal {
  return {
    userId: "",
    role: "user",
    tier: "basic",
    scopes: new Set(),
    organization: { id: connection.organizationId, role: "admin", via: "api_key" },
    credential: { kind: "scim_token", id: connection.id },
  };
}
