import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ReceivedRequest, type Receiver, startReceiver } from "../node/receiver";
import { apiClient, eventually } from "./support/api";
import { sharedServer } from "./support/shared-server";

// A session's terminal events leave the SessionRoom through the real
// Queue of `wrangler dev` and reach a real HTTP receiver on 127.0.0.1, signed
// per Standard Webhooks.
describe("session webhooks against wrangler dev", () => {
  const server = sharedServer();
  let receiver: Receiver;
  const { call, register } = apiClient(() => server.url);
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  const received = async (bucket: string) =>
    (await (await fetch(`${receiver.url}/__received/${bucket}`)).json()) as ReceivedRequest[];

  it("a completed session sends session.completed and analysis.ready, each signed with the webhook's secret", async () => {
    const token = await register("e2e-session-hooks");
    const hook = await call("POST", "/v1/webhooks", token, {
      url: `${receiver.url}/session-hooks/ok`,
      events: ["session.completed", "analysis.ready"],
    });
    expect(hook.status).toBe(201);
    const secret = hook.body.data.secret as string;
    const verifier = new Webhook(secret);

    const created = await call("POST", "/v1/sessions", token, {
      cue: "Describe the lighthouse",
      session_type: "remote_viewing",
      parameters: { duration: 60 },
    });
    expect(created.status).toBe(201);
    const sessionId = created.body.data.id as string;

    const done = await eventually("the session to complete", async () => {
      const s = (await call("GET", `/v1/sessions/${sessionId}`, token)).body.data;
      return s.status === "completed"
        ? s
        : s.status === "pending" || s.status === "processing"
          ? undefined
          : Promise.reject(new Error(`session ${s.status}`));
    });
    const analysis = (await call("GET", `/v1/sessions/${sessionId}/analysis`, token)).body.data;

    const got = await eventually("both events at the receiver", async () => {
      const all = await received("session-hooks");
      return all.length >= 2 ? all : undefined;
    });
    expect(got).toHaveLength(2);

    const byType = new Map<string, { payload: any; headers: Record<string, string> }>();
    for (const r of got) {
      // Throws unless webhook-signature is v1 HMAC-SHA256 of id.timestamp.body under the secret.
      const payload = verifier.verify(r.body, r.headers) as any;
      expect(Object.keys(payload).sort()).toEqual(["data", "timestamp", "type"]);
      expect(r.headers["content-type"]).toMatch(/^application\/json/);
      expect(r.headers["webhook-id"]).toMatch(/^dlv_\d+$/);
      expect(Number(r.headers["webhook-timestamp"])).toBeGreaterThan(Date.now() / 1000 - 300);
      byType.set(payload.type, { payload, headers: r.headers });
    }
    expect([...byType.keys()].sort()).toEqual(["analysis.ready", "session.completed"]);

    const completed = byType.get("session.completed")!.payload;
    expect(completed.data.session).toMatchObject({ id: sessionId, status: "completed" });
    expect(Date.parse(completed.timestamp)).toBe(Date.parse(done.completed_at));

    const ready = byType.get("analysis.ready")!.payload;
    expect(ready.data).toMatchObject({
      session_id: sessionId,
      analysis_id: analysis.analysis_id,
      status: "completed",
      confidence_score: analysis.confidence_score,
    });
    expect(ready.data.results.summary).toBe(analysis.results.summary);

    // A signature under another secret, or a tampered body, does not verify.
    const [one] = got;
    expect(() =>
      new Webhook(`whsec_${Buffer.from("x".repeat(32)).toString("base64")}`).verify(one!.body, one!.headers),
    ).toThrow();
    expect(() => verifier.verify(one!.body.replace(sessionId, `${sessionId}0`), one!.headers)).toThrow();

    // The delivery log names the same webhook-ids, each delivered once on the first attempt.
    const log = (await call("GET", `/v1/webhooks/${hook.body.data.id}/deliveries`, token)).body.data
      .deliveries as any[];
    expect(log.map((d) => [d.event_type, d.id, d.status, d.attempts]).sort()).toEqual(
      [...byType.entries()].map(([type, { headers }]) => [type, headers["webhook-id"], "succeeded", 1]).sort(),
    );
  });
});
