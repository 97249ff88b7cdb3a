#!/usr/bin/env node
// A short end-to-end check of a deployment, as a client would use it: one line per step, exit 0 when
// every step passed (a skipped step says why), 1 otherwise.
//
//   npm run smoke -- https://api.example.com
//   npm run smoke -- https://api.example.com --api-key sk_…      act as an existing (funded) account
//   npm run smoke -- http://127.0.0.1:8787 --webhook-url http://127.0.0.1:9999/hook --webhook-listen 9999
//
// Steps: the discovery documents; a throwaway user registered (or the API key's account); credits for
// one short session, bought when the balance is short or --buy-credits says so (with --payment-method,
// else the test card 4242 4242 4242 4242 saved through the API, else Stripe's test-mode pm_card_visa: a
// live Stripe deployment refuses both, so pass the --api-key of a funded account there); a webhook to --webhook-url when given, whose signed session.completed delivery is awaited on
// --webhook-listen (a port on this machine the URL reaches); a 30 s high-priority session followed
// over WebSocket to its end; its analysis read; and what it created deleted (the webhook; the throwaway
// user when the API can delete accounts, else signed out). The completed session stays: DELETE on a
// session cancels a running one, and a completed one is history (409). An --api-key needs the scopes
// profile, remote-viewing:read and remote-viewing:write.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { Webhook } from "standardwebhooks";
import WebSocket from "ws";

export function parseArgs(argv) {
  const args = { paymentMethod: undefined, buyCredits: false, timeoutSeconds: 120 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === "--api-key") args.apiKey = next();
    else if (a === "--webhook-url") args.webhookUrl = next();
    else if (a === "--webhook-listen") args.webhookListen = Number(next());
    else if (a === "--payment-method") args.paymentMethod = next();
    else if (a === "--buy-credits") args.buyCredits = true;
    else if (a === "--timeout") args.timeoutSeconds = Number(next());
    else if (a.startsWith("--")) throw new Error(`unknown argument ${a}`);
    else if (!args.base) args.base = a.replace(/\/+$/, "");
    else throw new Error(`unexpected argument ${a}`);
  }
  if (!args.base || !/^https?:\/\/[^/]+$/.test(args.base))
    throw new Error("usage: npm run smoke -- https://host [--api-key KEY] [--webhook-url URL --webhook-listen PORT]");
  if (args.webhookListen !== undefined && !args.webhookUrl) throw new Error("--webhook-listen goes with --webhook-url");
  return args;
}

class StepFailed extends Error {}

/** Runs the check; `log` gets one line per step. Resolves to true when every step passed. */
export async function smoke(args, log = console.log) {
  const deadline = Date.now() + args.timeoutSeconds * 1000;
  let failed = false;
  const step = async (name, fn) => {
    const started = Date.now();
    try {
      const detail = await fn();
      log(`ok    ${name}${detail ? `: ${detail}` : ""} (${Date.now() - started} ms)`);
      return true;
    } catch (err) {
      failed = true;
      log(`FAIL  ${name}: ${err.message} (${Date.now() - started} ms)`);
      return false;
    }
  };
  const skip = (name, why) => log(`skip  ${name}: ${why}`);

  let auth = {};
  const call = async (method, path, body) => {
    const res = await fetch(`${args.base}${path}`, {
      method,
      headers: { accept: "application/json", ...(body ? { "content-type": "application/json" } : {}), ...auth },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, json, requestId: res.headers.get("x-request-id") };
  };
  const expectOk = (r, what, status = 200) => {
    if (r.status !== status) {
      const error = r.json?.error;
      throw new StepFailed(
        `${what} answered ${r.status}${error ? ` ${error.code}: ${error.message}` : ""} (request ${r.requestId ?? "?"})`,
      );
    }
    return r.json?.data ?? r.json;
  };

  const created = { webhook: undefined, session: undefined, user: undefined };
  let receiver;
  try {
    const discovered = await step("discovery", async () => {
      const meta = expectOk(
        await call("GET", "/.well-known/oauth-authorization-server"),
        "authorization server metadata",
      );
      if (meta.issuer !== args.base) throw new StepFailed(`issuer is ${meta.issuer}, not ${args.base}`);
      const jwks = expectOk(await call("GET", "/.well-known/jwks.json"), "JWKS");
      if (!Array.isArray(jwks.keys) || jwks.keys.length === 0) throw new StepFailed("the JWKS lists no key");
      const doc = expectOk(await call("GET", "/v1/openapi.json"), "OpenAPI document");
      if (!String(doc.openapi).startsWith("3.")) throw new StepFailed("/v1/openapi.json is not an OpenAPI document");
      return `issuer ${meta.issuer}, ${jwks.keys.length} signing key(s), ${Object.keys(doc.paths ?? {}).length} paths`;
    });
    if (!discovered) return false;

    const signedIn = await step(args.apiKey ? "api key" : "register", async () => {
      if (args.apiKey) {
        auth = { "x-api-key": args.apiKey };
        const me = expectOk(await call("GET", "/v1/users/me"), "GET /v1/users/me");
        return `acting as user ${me.id}`;
      }
      const email = `smoke-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}@example.com`;
      const reg = expectOk(
        await call("POST", "/v1/auth/register", {
          email,
          username: "smoke",
          // Random, with the letter and digit the password rule asks for.
          password: `${randomBytes(18).toString("base64url")}a1`,
          tier: "basic",
          marketing_consent: false,
        }),
        "POST /v1/auth/register",
        201,
      );
      auth = { authorization: `Bearer ${reg.token}` };
      created.user = reg.user.id;
      return `throwaway user ${reg.user.id}`;
    });
    if (!signedIn) return false;

    const sessionBody = {
      cue: "Smoke test: describe the target",
      session_type: "remote_viewing",
      parameters: { duration: 30, priority: "high" },
      metadata: { tags: ["smoke"] },
    };
    // The test gateway's card (docs/decisions.md "Payment methods"); Stripe refuses card numbers (422)
    // and takes its own test-mode id instead.
    const testPaymentMethod = async () => {
      const card = await call("POST", "/v1/billing/payment-methods", {
        number: "4242424242424242",
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 5,
        cvc: "123",
      });
      return card.status === 201 ? card.json.data.id : "pm_card_visa";
    };
    const funded = await step("credits", async () => {
      const quote = expectOk(await call("POST", "/v1/sessions/quote", sessionBody), "POST /v1/sessions/quote");
      if (quote.sufficient && !args.buyCredits) return `${quote.credits_required} needed, balance covers it`;
      const paymentMethod = args.paymentMethod ?? (await testPaymentMethod());
      const bought = expectOk(
        await call("POST", "/v1/billing/credits/purchase", {
          credit_package: "starter",
          payment_method_id: paymentMethod,
          quantity: 1,
        }),
        `buying credits with ${paymentMethod} (pass --api-key of a funded account where test cards are refused)`,
        201,
      );
      return `${quote.credits_required} needed; bought ${bought.credits_purchased} with ${paymentMethod}, balance ${bought.new_balance}`;
    });
    if (!funded) return false;

    let delivery;
    if (args.webhookUrl) {
      const ok = await step("webhook", async () => {
        if (args.webhookListen !== undefined) {
          receiver = await listen(args.webhookListen);
          delivery = receiver.next;
        }
        const hook = expectOk(
          await call("POST", "/v1/webhooks", {
            url: args.webhookUrl,
            events: ["session.completed"],
            description: "smoke test",
          }),
          "POST /v1/webhooks",
          201,
        );
        created.webhook = hook;
        return `${hook.id} → ${args.webhookUrl}`;
      });
      if (!ok) return false;
    } else skip("webhook", "no --webhook-url");

    const session = await step("create session", async () => {
      const s = expectOk(await call("POST", "/v1/sessions", sessionBody), "POST /v1/sessions", 201);
      created.session = s;
      if (!s.websocket_url?.endsWith(`/ws/${s.id}`)) throw new StepFailed(`websocket_url is ${s.websocket_url}`);
      return `${s.id}, ${s.credits_required} credits`;
    });
    if (!session) return false;

    await step("follow over WebSocket", async () => {
      const { messages, code } = await follow(created.session.websocket_url, auth, deadline);
      const last = messages.at(-1);
      if (messages[0]?.type !== "snapshot") throw new StepFailed("the first message is not a snapshot");
      if (last?.type !== "transition" || last.to !== "completed")
        throw new StepFailed(`ended with ${JSON.stringify(last)} (close ${code})`);
      if (code !== 1000) throw new StepFailed(`closed with ${code}, not 1000`);
      const stages = messages.filter((m) => m.type === "stage").map((m) => m.stage);
      return `${messages.length} messages, stages ${stages.join(" → ")}, closed 1000`;
    });

    await step("analysis", async () => {
      const a = expectOk(await call("GET", `/v1/sessions/${created.session.id}/analysis`), "GET analysis");
      if (a.status !== "completed" || !a.results?.summary) throw new StepFailed(`analysis is ${a.status}`);
      return `confidence ${a.confidence_score}, ${a.results.key_findings?.length ?? 0} findings`;
    });

    if (delivery)
      await step("webhook delivery", async () => {
        const got = await beforeDeadline(
          delivery(created.session.id),
          deadline,
          "no session.completed delivery in time",
        );
        const verified = new Webhook(created.webhook.secret).verify(got.body, got.headers);
        return `${verified.type ?? "event"} ${got.headers["webhook-id"]}, signature verified`;
      });
    else if (args.webhookUrl) skip("webhook delivery", "no --webhook-listen: check the receiver at the URL");
  } finally {
    await step("clean up", async () => {
      const done = [];
      if (created.webhook) {
        expectOk(await call("DELETE", `/v1/webhooks/${created.webhook.id}`), "DELETE webhook");
        done.push(`webhook ${created.webhook.id} deleted`);
      }
      if (created.user) {
        // Account deletion, where the API has it; otherwise the throwaway user is signed out.
        const del = await call("DELETE", "/v1/users/me");
        if (del.status === 200 || del.status === 204) done.push(`user ${created.user} deleted`);
        else {
          expectOk(await call("POST", "/v1/auth/logout"), "POST /v1/auth/logout");
          done.push(`user ${created.user} signed out (no account deletion: ${del.status})`);
        }
      }
      return done.join("; ") || "nothing to delete";
    });
    receiver?.close();
  }
  return !failed;
}

/** `promise`, or a failure at the deadline (the timer cleared either way). */
async function beforeDeadline(promise, deadline, message) {
  let timer;
  try {
    return await Promise.race([
      promise,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new StepFailed(message)), Math.max(0, deadline - Date.now()));
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Follows a session's socket to its close: its messages, parsed, and the close code. */
function follow(url, auth, deadline) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: auth });
    const messages = [];
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new StepFailed(`no close before the deadline (${messages.length} messages)`));
    }, deadline - Date.now());
    ws.on("unexpected-response", (_req, res) => {
      clearTimeout(timer);
      reject(new StepFailed(`upgrade refused with ${res.statusCode}`));
    });
    ws.on("message", (data) => messages.push(JSON.parse(String(data))));
    ws.on("close", (code) => {
      clearTimeout(timer);
      resolve({ messages, code });
    });
    ws.on("error", (err) => {
      clearTimeout(timer);
      reject(new StepFailed(err.message));
    });
  });
}

/** A receiver on 127.0.0.1:port that answers 204 and hands over the delivery naming a session. */
function listen(port) {
  const deliveries = [];
  const waiting = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      res.writeHead(204).end();
      const got = { body: Buffer.concat(chunks).toString("utf8"), headers: req.headers };
      deliveries.push(got);
      for (const w of waiting.splice(0)) w();
    });
  });
  const next = async (sessionId) => {
    for (;;) {
      const found = deliveries.find((d) => d.body.includes(sessionId));
      if (found) return found;
      await new Promise((resolve) => waiting.push(resolve));
    }
  };
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve({ next, close: () => server.close() }));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`smoke: ${err.message}`);
    process.exit(2);
  }
  smoke(args).then(
    (passed) => process.exit(passed ? 0 : 1),
    (err) => {
      console.error(`smoke: ${err.stack ?? err.message}`);
      process.exit(1);
    },
  );
}
