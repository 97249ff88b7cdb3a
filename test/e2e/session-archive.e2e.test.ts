import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient, eventually } from "./support/api";
import { type DevServer, startWrangler } from "./support/wrangler";

// The session archive under a real `wrangler dev` (docs/storage.md "Session archive"): its cron
// trigger moves an ended session to the local R2 bucket (wrangler.toml ARCHIVE, no account needed),
// and the session reads the same afterwards. A server of its own: its hot window is 0 s.
describe("the session archive against wrangler dev", () => {
  let server: DevServer;
  beforeAll(async () => {
    server = await startWrangler({
      vars: { SESSION_HOT_WINDOW_SECONDS: "0", ANALYSIS_TIME_SCALE: "0.01" },
      logLevel: "log",
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("the cron moves an ended session to R2, and its analysis and history read the same bytes", async () => {
    const { call, register } = apiClient(() => server.url);
    const token = await register("e2e.archive");
    const created = await call("POST", "/v1/sessions", token, {
      cue: "Describe the archived target",
      session_type: "remote_viewing",
      parameters: { duration: 60, confidence_threshold: 0.5, analysis_types: ["visual"], priority: "normal" },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    await eventually("the session's end", async () =>
      (await call("GET", `/v1/sessions/${id}`, token)).body?.data?.status === "completed" ? true : undefined,
    );
    const paths = [`/v1/sessions/${id}`, `/v1/sessions/${id}/analysis`, `/v1/sessions/${id}/analysis/history`];
    const read = async () =>
      Promise.all(paths.map(async (p) => JSON.stringify((await call("GET", p, token)).body.data)));
    const before = await read();

    // The cron trigger's handler, now (testScheduled, support/dev-server.mjs); its summary line says what it moved.
    const cron = await fetch(`${server.url}/__scheduled?cron=*+*+*+*+*`);
    expect(cron.status, `${await cron.text()}\n${server.output().slice(-3000)}`).toBe(200);
    await eventually("the maintenance summary", () =>
      /"msg":"maintenance".*"sessions_archived":1\b/.test(server.output()) ? true : undefined,
    );
    expect(await read()).toEqual(before);
  });
});
