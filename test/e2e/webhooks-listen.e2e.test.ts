import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, describe, expect, it } from "vitest";
import { apiClient, dataOf, eventually } from "./support/api";
import { type ReceiverProcess, readReceived, startReceiverProcess } from "./support/receiver-process";
import { sharedServer } from "./support/shared-server";
import { freePort } from "./support/wrangler";

// `npm run webhooks:listen` (scripts/webhooks-listen.mjs) against a real `wrangler dev` and a
// local receiver: it registers a temporary webhook, forwards each signed delivery unchanged, prints
// a line per event, and deletes the webhook when stopped.
const SCRIPT = path.resolve(import.meta.dirname, "../../scripts/webhooks-listen.mjs");

describe("npm run webhooks:listen", () => {
  const server = sharedServer();
  const { call, register } = apiClient(() => server.url);
  const dir = mkdtempSync(path.join(tmpdir(), "sas-listen-"));
  let receiver: ReceiverProcess | undefined;
  let listen: ChildProcess | undefined;
  afterAll(async () => {
    listen?.kill("SIGKILL");
    await receiver?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it("forwards signed deliveries to a local receiver and removes its webhook on exit", async () => {
    const token = await register("listen");
    const key = dataOf<{ key: string }>(
      await call("POST", "/v1/api-keys", token, { name: "listen", scopes: ["profile"] }),
    ).key;
    const port = await freePort();
    const log = path.join(dir, "received.jsonl");
    receiver = await startReceiverProcess(port, log);
    const forwardTo = `http://127.0.0.1:${port}/hook`;

    const child = spawn(process.execPath, [SCRIPT, "--forward-to", forwardTo, "--base", server.url], {
      env: { ...process.env, SAS_API_KEY: key },
      stdio: ["ignore", "pipe", "pipe"],
    });
    listen = child;
    let output = "";
    child.stdout!.on("data", (d) => (output += d));
    child.stderr!.on("data", (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const secret = await eventually(
      "the listener to be ready",
      () => output.match(/signing secret is (whsec_\S+)/)?.[1],
    );
    expect(output).toContain("Ready. Forwarding");
    const webhooks = dataOf<{ webhooks: Array<{ id: string; url: string }> }>(await call("GET", "/v1/webhooks", token));
    expect(webhooks.webhooks).toHaveLength(1);
    const webhookId = webhooks.webhooks[0]!.id;
    expect(webhooks.webhooks[0]!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);

    expect((await call("POST", `/v1/webhooks/${webhookId}/test`, token)).status).toBe(202);
    const received = await eventually("the forwarded delivery", () => readReceived(log)[0]);
    // The receiver verifies the service's own signature with the secret the listener printed.
    const event = new Webhook(secret).verify(received.body, received.headers) as { type: string };
    expect(event.type).toBe("webhook.test");
    await eventually("the listener's line", () => (output.includes("--> webhook.test") ? true : undefined));
    expect(output).toMatch(/--> webhook\.test \[\S+\]\s+<-- \[200\] POST http:\/\/127\.0\.0\.1:\d+\/hook/);

    child.kill("SIGINT");
    expect(await exited).toBe(0);
    expect(output).toContain(`Removed webhook ${webhookId}.`);
    expect(dataOf<{ webhooks: unknown[] }>(await call("GET", "/v1/webhooks", token)).webhooks).toEqual([]);
  });

  it("refuses to start without a forwarding address or an API key", async () => {
    const run = (args: string[], env: Record<string, string> = {}) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const p = spawn(process.execPath, [SCRIPT, ...args], { env: { ...process.env, SAS_API_KEY: "", ...env } });
        let out = "";
        p.stderr.on("data", (d) => (out += d));
        p.once("exit", (code) => resolve({ code, out }));
      });
    expect(await run(["--api-key", "sak_x"])).toMatchObject({ code: 2, out: expect.stringContaining("--forward-to") });
    expect(await run(["--forward-to", "http://127.0.0.1:1/"])).toMatchObject({
      code: 2,
      out: expect.stringContaining("API key"),
    });
  });
});
