import { consumeOnceWrite, rememberOnceWrite } from "../../../db/sso-once";
import type { UserRow } from "../../../db/users";
import { AppError } from "../../../errors";
import type { Context } from "../../context";
import { commitWrite } from "../../unit-of-work";
import { issueLoginTokens, type LoginResult } from "../accounts";
import { directoryConfig, loadConnection, spOf } from "./connections";
import { samlConnectionFor } from "./discovery";
import { authenticateWithDirectory } from "./ldap/authenticate";
import { provisionExternal, signInExternal } from "./provision";
import { roleOf } from "./roles";
import { buildRedirect } from "./saml/authn-request";
import { spMetadataXml } from "./saml/metadata";
import { SamlRejection, verifySamlResponse } from "./saml/verify-response";

/** A SAML Response posted to the ACS of `connectionId`, from a client in `country`. */
export interface SamlResponseInput {
  connectionId: string;
  samlResponse: string;
  country: string;
}

/** How long an AuthnRequest id waits for its Response (the user may take a while at the IdP's form). */
export const SAML_REQUEST_TTL_MS = 10 * 60_000;

/** SP-initiated login: the IdP address to redirect to, the request id stored one-time for InResponseTo. */
export async function startSamlLogin(ctx: Context, input: { connectionId: string; relayState: string }) {
  const { connectionId, relayState } = input;
  const now = ctx.now();
  const { row, config } = await loadConnection(ctx, { id: connectionId, kind: "saml" });
  const sp = spOf(ctx.config.issuer, row.id);
  const { id, url } = await buildRedirect({
    spEntityId: sp.entityId,
    acsUrl: sp.acsUrl,
    idpSsoUrl: config.sso_url,
    relayState,
    now: new Date(now),
  });
  await commitWrite(ctx, rememberOnceWrite(ctx.db, `req:${id}`, row.id, now + SAML_REQUEST_TTL_MS));
  return url;
}

/** GET /saml/login: the connection named, or the one the email's or domain's verified owner set up; then its IdP. */
export async function samlLoginRedirect(
  ctx: Context,
  input: { by: Parameters<typeof samlConnectionFor>[1]; relayState: string },
) {
  const connectionId = await samlConnectionFor(ctx, input.by);
  return startSamlLogin(ctx, { connectionId, relayState: input.relayState });
}

/** Our SP metadata (SAML 2.0 Metadata §2.4.4) for a live SAML connection. */
export async function samlSpMetadata(ctx: Context, input: { connectionId: string }): Promise<string> {
  const { row } = await loadConnection(ctx, { id: input.connectionId, kind: "saml" });
  return spMetadataXml(spOf(ctx.config.issuer, row.id));
}

function rejected(reason: string): AppError {
  return new AppError("SAML_RESPONSE_INVALID", { details: { reason } });
}

/**
 * The ACS: verify, then check the one-time facts in D1: an SP-initiated response must answer a
 * request we issued and still hold (consumed here); an IdP-initiated one (no InResponseTo) is
 * accepted, bounded by the same replay cache and expiry (docs/decisions.md). Provisioning happens
 * only after every check passed.
 */
export async function consumeSamlResponse(
  ctx: Context,
  input: SamlResponseInput,
): Promise<LoginResult & { organizationId: string }> {
  const { user, organizationId } = await samlSignIn(ctx, input);
  return {
    user,
    ...(await issueLoginTokens(ctx, { user, familyId: crypto.randomUUID(), organizationId })),
    organizationId,
  };
}

/** The ACS's checks, then just-in-time provisioning: the user signed in, without tokens. */
export async function samlSignIn(
  ctx: Context,
  input: SamlResponseInput,
): Promise<{ user: UserRow; organizationId: string }> {
  const { connectionId, samlResponse } = input;
  const now = ctx.now();
  const { row, config } = await loadConnection(ctx, { id: connectionId, kind: "saml" });
  const sp = spOf(ctx.config.issuer, row.id);
  let verified: Awaited<ReturnType<typeof verifySamlResponse>>;
  try {
    verified = await verifySamlResponse(samlResponse, {
      spEntityId: sp.entityId,
      acsUrl: sp.acsUrl,
      idpEntityId: config.idp_entity_id,
      certificates: config.certificates,
      allowSha1: config.allow_sha1,
      now: new Date(now),
    });
  } catch (error) {
    if (error instanceof SamlRejection) throw rejected(error.reason);
    throw error;
  }
  if (
    verified.inResponseTo !== null &&
    !(await commitWrite(ctx, consumeOnceWrite(ctx.db, `req:${verified.inResponseTo}`, row.id, now)))
  ) {
    throw rejected("InResponseTo names no pending request of this connection");
  }
  if (
    !(await commitWrite(
      ctx,
      rememberOnceWrite(ctx.db, `assertion:${row.id}:${verified.assertionId}`, row.id, verified.notOnOrAfter.getTime()),
    ))
  ) {
    throw rejected("assertion already used (replay)");
  }
  const email = (verified.attributes.email?.[0] ?? verified.attributes.mail?.[0] ?? verified.nameId).toLowerCase();
  const role = roleOf(config, verified.attributes[config.groups_attribute] ?? []);
  const user = await provisionExternal(ctx, {
    organizationId: row.organizationId,
    connectionId: row.id,
    identity: {
      subject: verified.nameId,
      email,
      username: verified.attributes.uid?.[0] ?? email.split("@")[0] ?? email,
      role,
    },
    country: input.country,
  });
  return { user, organizationId: row.organizationId };
}

/** POST /v1/auth/ldap: bind to the organization's directory, then JIT and the login tokens. */
export async function ldapSignIn(
  ctx: Context,
  input: { connectionId: string; login: string; password: string; country: string },
) {
  const { connectionId, login, password } = input;
  const { row, config } = await loadConnection(ctx, { id: connectionId, kind: "ldap" });
  const user = await authenticateWithDirectory(ctx, {
    config: await directoryConfig(ctx, { row, settings: config }),
    login,
    password,
  });
  const result = await signInExternal(ctx, {
    organizationId: row.organizationId,
    connectionId: row.id,
    identity: { subject: user.dn.toLowerCase(), email: user.email, username: user.username, role: user.role },
    country: input.country,
  });
  return { ...result, organizationId: row.organizationId, role: user.role };
}
