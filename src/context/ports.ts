import { r2SessionArchive } from "../adapters/archive/r2";
import { durableBillingClocks } from "../adapters/billing-clock";
import { httpClientMetadata } from "../adapters/client-metadata/fetch";
import { ldapDirectory } from "../adapters/directory";
import { dnsOverHttps } from "../adapters/dns/doh";
import { sessionObjects } from "../adapters/durable-objects/sessions";
import { httpIdentityProviders } from "../adapters/identity-provider/http";
import { mailerFor } from "../adapters/mail";
import { metricsOf } from "../adapters/metrics";
import { paymentsFor } from "../adapters/payments";
import { bindingProbes } from "../adapters/probes";
import { KvRateLimitStore } from "../adapters/rate-limit/kv";
import { cloudflareWebhookQueue } from "../adapters/webhook-queue/cloudflare";
import type { Bindings } from "../bindings";
import type { Ports } from "../domain/ports";
import { configOf } from "./config";

const built = new WeakMap<Bindings, Ports>();

/**
 * The adapters configuration picks for each port the domain names (src/domain/ports.ts), built
 * once per set of bindings. Each is a getter that builds its adapter on first use, so a request
 * pays only for the ports it reads.
 */
export function portsOf(env: Bindings): Ports {
  let ports = built.get(env);
  if (!ports) {
    ports = buildPorts(env);
    built.set(env, ports);
  }
  return ports;
}

function buildPorts(env: Bindings): Ports {
  return lazyObject<Ports>({
    // platform
    rateLimits: () => new KvRateLimitStore(env.KV),
    // OAuth server
    clientMetadata: () => httpClientMetadata,
    // accounts/mail
    mailer: () => mailerFor(env),
    // accounts/admin
    probes: () => bindingProbes(env),
    // --- sso ---
    dns: () => dnsOverHttps(),
    directory: () => ldapDirectory,
    identityProviders: () => httpIdentityProviders,
    // --- end sso ---
    // organizations and webhooks
    webhookQueue: () => cloudflareWebhookQueue(env.WEBHOOK_QUEUE),
    // sessions area
    sessions: () => sessionObjects(env),
    archive: () => r2SessionArchive(env.ARCHIVE),
    metrics: () => metricsOf(env),
    // billing
    payments: () => paymentsFor(configOf(env)),
    billingClocks: () => durableBillingClocks(env.BILLING_CLOCK),
  });
}

/**
 * An object whose every property is built by its builder on first read and kept: each a getter that
 * replaces itself with the value, so later reads are plain property reads.
 */
function lazyObject<T extends object>(builders: { [K in keyof T]: () => T[K] }): T {
  const target = {} as T;
  for (const key of Object.keys(builders) as (keyof T & string)[]) {
    Object.defineProperty(target, key, {
      configurable: true,
      enumerable: true,
      get() {
        const value = builders[key]();
        Object.defineProperty(target, key, { value, enumerable: true, writable: false });
        return value;
      },
    });
  }
  return target;
}
