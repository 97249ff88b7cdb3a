import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  isClientRevoked,
  isSessionRevoked,
  purgeExpiredRevocationsWrite,
  REVOCATION_RECHECK_MS,
  rememberRevokedClients,
  rememberRevokedSessions,
  revokeClientStatement,
  revokeSessionStatement,
} from "../../src/db/revocations";

/**
 * The revocation bound (docs/security.md): an isolate trusts "not revoked"
 * for at most REVOCATION_RECHECK_MS, then reads D1 again. Another isolate's
 * revocation is simulated by writing the row directly (this isolate's cache
 * never saw it).
 */
const revokeElsewhere = (kind: "sid" | "client", subject: string) =>
  env.DB.prepare(
    "INSERT INTO revoked_credentials (kind, subject, expires_at) VALUES (?, ?, '2999-01-01T00:00:00.000Z')",
  )
    .bind(kind, subject)
    .run();

describe("revocations in D1 with an isolate cache", () => {
  it("a revocation made elsewhere applies here once the cached answer is REVOCATION_RECHECK_MS old", async () => {
    const sid = `sid_${crypto.randomUUID()}`;
    const t0 = 1_000_000;
    expect(await isSessionRevoked(env.DB, sid, t0)).toBe(false);
    await revokeElsewhere("sid", sid);
    expect(await isSessionRevoked(env.DB, sid, t0 + REVOCATION_RECHECK_MS - 1)).toBe(false);
    expect(await isSessionRevoked(env.DB, sid, t0 + REVOCATION_RECHECK_MS)).toBe(true);
  });

  it("a recheck interval of 0 reads D1 every time (introspection, rotation)", async () => {
    const sid = `sid_${crypto.randomUUID()}`;
    expect(await isSessionRevoked(env.DB, sid, 5, 0)).toBe(false);
    await revokeElsewhere("sid", sid);
    expect(await isSessionRevoked(env.DB, sid, 5, 0)).toBe(true);
  });

  it("a revocation through this isolate applies at once, and revoked stays revoked", async () => {
    const sid = `sid_${crypto.randomUUID()}`;
    const client = `client_${crypto.randomUUID()}`;
    expect(await isSessionRevoked(env.DB, sid, 10)).toBe(false);
    expect(await isClientRevoked(env.DB, client, 10)).toBe(false);
    // As a use case does: the statements in its commit, then this isolate's cache.
    await env.DB.batch([
      revokeSessionStatement(env.DB, sid, 60, Date.now()),
      revokeClientStatement(env.DB, client, 60, Date.now()),
    ]);
    rememberRevokedSessions([sid]);
    rememberRevokedClients([client]);
    expect(await isSessionRevoked(env.DB, sid, 11)).toBe(true);
    expect(await isClientRevoked(env.DB, client, 11)).toBe(true);
  });

  it("the cron purges rows whose tokens have all expired, and only those", async () => {
    const old = `sid_${crypto.randomUUID()}`;
    const live = `sid_${crypto.randomUUID()}`;
    await env.DB.batch([
      revokeSessionStatement(env.DB, old, 60, Date.parse("2020-01-01T00:00:00Z")),
      revokeSessionStatement(env.DB, live, 3600, Date.now()),
    ]);
    const purge = purgeExpiredRevocationsWrite(env.DB, new Date().toISOString(), 1000);
    expect(purge.read(await env.DB.batch(purge.statements))).toBeGreaterThanOrEqual(1);
    const left = await env.DB.prepare("SELECT subject FROM revoked_credentials WHERE subject IN (?, ?)")
      .bind(old, live)
      .all<{ subject: string }>();
    expect(left.results.map((r) => r.subject)).toEqual([live]);
  });
});
