import WebSocket from "ws";
import { type BenchUser, call } from "./seed";

export interface FanoutResult {
  sockets: number;
  sessions: number;
  connected: number;
  progressMessages: number;
  everySocketGotEveryMessage: boolean;
  p50: number;
  p99: number;
  max: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

// The two fields the bench needs, read without parsing the whole message: with a thousand
// sockets the receiving process's own work is part of what is measured, so keep it small.
const SEQ = /"seq":(\d+)/;
const SENT_AT = /"sent_at":"([^"]+)"/;

/**
 * N sockets over S sessions (N/S each): each must receive every progress
 * message of its session (every `transition` and `stage` after its snapshot);
 * latency is receipt time minus the message's `sent_at` (when the room began
 * the fan-out), same machine clock, over the messages sent once every socket
 * of the session had connected (the steady state, not the handshake storm).
 * Receipt is timestamped first thing in the handler, before any other work.
 */
export async function fanout(base: string, user: BenchUser, sockets: number, sessions = 1): Promise<FanoutResult> {
  const urls: string[] = [];
  const socketsPerSession = Math.ceil(sockets / sessions);
  const createSession = async () => {
    // 3,600 s at the bench time scale (0.02): 72 s of life, the first 7 s pending.
    const session = await call(
      base,
      "POST",
      "/v1/sessions",
      { cue: "Fan-out benchmark", session_type: "remote_viewing", parameters: { duration: 3600 } },
      user.token,
    );
    urls.push(session.websocket_url);
  };
  const received: Array<{ session: number; snapshotSeq: number; seqs: Map<number, number> }> = [];
  const sentAt = new Map<string, number>();
  const done: Array<Promise<void>> = [];
  let connected = 0;

  /** Open one socket, retrying a failed handshake (the machine is busy while a thousand connect). */
  const open = (i: number, attempt = 0): Promise<void> =>
    new Promise<void>((opened) => {
      const session = Math.floor(i / socketsPerSession);
      const entry = { session, snapshotSeq: Number.POSITIVE_INFINITY, seqs: new Map<number, number>() };
      const ws = new WebSocket(urls[session]!, ["bearer", user.token], { perMessageDeflate: false });
      let isOpen = false;
      ws.on("open", () => {
        isOpen = true;
        connected += 1;
        received.push(entry);
        opened();
      });
      ws.on("message", (raw) => {
        const now = Date.now();
        const text = String(raw);
        const seq = SEQ.exec(text);
        if (!seq) return;
        if (text.startsWith('{"type":"snapshot"')) {
          entry.snapshotSeq = Math.min(entry.snapshotSeq, Number(seq[1]));
          return;
        }
        entry.seqs.set(Number(seq[1]), now);
        const at = SENT_AT.exec(text);
        if (at) sentAt.set(`${session}:${seq[1]}`, Date.parse(at[1]!));
      });
      done.push(
        new Promise<void>((closed) => {
          ws.on("close", () => closed());
          ws.on("error", () => {
            if (!isOpen && attempt < 3) void open(i, attempt + 1).then(opened);
            else if (!isOpen) opened();
            closed();
          });
        }),
      );
    });

  // One session at a time: create it, then connect its sockets while it is still pending, at most 100
  // handshakes in flight (a storm of thousands at once would measure the handshake, not the fan-out).
  for (let first = 0; first < sockets; first += socketsPerSession) {
    await createSession();
    const last = Math.min(sockets, first + socketsPerSession);
    for (let i = first; i < last; i += 100) {
      await Promise.all(Array.from({ length: Math.min(100, last - i) }, (_, j) => open(i + j)));
    }
  }
  await Promise.race([Promise.all(done), new Promise((r) => setTimeout(r, 240_000))]);

  // Each socket must get every message its session sent after the snapshot it got on connecting.
  const perSession = new Map<number, Set<number>>();
  const lastConnect = new Map<number, number>();
  for (const r of received) {
    const all = perSession.get(r.session) ?? new Set<number>();
    for (const seq of r.seqs.keys()) all.add(seq);
    perSession.set(r.session, all);
    lastConnect.set(r.session, Math.max(lastConnect.get(r.session) ?? 0, r.snapshotSeq));
  }
  const everySocketGotEveryMessage =
    received.length === sockets &&
    received.every((r) => {
      const expected = [...perSession.get(r.session)!].filter((seq) => seq > r.snapshotSeq);
      return expected.length > 0 && expected.every((seq) => r.seqs.has(seq));
    });
  // Latency of the steady state: messages sent after every socket of the session had connected.
  const latencies: number[] = [];
  for (const r of received) {
    for (const [seq, at] of r.seqs) {
      if (seq <= lastConnect.get(r.session)!) continue;
      const sent = sentAt.get(`${r.session}:${seq}`);
      if (sent !== undefined) latencies.push(at - sent);
    }
  }
  const sorted = latencies.sort((a, b) => a - b);
  return {
    sockets,
    sessions,
    connected,
    progressMessages: Math.max(0, ...[...perSession.values()].map((set) => set.size)),
    everySocketGotEveryMessage,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
  };
}
