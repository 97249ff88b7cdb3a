#!/usr/bin/env node
// `npm run webhooks:listen -- --forward-to http://localhost:3000/hook [--api-key sak_…] [--base URL]
//  [--events session.completed,analysis.ready]`, in the spirit of `stripe listen`: registers a
// temporary webhook of the account that points at a listener on 127.0.0.1, forwards every delivery
// to --forward-to byte for byte with its real Standard Webhooks headers (so the receiver verifies
// the signature with the printed secret), prints one line per event, and deletes the webhook on
// exit (Ctrl-C). The service must be able to reach this machine: `npm run dev` can (development
// allows loopback webhooks); a deployed service cannot reach a laptop, so use a tunnel there.
import { createServer } from "node:http";
import { parseArgs } from "node:util";

const { values: opts } = parseArgs({
  options: {
    "forward-to": { type: "string" },
    "api-key": { type: "string" },
    base: { type: "string", default: process.env.SAS_BASE_URL ?? "http://127.0.0.1:8787" },
    events: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});
const usage =
  "usage: npm run webhooks:listen -- --forward-to http://localhost:3000/hook [--api-key sak_… | SAS_API_KEY] [--base http://127.0.0.1:8787] [--events a,b]";
if (opts.help) {
  console.log(usage);
  process.exit(0);
}
const apiKey = opts["api-key"] ?? process.env.SAS_API_KEY;
const forwardTo = opts["forward-to"];
if (!forwardTo || !apiKey) {
  console.error(
    `webhooks:listen: ${forwardTo ? "an API key is needed (--api-key or SAS_API_KEY)" : "--forward-to is needed"}\n${usage}`,
  );
  process.exit(2);
}
const base = opts.base.replace(/\/+$/, "");

async function call(method, path, body) {
  const res = await fetch(`${base}/v1${path}`, {
    method,
    headers: { "x-api-key": apiKey, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => undefined);
  if (!res.ok || !json?.success)
    throw new Error(
      `${method} /v1${path}: ${res.status} ${json?.error?.code ?? ""} ${json?.error?.message ?? ""}`.trim(),
    );
  return json.data;
}

/** Every event type the served document names, unless --events narrows them. */
async function eventTypes() {
  if (opts.events) return opts.events.split(",").map((e) => e.trim());
  const doc = await (await fetch(`${base}/v1/openapi.json`)).json();
  return doc.components.schemas.CreateWebhookRequest.properties.events.items.enum;
}

const FORWARDED = ["content-type", "webhook-id", "webhook-timestamp", "webhook-signature", "user-agent"];

const listener = createServer(async (req, res) => {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const body = Buffer.concat(chunks);
  let type = "?";
  try {
    type = JSON.parse(body.toString("utf8")).type ?? "?";
  } catch {}
  const headers = Object.fromEntries(FORWARDED.filter((h) => req.headers[h]).map((h) => [h, String(req.headers[h])]));
  const at = new Date().toISOString().slice(11, 19);
  try {
    const answer = await fetch(forwardTo, { method: "POST", headers, body, signal: AbortSignal.timeout(15_000) });
    console.log(`${at}  --> ${type} [${headers["webhook-id"]}]  <-- [${answer.status}] POST ${forwardTo}`);
    // The service records what the local receiver answered, as it would for a real endpoint.
    res.writeHead(answer.status, { "content-type": "text/plain" }).end(await answer.text());
  } catch (err) {
    console.log(`${at}  --> ${type} [${headers["webhook-id"]}]  <-- failed: ${err.cause?.code ?? err.message}`);
    res.writeHead(502, { "content-type": "text/plain" }).end("forwarding failed");
  }
});
await new Promise((resolve) => listener.listen(0, "127.0.0.1", resolve));
const port = listener.address().port;

let webhook;
try {
  webhook = await call("POST", "/webhooks", {
    url: `http://127.0.0.1:${port}/`,
    events: await eventTypes(),
    description: `webhooks:listen → ${forwardTo}`.slice(0, 500),
  });
} catch (err) {
  console.error(`webhooks:listen: could not register the temporary webhook: ${err.message}`);
  listener.close();
  process.exit(1);
}
console.log(`Ready. Forwarding ${webhook.events.length} event types to ${forwardTo}`);
console.log(`Webhook ${webhook.id}; its signing secret is ${webhook.secret} (verify with it; gone on exit)`);

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  try {
    await call("DELETE", `/webhooks/${webhook.id}`);
    console.log(`Removed webhook ${webhook.id}.`);
  } catch (err) {
    console.error(`webhooks:listen: could not remove webhook ${webhook.id}: ${err.message}`);
  }
  listener.close();
  process.exit(signal === "SIGINT" || signal === "SIGTERM" ? 0 : 1);
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(signal));
