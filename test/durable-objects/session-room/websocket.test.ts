import { runDurableObjectAlarm } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LiveMessage } from "../../../src/domain/sessions/live-messages";
import { registerUser } from "../../support/factories";
import { BASE } from "../../support/http";
import { heldSession, roomStub, stepRoom } from "../../support/sessions";

interface Client {
  messages: any[];
  closed: Promise<{ code: number; reason: string }>;
  next(n: number): Promise<any[]>;
  ws: WebSocket;
  protocol: string | null;
}

async function connect(
  sessionId: string,
  init: { token?: string; protocols?: string; query?: string } = {},
): Promise<Client> {
  const headers: Record<string, string> = { Upgrade: "websocket" };
  if (init.protocols) headers["Sec-WebSocket-Protocol"] = init.protocols;
  const url = `${BASE}/v1/ws/${sessionId}${init.query ?? (init.token ? `?access_token=${init.token}` : "")}`;
  const res = await exports.default.fetch(new Request(url, { headers }));
  if (res.status !== 101 || !res.webSocket) throw new Error(`upgrade refused: ${res.status} ${await res.text()}`);
  const ws = res.webSocket;
  const messages: any[] = [];
  let wake: () => void = () => {};
  ws.addEventListener("message", (e) => {
    const text = e.data as string;
    // "pong" is the runtime's automatic answer to "ping"; everything else is JSON.
    messages.push(text === "pong" ? text : JSON.parse(text));
    wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.addEventListener("close", (e) => resolve({ code: e.code, reason: e.reason })),
  );
  ws.accept();
  return {
    ws,
    messages,
    closed,
    protocol: res.headers.get("Sec-WebSocket-Protocol"),
    async next(n) {
      const deadline = Date.now() + 10_000;
      while (messages.length < n) {
        if (Date.now() > deadline)
          throw new Error(`only ${messages.length} of ${n} messages: ${JSON.stringify(messages)}`);
        await new Promise<void>((r) => {
          wake = r;
          setTimeout(r, 50);
        });
      }
      return messages.slice(0, n);
    },
  };
}

async function refused(sessionId: string, opts: { token?: string; headers?: Record<string, string> } = {}) {
  const res = await exports.default.fetch(
    new Request(`${BASE}/v1/ws/${sessionId}${opts.token ? `?access_token=${opts.token}` : ""}`, {
      headers: { Upgrade: "websocket", ...opts.headers },
    }),
  );
  return { status: res.status, body: (await res.json()) as any, webSocket: res.webSocket };
}

describe("live progress over WebSocket", () => {
  it("two clients receive the snapshot and every transition and stage in order, then a normal close", async () => {
    const u = await registerUser();
    const s = await heldSession(u.token);
    const a = await connect(s.id, { token: u.token });
    const b = await connect(s.id, { protocols: `bearer, ${u.token}` });
    expect(b.protocol).toBe("bearer");
    await a.next(1);
    await b.next(1);
    // Start it, then run each stage's alarm in turn (the held session's schedule is on real time).
    for (let step = 0; step < 4; step++) await runDurableObjectAlarm(roomStub(s.id));
    const [closeA, closeB] = await Promise.all([a.closed, b.closed]);
    expect(closeA.code).toBe(1000);
    expect(closeB.code).toBe(1000);

    for (const client of [a, b]) {
      const m = client.messages;
      for (const message of m) expect(LiveMessage.safeParse(message).success).toBe(true);
      expect(m.map((x) => x.type)).toEqual(["snapshot", "transition", "stage", "stage", "stage", "transition"]);
      expect(m[0]).toMatchObject({
        session_id: s.id,
        status: "pending",
        stage: null,
        history: [],
        seq: 0,
        estimated_completion: s.estimated_completion,
      });
      expect(m[1]).toMatchObject({ from: "pending", to: "processing", stage: "initial_processing" });
      expect(m.slice(2, 5).map((x) => x.stage)).toEqual(["initial_processing", "deep_analysis", "final_validation"]);
      expect(m.slice(2, 5).map((x) => x.next_stage)).toEqual(["deep_analysis", "final_validation", null]);
      expect(m[5]).toMatchObject({ from: "processing", to: "completed", confidence_score: expect.any(Number) });
      expect(m.map((x) => x.seq)).toEqual([0, 1, 2, 3, 4, 5]);
    }
    expect(b.messages.slice(1)).toEqual(a.messages.slice(1));
  });

  it("a client joining mid-way gets the history so far; a client of an ended session gets the snapshot and a close", async () => {
    const u = await registerUser();
    const s = await heldSession(u.token);
    await stepRoom(s.id);
    await stepRoom(s.id);
    const mid = await connect(s.id, { token: u.token });
    const [snap] = await mid.next(1);
    expect(snap).toMatchObject({ type: "snapshot", status: "processing", stage: "deep_analysis", seq: 2 });
    expect(snap.history.map((h: any) => h.stage)).toEqual(["initial_processing"]);
    // Cancelling tells the clients and closes normally.
    await exports.default.fetch(
      new Request(`${BASE}/v1/sessions/${s.id}`, { method: "DELETE", headers: { authorization: `Bearer ${u.token}` } }),
    );
    expect((await mid.closed).code).toBe(1000);
    expect(mid.messages[1]).toMatchObject({
      type: "transition",
      from: "processing",
      to: "cancelled",
      reason: "cancelled",
      credits_refunded: 17,
      seq: 3,
    });

    const late = await connect(s.id, { token: u.token });
    expect((await late.closed).code).toBe(1000);
    expect(late.messages).toEqual([expect.objectContaining({ type: "snapshot", status: "cancelled" })]);
  });

  it("answers ping with pong without a state change", async () => {
    const u = await registerUser();
    const s = await heldSession(u.token);
    const c = await connect(s.id, { token: u.token });
    await c.next(1);
    c.ws.send("ping");
    expect((await c.next(2))[1]).toBe("pong");
    c.ws.send("snapshot");
    expect((await c.next(3))[2]).toMatchObject({ type: "snapshot", status: "pending", seq: 0 });
    c.ws.close(1000);
  });

  it("refuses before the upgrade: no token 401, bad token 401, another user's or unknown session 404, plain GET 426", async () => {
    const owner = await registerUser();
    const other = await registerUser();
    const s = await heldSession(owner.token);
    const none = await refused(s.id);
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe("AUTHENTICATION_REQUIRED");
    expect((await refused(s.id, { token: "not-a-jwt" })).body.error.code).toBe("TOKEN_INVALID");
    const foreign = await refused(s.id, { token: other.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("SESSION_NOT_FOUND");
    expect(foreign.webSocket).toBeNull();
    expect((await refused(s.id, { headers: { "Sec-WebSocket-Protocol": `bearer, ${other.token}` } })).status).toBe(404);
    expect((await refused("session_123", { token: owner.token })).status).toBe(404);
    const plain = await exports.default.fetch(
      new Request(`${BASE}/v1/ws/${s.id}`, { headers: { authorization: `Bearer ${owner.token}` } }),
    );
    expect(plain.status).toBe(426);
    expect(((await plain.json()) as any).error.code).toBe("WEBSOCKET_UPGRADE_REQUIRED");
  });
});
