import { describe, expect, it } from "vitest";
import { PROBE_TIMEOUT_MS, probeTimeoutMs, systemStatus } from "../../../src/domain/admin/system-status";
import { testConfig, testContext } from "../../support/context";

describe("HEALTH_PROBE_TIMEOUT_SCALE", () => {
  it("scales the probe timeout outside production only, and ignores unusable values", () => {
    expect(probeTimeoutMs(testConfig({ ENVIRONMENT: "development", HEALTH_PROBE_TIMEOUT_SCALE: "0.05" }))).toBe(100);
    expect(probeTimeoutMs(testConfig({ ENVIRONMENT: "production", HEALTH_PROBE_TIMEOUT_SCALE: "0.05" }))).toBe(
      PROBE_TIMEOUT_MS,
    );
    expect(PROBE_TIMEOUT_MS).toBe(2_000);
    for (const raw of [undefined, "0", "-1", "2", "soon"]) {
      expect(probeTimeoutMs(testConfig({ ENVIRONMENT: "development", HEALTH_PROBE_TIMEOUT_SCALE: raw }))).toBe(
        PROBE_TIMEOUT_MS,
      );
    }
  });
});

describe("systemStatus", () => {
  it("cuts a hanging probe off at the timeout and reports it, the others answering", async () => {
    const status = await systemStatus(testContext(), {
      probes: [
        { name: "database", critical: true, check: async () => undefined },
        { name: "durable_objects", critical: false, check: () => new Promise(() => undefined) },
      ],
      metrics: async () => ({ active_sessions: 0, queue_depth: 0 }),
      timeoutMs: 50,
    });
    expect(status.status).toBe("degraded");
    expect(status.services).toMatchObject({ api: "healthy", database: "healthy", durable_objects: "unhealthy" });
  });
});
