import { AppError } from "../../../../errors";
import { checkHttpTarget } from "../../../../lib/target-address";
import type { Context } from "../../../context";
import { allowPrivateUrls } from "../../../webhooks/deliveries";
import type { IdpAnswer } from "../ports";

/** Why an identity provider's address or answer is not usable (the message of a 502 or a 422). */
export class IdpUnusable extends Error {}

/**
 * A request to an OpenID Provider's endpoint: the address through the one outbound classifier
 * (src/lib/target-address.ts; loopback and http only where private targets are allowed, in
 * development, as for webhooks), then the port's fetch (no redirects, bounded size and time).
 */
export async function idpRequest(
  ctx: Pick<Context, "config" | "ports">,
  input: { url: string; form?: URLSearchParams; authorization?: string },
): Promise<IdpAnswer> {
  const { url: raw, form, authorization } = input;
  const verdict = checkHttpTarget(raw, { allowPrivate: allowPrivateUrls(ctx.config) });
  if (!verdict.ok) throw new IdpUnusable(`${raw} ${verdict.reason}`);
  try {
    return await ctx.ports.identityProviders.request(
      verdict.url,
      form ? { form, ...(authorization ? { authorization } : {}) } : undefined,
    );
  } catch {
    throw new IdpUnusable(`${verdict.url.origin} did not answer`);
  }
}

export const idpUnavailable = (reason: string) =>
  new AppError("IDENTITY_PROVIDER_UNAVAILABLE", { details: { reason } });
