import { DurableObject, WorkerEntrypoint } from "cloudflare:workers";

type Construct = typeof Reflect.construct;
type Target = Parameters<Construct>[0];

/**
 * Works around workers-sdk#15092 in @cloudflare/vitest-pool-workers 0.15 (fixed in 0.16, whose
 * wrangler needs Node 22): the pool wraps our Durable Object classes and the default export in a
 * class whose constructor replaces the class's prototype with a new Proxy around the previous one,
 * on every construction. Each Durable Object instance (a billing clock per registered user, a room
 * per session) and each call into the default entrypoint adds a layer, so every later property
 * lookup through those wrappers walks one Proxy trap per instance made so far in the runtime: the
 * suite's CPU grew with the square of its users. The wrapper constructs with
 * Reflect.construct(superClass, args, Class); on each such call this puts back the prototype the
 * first construction installed, so every instance shares that one Proxy, as the upstream fix does.
 * Its trap reads the instance from the receiver, so one Proxy serves every instance alike.
 * Installed once per runtime (test/setup.ts), before the tests make any Durable Object.
 */
export function installPoolPrototypeFix() {
  const state = globalThis as { poolPrototypeFixed?: boolean };
  if (state.poolPrototypeFixed) return;
  state.poolPrototypeFixed = true;
  const wrappedBases = new Set<unknown>([DurableObject, WorkerEntrypoint]);
  const firstPrototype = new WeakMap<object, unknown>();
  const construct: Construct = Reflect.construct;
  Reflect.construct = ((target: Target, args: ArrayLike<unknown>, newTarget?: Target) => {
    // The pool's wrapper is a plain function named "Class" whose parent is the workerd base class.
    if (newTarget && newTarget !== target && newTarget.name === "Class" && wrappedBases.has(target)) {
      const first = firstPrototype.get(newTarget);
      if (first === undefined) firstPrototype.set(newTarget, newTarget.prototype);
      else newTarget.prototype = first;
    }
    return newTarget === undefined ? construct(target, args) : construct(target, args, newTarget);
  }) as Construct;
}
