import { describe, expect, it } from "vitest";
import {
  isFinalAttempt,
  MAX_RETRIES,
  RETRY_DELAYS_SECONDS,
  retryDelaySeconds,
  retryScale,
  scaledRetryDelaySeconds,
} from "../../src/webhook-delivery/retry-policy";
import { testConfig } from "../support/context";

describe("retry policy", () => {
  it("backs off exponentially-ish and stays within the Queues limit of 12 h", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(retryDelaySeconds)).toEqual([5, 30, 120, 600, 1800, 3600, 7200, 14400]);
    for (let i = 1; i < RETRY_DELAYS_SECONDS.length; i++)
      expect(RETRY_DELAYS_SECONDS[i]!).toBeGreaterThan(RETRY_DELAYS_SECONDS[i - 1]!);
    expect(Math.max(...RETRY_DELAYS_SECONDS)).toBeLessThanOrEqual(43_200);
    expect(retryDelaySeconds(50)).toBe(14400);
  });

  it("has one delay per retry of wrangler.toml's max_retries", () => {
    expect(RETRY_DELAYS_SECONDS).toHaveLength(MAX_RETRIES);
    expect(isFinalAttempt(MAX_RETRIES)).toBe(false);
    expect(isFinalAttempt(MAX_RETRIES + 1)).toBe(true);
  });

  it("WEBHOOK_RETRY_SCALE shrinks the schedule for local tests, never in production", () => {
    expect([1, 2, 3, 4].map((a) => scaledRetryDelaySeconds(a, 0.1))).toEqual([1, 3, 12, 60]);
    expect(scaledRetryDelaySeconds(1, 0.01)).toBe(1); // whole seconds, at least 1
    expect([1, 2, 8].map((a) => scaledRetryDelaySeconds(a, 1))).toEqual([5, 30, 14400]);
    expect(retryScale(testConfig({ ENVIRONMENT: "development", WEBHOOK_RETRY_SCALE: "0.1" }))).toBe(0.1);
    expect(retryScale(testConfig({ ENVIRONMENT: "production", WEBHOOK_RETRY_SCALE: "0.1" }))).toBe(1);
    expect(retryScale(testConfig({ ENVIRONMENT: "development", WEBHOOK_RETRY_SCALE: undefined }))).toBe(1);
    for (const bad of ["0", "-1", "2", "abc", ""])
      expect(retryScale(testConfig({ ENVIRONMENT: "staging", WEBHOOK_RETRY_SCALE: bad }))).toBe(1);
  });
});
