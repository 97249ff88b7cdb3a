import type { Bindings } from "../bindings";
import { notConfigured } from "../lib/secret-config";

/** An https origin: scheme and host, no path, port or trailing slash (what `npm run deploy:setup` writes). */
const HTTPS_ORIGIN = /^https:\/\/([a-z0-9.-]+)$/;

/** `host` is `domain` or one of its subdomains. */
const within = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/**
 * Staging and production refuse requests (503) until AUTH_ISSUER is the https origin they are served
 * at: every token's `iss` and `aud` and every link the service hands out name it, so a deployment
 * without one would issue tokens no relying party can check. A fresh deployment on workers.dev is
 * unaddressed until `npm run deploy` writes its address (scripts/deploy.mjs). The vars derived from it
 * are held to the rules the deploy scripts check (addressProblems in scripts/deploy-setup.mjs), in case
 * one was changed by hand: the console origin is the issuer, the WebAuthn RP id is its host or a parent
 * domain (WebAuthn §5.1.4.1), and mail comes from that host or a parent (any domain on workers.dev).
 */
export function refuseWithoutAddress(
  env: Pick<Bindings, "ENVIRONMENT" | "AUTH_ISSUER" | "CONSOLE_ORIGIN" | "WEBAUTHN_RP_ID" | "MAIL_FROM">,
): void {
  if (env.ENVIRONMENT === "development") return;
  const host = HTTPS_ORIGIN.exec(env.AUTH_ISSUER ?? "")?.[1];
  if (!host) throw notConfigured(`AUTH_ISSUER ${JSON.stringify(env.AUTH_ISSUER ?? "")} is not an https origin`);
  if (env.CONSOLE_ORIGIN && env.CONSOLE_ORIGIN !== env.AUTH_ISSUER)
    throw notConfigured(`CONSOLE_ORIGIN ${env.CONSOLE_ORIGIN} is not AUTH_ISSUER ${env.AUTH_ISSUER}`);
  if (env.WEBAUTHN_RP_ID && !(env.WEBAUTHN_RP_ID.includes(".") && within(host, env.WEBAUTHN_RP_ID)))
    throw notConfigured(`WEBAUTHN_RP_ID ${env.WEBAUTHN_RP_ID} is not ${host} or a parent domain of it`);
  const mailDomain = /@([^>\s]+)>?\s*$/.exec(env.MAIL_FROM ?? "")?.[1]?.toLowerCase();
  if (env.MAIL_FROM && (!mailDomain || (!host.endsWith(".workers.dev") && !within(host, mailDomain))))
    throw notConfigured(`MAIL_FROM ${env.MAIL_FROM} is not an address at ${host} or a parent domain of it`);
}
