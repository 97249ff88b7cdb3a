import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { addTestCard, apiClient, eventually, sleep } from "./support/api";
import { type ReceiverProcess, readReceived, startReceiverProcess } from "./support/receiver-process";
import { sharedServer } from "./support/shared-server";
import { freePort } from "./support/wrangler";

// Fault tests for webhook delivery under the shared `wrangler dev`:
// the Queue, its retries and the SessionRoom's alarms are the real local ones.
// The receiver runs in its own process so it can be killed for real.
// WEBHOOK_RETRY_SCALE 0.1 turns the 5 s / 30 s / 2 min retries into 1 s / 3 s / 12 s.
describe("webhook faults against wrangler dev", () => {
  const server = sharedServer();
  const { call, register } = apiClient(() => server.url);
  const receivers: ReceiverProcess[] = [];
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "sas-faults-"));
  });
  afterEach(async () => {
    for (const r of receivers.splice(0)) await r.kill();
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const deliveriesOf = async (token: string, webhookId: string) => {
    const res = await call("GET", `/v1/webhooks/${webhookId}/deliveries?limit=50`, token);
    if (res.status !== 200) throw new Error(`deliveries: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.deliveries as Array<{
      id: string;
      event_type: string;
      status: string;
      attempts: number;
      last_error: string | null;
    }>;
  };

  const waitForSession = (token: string, id: string, status: string) =>
    eventually(`session ${id} to be ${status}`, async () => {
      const s = (await call("GET", `/v1/sessions/${id}`, token)).body.data;
      return s.status === status ? s : undefined;
    });

  it("a receiver killed mid-request and down for a while gets every event once it is back; duplicates share the webhook-id", async () => {
    const port = await freePort();
    const log = path.join(dir, "killed.jsonl");
    const url = `http://127.0.0.1:${port}/hooks`;
    // The first receiver records the first request it gets, then SIGKILLs itself without answering.
    const first = await startReceiverProcess(port, log, { dieOnRequest: 1 });
    receivers.push(first);

    const token = await register("e2e-fault-receiver");
    const hook = await call("POST", "/v1/webhooks", token, {
      url,
      events: ["billing.payment_succeeded", "session.completed", "analysis.ready"],
    });
    expect(hook.status).toBe(201);
    const verifier = new Webhook(hook.body.data.secret);
    const pm = await addTestCard(call, token);
    expect(pm.status).toBe(201);
    const buy = async () => {
      const r = await call("POST", "/v1/billing/credits/purchase", token, {
        credit_package: "starter",
        payment_method_id: pm.body.data.id,
        quantity: 1,
      });
      expect(r.status).toBe(201);
      return r.body.data.transaction_id as string;
    };

    // 1. A purchase whose delivery kills the receiver mid-request.
    const transactions = [await buy()];
    const death = await Promise.race([first.exited, sleep(20_000).then(() => "still alive")]);
    expect(death).toBe("SIGKILL");
    expect(readReceived(log)).toHaveLength(1);

    // 2. While it is down (connection refused): three more purchases and a session (2 events).
    transactions.push(await buy(), await buy(), await buy());
    const session = await call("POST", "/v1/sessions", token, {
      cue: "Describe the bridge",
      session_type: "dowsing",
      parameters: { duration: 30 },
    });
    expect(session.status).toBe(201);
    await waitForSession(token, session.body.data.id, "completed");

    // Every one of the 6 deliveries has been tried and failed while the receiver was away.
    const failing = await eventually("six failing deliveries", async () => {
      const ds = await deliveriesOf(token, hook.body.data.id);
      return ds.length === 6 && ds.every((d) => d.status === "retrying" && d.attempts >= 1) ? ds : undefined;
    });
    expect(
      failing
        .map((d) => d.last_error)
        .every((e) => e === "connection refused or reset" || e?.startsWith("network error")),
    ).toBe(true);
    expect(readReceived(log)).toHaveLength(1); // nothing reached a dead port

    // 3. Back up on the same port: the retries deliver everything.
    const second = await startReceiverProcess(port, log);
    receivers.push(second);
    const done = await eventually(
      "all deliveries to succeed",
      async () => {
        const ds = await deliveriesOf(token, hook.body.data.id);
        return ds.length === 6 && ds.every((d) => d.status === "succeeded") ? ds : undefined;
      },
      60_000,
      500,
    );

    const got = readReceived(log);
    const byId = new Map<string, { bodies: Set<string>; pids: Set<number> }>();
    const payloads = got.map((r) => {
      const payload = verifier.verify(r.body, r.headers) as { type: string; data: any };
      const id = r.headers["webhook-id"]!;
      const seen = byId.get(id) ?? { bodies: new Set(), pids: new Set() };
      seen.bodies.add(r.body);
      seen.pids.add(r.pid);
      byId.set(id, seen);
      return payload;
    });
    // None lost: every delivery id of the log reached the receiver, and nothing else did.
    expect([...byId.keys()].sort()).toEqual(done.map((d) => d.id).sort());
    expect(new Set(transactions).size).toBe(4);
    const distinct = (type: (t: string) => boolean, pick: (p: { type: string; data: any }) => string) =>
      [...new Set(payloads.filter((p) => type(p.type)).map(pick))].sort();
    expect(
      distinct(
        (t) => t === "billing.payment_succeeded",
        (p) => p.data.transaction_id,
      ),
    ).toEqual([...transactions].sort());
    expect(
      distinct(
        (t) => t !== "billing.payment_succeeded",
        (p) => p.type,
      ),
    ).toEqual(["analysis.ready", "session.completed"]);
    // Duplicates carry the same webhook-id and the same body: the request that
    // killed the first receiver was recorded there and delivered again to the second.
    for (const { bodies } of byId.values()) expect(bodies.size).toBe(1);
    const killedId = got[0]!.headers["webhook-id"]!;
    expect(byId.get(killedId)!.pids).toEqual(new Set([first.child.pid, second.child.pid]));
    expect(got.filter((r) => r.headers["webhook-id"] === killedId).length).toBe(2);
    // The second receiver answered 2xx to everything, so it saw each event exactly once.
    const atSecond = got.filter((r) => r.pid === second.child.pid).map((r) => r.headers["webhook-id"]);
    expect(new Set(atSecond).size).toBe(atSecond.length);
    expect(atSecond).toHaveLength(6);
  });

  it("an analyzer failure at any stage fails the session cleanly, refunds once and sends session.failed once", async () => {
    const port = await freePort();
    const log = path.join(dir, "failed.jsonl");
    receivers.push(await startReceiverProcess(port, log));
    const token = await register("e2e-fault-analyzer");
    const hook = await call("POST", "/v1/webhooks", token, {
      url: `http://127.0.0.1:${port}/hooks`,
      events: ["session.failed", "session.completed", "analysis.ready"],
    });
    expect(hook.status).toBe(201);
    const verifier = new Webhook(hook.body.data.secret);

    const stages = ["initial_processing", "deep_analysis", "final_validation"] as const;
    const before = (await call("GET", "/v1/users/me", token)).body.data.credits as number;
    const sessions = [];
    for (const stage of stages) {
      const created = await call("POST", "/v1/sessions", token, {
        cue: `Describe the tower [[fail:${stage}]]`,
        session_type: "remote_viewing",
        parameters: { duration: 30 },
      });
      expect(created.status).toBe(201);
      expect(created.body.data.credits_required).toBeGreaterThan(0);
      sessions.push({ stage, id: created.body.data.id as string, paid: created.body.data.credits_required as number });
    }
    // No balance check here: on a busy machine the first session can fail, and be refunded,
    // before the last one is created. The ledger below shows one debit and one refund each.

    for (const { stage, id, paid } of sessions) {
      const failed = await waitForSession(token, id, "failed");
      expect(failed).toMatchObject({
        error: { code: "AI_MODEL_ERROR" },
        credits_refunded: paid,
        credits_used: 0,
        results: null,
        confidence_score: null,
      });
      const analysis = (await call("GET", `/v1/sessions/${id}/analysis`, token)).body.data;
      expect(analysis).toMatchObject({ status: "failed", results: null });
      const history = (await call("GET", `/v1/sessions/${id}/analysis/history`, token)).body.data
        .analysis_history as Array<{ stage: string; confidence: number; notes: string }>;
      // The stages before the failing one, then the failing one with confidence 0 and the error code.
      expect(history.map((h) => h.stage)).toEqual(stages.slice(0, stages.indexOf(stage) + 1));
      expect(history.at(-1)).toMatchObject({ stage, confidence: 0 });
      expect(history.at(-1)!.notes).toContain("AI_MODEL_ERROR");
    }

    // Each event is delivered once and answered 200. A duplicate would travel the same queue ahead of
    // a test ping sent now (it hands messages over in order, a batch's one by one), so once the ping has
    // arrived, whatever came before it is all there is.
    await eventually("three session.failed at the receiver", () => (readReceived(log).length >= 3 ? true : undefined));
    const ping = await call("POST", `/v1/webhooks/${hook.body.data.id}/test`, token);
    expect(ping.status).toBe(202);
    await eventually("the test ping at the receiver", () =>
      readReceived(log).some((r) => r.headers["webhook-id"] === ping.body.data.delivery_id) ? true : undefined,
    );
    const got = readReceived(log).filter((r) => r.headers["webhook-id"] !== ping.body.data.delivery_id);
    expect(got).toHaveLength(3);
    const deliveries = (await deliveriesOf(token, hook.body.data.id)).filter((d) => d.event_type === "session.failed");
    expect(deliveries).toHaveLength(3);
    for (const { id, paid } of sessions) {
      const event = got.find((r) => r.body.includes(id))!;
      expect(event).toBeDefined();
      const payload = verifier.verify(event.body, event.headers) as { type: string; data: any };
      expect(payload.type).toBe("session.failed");
      expect(payload.data).toMatchObject({
        session: { id, status: "failed" },
        error: { code: "AI_MODEL_ERROR" },
        credits_refunded: paid,
      });
      const delivery = deliveries.find((d) => d.id === event.headers["webhook-id"]);
      expect(delivery).toMatchObject({ event_type: "session.failed", status: "succeeded", attempts: 1 });
    }

    // Refunded exactly once each: the balance is back, and the ledger shows one debit and one refund per session.
    expect((await call("GET", "/v1/users/me", token)).body.data.credits).toBe(before);
    const items = (await call("GET", "/v1/billing/history?limit=100", token)).body.data.transactions as Array<{
      type: string;
      credits: number;
      description: string;
    }>;
    for (const { id, paid } of sessions) {
      const mine = items.filter((t) => t.description.includes(id));
      expect(mine.map((t) => [t.type, t.credits]).sort()).toEqual([
        ["session_debit", -paid],
        ["session_refund", paid],
      ]);
    }
  });
});
