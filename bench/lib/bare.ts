import { type DevServer, startWrangler } from "../../test/e2e/support/wrangler";
import type { BenchUser } from "../seed";

/**
 * The bare worker (bench/bare: its own wrangler.toml, no app code) in a process of its own, started
 * the way the app is (wrangler's dev-server API, no inspector), and given what its routes answer: the
 * session row GET /v1/sessions/{id} reads (as the app's bench entry reads it), that GET's body and
 * response headers, and the caller's users row. They are read once the bare worker is up, seconds
 * after the session was made: by then its short life (the bench's time scale) has ended, as it has
 * for every read the load makes.
 */

/** Headers of the transport, which the bare worker's own answer sets for itself. */
const NOT_MIRRORED = new Set(["content-type", "content-length", "content-encoding", "transfer-encoding", "date"]);

export async function startBare(
  app: string,
  caller: BenchUser,
  sessionId: string,
  opts: { inspector?: boolean } = {},
): Promise<DevServer> {
  const server = await startWrangler({
    ...opts,
    logLevel: "error",
    config: "bench/bare/wrangler.toml",
    worker: { readyPath: "/noop" },
  });
  try {
    const row = (await (await fetch(`${app}/__bench/d1-session/${sessionId}`)).json()) as { data: unknown };
    const user = (await (await fetch(`${app}/__bench/d1/${caller.id}`)).json()) as { data: unknown };
    const answered = await fetch(`${app}/v1/sessions/${sessionId}`, {
      headers: { authorization: `Bearer ${caller.token}` },
    });
    const body: unknown = await answered.json();
    const headers: [string, string][] = [];
    answered.headers.forEach((value, name) => {
      if (!NOT_MIRRORED.has(name)) headers.push([name, value]);
    });
    const res = await fetch(`${server.url}/setup`, {
      method: "PUT",
      body: JSON.stringify({ row: row.data, user: user.data, body, headers }),
    });
    if (!res.ok) throw new Error(`bare worker setup: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    const check = await fetch(`${server.url}/ceiling/${sessionId}`);
    if (!check.ok) throw new Error(`bare worker ceiling: ${check.status} ${await check.text()}`);
    await check.arrayBuffer();
  } catch (err) {
    await server.stop();
    throw err;
  }
  return server;
}
