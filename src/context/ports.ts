import { durableBillingClocks } from "../adapters/billing-clock";
import { httpClientMetadata } from "../adapters/client-metadata/fetch";
import { ldapDirectory } from "../adapters/directory";
import { dnsOverHttps } from "../adapters/dns/doh";
import { sessionObjects } from "../adapters/durable-objects/sessions";
import { mailerFor } from "../adapters/mail";
import { paymentsFor } from "../adapters/payments";
import { bindingProbes } from "../adapters/probes";
import { KvRateLimitStore } from "../adapters/rate-limit/kv";
import { cloudflareWebhookQueue } from "../adapters/webhook-queue/cloudflare";
import type { Ports } from "../domain/ports";
import type { Bindings } from "../env";
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
  // OAuth server
  const clientMetadata = once(() => httpClientMetadata);
  // accounts/mail
  const mailer = once(() => mailerFor(env));
  // accounts/admin
  const probes = once(() => bindingProbes(env));
  // --- sso ---
  const dns = once(() => dnsOverHttps());
  const directory = once(() => ldapDirectory);
  // --- end sso ---
  // organizations and webhooks
  const webhookQueue = once(() => cloudflareWebhookQueue(env.WEBHOOK_QUEUE));
  // sessions area
  const sessions = once(() => sessionObjects(env));
  // billing
  const payments = once(() => paymentsFor(configOf(env)));
  const billingClocks = once(() => durableBillingClocks(env.BILLING_CLOCK));
  // platform
  const rateLimits = once(() => new KvRateLimitStore(env.KV));
  return {
    get rateLimits() {
      return rateLimits();
    },
    get clientMetadata() {
      return clientMetadata();
    },
    get mailer() {
      return mailer();
    },
    get probes() {
      return probes();
    },
    get dns() {
      return dns();
    },
    get directory() {
      return directory();
    },
    get webhookQueue() {
      return webhookQueue();
    },
    get sessions() {
      return sessions();
    },
    get payments() {
      return payments();
    },
    get billingClocks() {
      return billingClocks();
    },
  };
}

/** A getter that builds its value once, on first read. */
export function once<T>(build: () => T): () => T {
  let value: T | undefined;
  let done = false;
  return () => {
    if (!done) {
      value = build();
      done = true;
    }
    return value as T;
  };
}
