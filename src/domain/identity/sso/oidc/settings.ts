import { AppError } from "../../../../errors";
import type { Context } from "../../../context";
import type { OrganizationRole } from "../../principal";
import { discover, type ProviderMetadata } from "./discovery";
import { IdpUnusable } from "./outbound";

/** What an admin sets on an OIDC connection; the client secret is sealed apart (never in here). */
export interface OidcInput {
  issuer: string;
  client_id: string;
  /** Requested beyond `openid` (which is always sent). */
  scopes: string[];
  /** The ID token claim naming the user's groups (e.g. `groups`; Entra ID sends group ids there). */
  groups_claim: string;
  group_roles: Record<string, OrganizationRole>;
  default_role: OrganizationRole | null;
}

/** A stored OIDC connection's settings: the admin's, and what discovery said when they were saved. */
export type OidcSettings = OidcInput & ProviderMetadata;

const OIDC_DEFAULTS: Omit<OidcInput, "issuer" | "client_id"> = {
  scopes: ["email", "profile"],
  groups_claim: "groups",
  group_roles: {},
  default_role: "member",
};

const invalid = (field: string, reason: string) =>
  new AppError("SSO_CONNECTION_INVALID", { details: { field, reason } });

/**
 * Settings merged onto `base`, validated, and the provider's metadata discovered again from the
 * issuer (a change of issuer, or a provider that moved its endpoints or algorithms, is seen at save).
 */
export async function oidcSettings(
  ctx: Context,
  input: { base: Partial<OidcInput>; changes: Partial<OidcInput> },
): Promise<OidcSettings> {
  const { base, changes } = input;
  const merged = { ...OIDC_DEFAULTS, ...base, ...changes };
  const { issuer, client_id } = merged;
  if (!issuer) throw invalid("oidc.issuer", "required");
  if (!client_id) throw invalid("oidc.client_id", "required");
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw invalid("oidc.issuer", "not an absolute URL");
  }
  // Discovery §2: an https URL with no query or fragment (http only where private targets are, in development).
  if (url.search || url.hash) throw invalid("oidc.issuer", "must have no query or fragment");
  let metadata: ProviderMetadata;
  try {
    metadata = await discover(ctx, issuer);
  } catch (error) {
    if (error instanceof IdpUnusable) throw invalid("oidc.issuer", error.message);
    throw error;
  }
  const scopes = [...new Set(merged.scopes.filter((s) => s !== "openid"))];
  if (scopes.some((s) => !/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(s))) {
    throw invalid("oidc.scopes", "each scope is a token of RFC 6749 §3.3");
  }
  return {
    issuer,
    client_id,
    scopes,
    groups_claim: merged.groups_claim,
    group_roles: merged.group_roles,
    default_role: merged.default_role,
    ...metadata,
  };
}

/** The redirect URI to register at the provider: one for every OIDC connection (the state names it). */
export const oidcRedirectUri = (authIssuer: string) => `${authIssuer.replace(/\/$/, "")}/oidc/callback`;
