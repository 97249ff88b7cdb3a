import type { Role, Scope } from "./scopes";

export type Tier = "basic" | "professional" | "enterprise";
export const TIERS = ["basic", "professional", "enterprise"] as const;

export type OrganizationRole = "owner" | "admin" | "member";

type CredentialKind = "login_token" | "oauth_token" | "api_key" | "scim_token";

/**
 * Whoever is calling, whatever credential they used (ARCHITECTURE pattern 3).
 * Services take this value; routes never look at raw credentials.
 */
export interface Principal {
  userId: string;
  role: Role;
  /** The acting billing account's tier once resolved (the token's claim until then). */
  tier: Tier;
  /** The billing account this request acts for, resolved from D1 once per request. */
  account?: { id: string; tier: Tier; status: "active" | "trialing" | "past_due" };
  scopes: ReadonlySet<Scope>;
  /**
   * The organization this request acts for (the `X-Organization-Id` header, or
   * the organization of an organization API key), with the caller's role there,
   * read from D1 on every request (a removed member loses it at once).
   */
  organization?: { id: string; role: OrganizationRole; via: "header" | "api_key" };
  /**
   * A token issued through an organization's sign-on connection acts for that organization only,
   * whatever the header says (docs/sso.md "What a sign-on token may do").
   */
  boundOrganization?: string;
  credential: {
    kind: CredentialKind;
    /** jti of the access token, or the API key id. */
    id: string;
    /** The grant/login session an access token belongs to (revocation unit). */
    sid?: string;
    clientId?: string;
    expiresAt?: number;
  };
}
