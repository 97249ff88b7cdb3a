import { env } from "cloudflare:workers";
import type { Bindings } from "../../src/bindings";
import { configOf } from "../../src/context/config";
import { systemContext } from "../../src/context/system";
import type { Config } from "../../src/domain/config";
import type { Context, UserContext } from "../../src/domain/context";
import { AccountHolder, type HolderContext } from "../../src/domain/identity/account-holder";
import type { Principal } from "../../src/domain/identity/principal";

/**
 * A unit of work's context for calling domain functions directly in the Workers pool, built the
 * way the service builds one (src/context/): the system actor, or a caller with `principal`.
 */
export function testContext(options: { now?: () => number; bindings?: Bindings } = {}): Context {
  return systemContext(options.bindings ?? (env as unknown as Bindings), "test", options.now);
}

export function userTestContext(
  principal: Principal,
  options: { now?: () => number; bindings?: Bindings; ip?: string } = {},
): UserContext {
  const ctx = testContext(options);
  return {
    ...ctx,
    actor: { kind: "user", principal },
    principal,
    meta: { ...ctx.meta, ip: options.ip ?? "203.0.113.7" },
  };
}

/** A caller's context once the account-holder rule held for it (AccountHolder.prove, as the route runs it). */
export async function holderTestContext(
  principal: Principal,
  options: { now?: () => number; bindings?: Bindings; ip?: string } = {},
): Promise<HolderContext> {
  const ctx = userTestContext(principal, options);
  return { ...ctx, holder: await AccountHolder.prove(ctx) };
}

/**
 * The configuration the service would read from exactly these variables (nothing of the test pool's:
 * a rule that reads a secret or a scale sees only what the test sets).
 */
export function testConfig(vars: Partial<Bindings> = {}): Config {
  return configOf({ ENVIRONMENT: "development", AUTH_ISSUER: "http://127.0.0.1:8787", ...vars } as Bindings);
}

/** A system context over the test pool's bindings with these variables changed. */
export function testContextWith(vars: Partial<Bindings>, now?: () => number): Context {
  return testContext({ bindings: { ...(env as unknown as Bindings), ...vars }, now });
}
