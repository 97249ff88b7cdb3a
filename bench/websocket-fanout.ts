import WebSocket from "ws";
import { type BenchUser, call } from "./seed";

export interface FanoutResult {
  sockets: number;
  connected: number;
  progressMessages: number;
  everySocketGotEveryMessage: boolean;
  p50: number;
  p99: number;
  max: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/**
 * N sockets on one session: each must receive every progress message (every
 * `transition` and `stage` after its snapshot); latency is receipt time minus
 * the message's `sent_at` (when the room began the fan-out), same machine clock.
 */
export async function fanout(base: string, user: BenchUser, sockets: number): Promise<FanoutResult> {
  // 3,600 s at the bench time scale (0.01): 3.6 s pending while the sockets connect, then 32 s of stages.
  const session = await call(
    base,
    "POST",
    "/v1/sessions",
    { cue: "Fan-out benchmark", session_type: "remote_viewing", parameters: { duration: 3600 } },
    user.token,
  );
  const wsUrl: string = session.websocket_url;
  const received: Array<Map<number, number>> = [];
  const latencies: number[] = [];
  const done: Array<Promise<void>> = [];
  let connected = 0;

  for (let i = 0; i < sockets; i++) {
    const seen = new Map<number, number>();
    received.push(seen);
    const ws = new WebSocket(wsUrl, ["bearer", user.token]);
    done.push(
      new Promise<void>((resolve) => {
        ws.on("open", () => (connected += 1));
        ws.on("message", (raw) => {
          const now = Date.now();
          const msg = JSON.parse(String(raw));
          if (msg.type === "snapshot") return;
          seen.set(msg.seq, now);
          latencies.push(now - Date.parse(msg.sent_at));
        });
        ws.on("close", () => resolve());
        ws.on("error", () => resolve());
      }),
    );
  }
  await Promise.race([Promise.all(done), new Promise((r) => setTimeout(r, 120_000))]);

  const allSeqs = new Set<number>();
  for (const m of received) for (const seq of m.keys()) allSeqs.add(seq);
  const everySocketGotEveryMessage = received.every((m) => m.size === allSeqs.size);
  const sorted = latencies.sort((a, b) => a - b);
  return {
    sockets,
    connected,
    progressMessages: allSeqs.size,
    everySocketGotEveryMessage,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
  };
}
