/**
 * The part of node:async_hooks workerd provides under the `nodejs_als`
 * compatibility flag (wrangler.toml), declared here because the project
 * compiles against the Workers types, not Node's.
 */
declare module "node:async_hooks" {
  export class AsyncLocalStorage<T> {
    getStore(): T | undefined;
    run<R>(store: T, fn: () => R): R;
    exit<R>(fn: () => R): R;
  }
}
