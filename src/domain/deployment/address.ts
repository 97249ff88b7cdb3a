import type { Bindings } from "../../env";
import { notConfigured } from "../../lib/secret-config";

/** An https origin: scheme and host, no path, port or trailing slash (what `npm run deploy:setup` writes). */
const HTTPS_ORIGIN = /^https:\/\/[a-z0-9.-]+$/;

/**
 * Staging and production refuse requests (503) until AUTH_ISSUER is the https origin they are served
 * at: every token's `iss` and `aud` and every link the service hands out name it, so a deployment
 * without one would issue tokens no relying party can check. A fresh deployment on workers.dev is
 * unaddressed until `npm run deploy` writes its address (scripts/deploy.mjs); the scripts check
 * that the route, console origin, WebAuthn RP id and mail sender agree with it (addressProblems).
 */
export function refuseWithoutAddress(env: Pick<Bindings, "ENVIRONMENT" | "AUTH_ISSUER">): void {
  if (env.ENVIRONMENT === "development") return;
  if (!HTTPS_ORIGIN.test(env.AUTH_ISSUER ?? ""))
    throw notConfigured(`AUTH_ISSUER ${JSON.stringify(env.AUTH_ISSUER ?? "")} is not an https origin`);
}
