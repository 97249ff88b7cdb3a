import { AppError } from "../errors";

/**
 * Keys derived from secrets (the JWT signing key, the data encryption key) are
 * imported once per isolate: the promise is cached against the secret's
 * value, so a changed secret is picked up and a failed load is retried on the
 * next request rather than cached.
 */
export function cachedBySecret<E, T>(
  sourceOf: (env: E) => string,
  load: (env: E) => Promise<T>,
): (env: E) => Promise<T> {
  let cached: { source: string; value: Promise<T> } | undefined;
  // The bindings object of the last call: an isolate's bindings do not change, so the same object has the
  // same secrets and the source (a string built from the whole secret) need not be built again.
  let lastEnv: E | undefined;
  return (env) => {
    if (cached && env === lastEnv) return cached.value;
    const source = sourceOf(env);
    lastEnv = env;
    if (cached?.source === source) return cached.value;
    const value = load(env);
    cached = { source, value };
    value.catch(() => {
      if (cached?.value === value) {
        cached = undefined;
        lastEnv = undefined;
      }
    });
    return value;
  };
}

/** A required secret is missing or unusable: log why, refuse the request with a generic 503. */
export function notConfigured(why: string): AppError {
  console.error(JSON.stringify({ msg: "not configured: refusing requests", why }));
  return new AppError("SERVICE_UNAVAILABLE", { message: "The service is not configured." });
}
