import { httpClientMetadata } from "../adapters/client-metadata/fetch";
import { mailerFor } from "../adapters/mail";
import { bindingProbes } from "../adapters/probes";
import { KvRateLimitStore } from "../adapters/rate-limit/kv";
import type { Ports } from "../domain/ports";
import type { Bindings } from "../env";

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
  // platform: the rate-limit counters
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
