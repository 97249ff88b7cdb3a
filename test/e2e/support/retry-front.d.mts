/** A free TCP port on `host`. */
export function freePort(host: string): Promise<number>;
/** Listens on host:port and forwards to `inner` (wrangler's dev proxy), resending what that proxy dropped. */
export function startRetryFront(
  inner: URL,
  host: string,
  port: number,
  log?: (line: string) => void,
  options?: {
    headers?: Record<string, string>;
    onAnswer?: (method: string, url: string, status: number) => void;
  },
): Promise<{ close(): Promise<void> }>;
