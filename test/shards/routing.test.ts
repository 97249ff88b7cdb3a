import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { creditStatements, debitLedgerId } from "../../src/db/credits";
import { checkLedgerInvariant } from "../../src/domain/billing/integrity";
import { purgeIdempotencyRecords } from "../../src/domain/housekeeping/purge";
import { newId, shardOfId } from "../../src/lib/ids";
import { testContext } from "../support/context";
import { PASSWORD, registerUser, uniqueEmail } from "../support/factories";
import { api, apiWithEnv } from "../support/http";
import { callTool, mcpToken } from "../support/mcp";
import { heldSession, stepRoom, validSession } from "../support/sessions";

/**
 * Accounts on a shard other than the directory's (docs/scale.md "Shards"). The pool places new
 * accounts on shard 0 (wrangler.toml SHARD_WEIGHTS); these register through the worker with the
 * weights that place every new account on shard 1, then use it as its holder would, with no
 * weights at all: each read and write finds the account's shard from the ids.
 */
const shard1 = () => env.SHARD_1!;
const count = async (db: D1Database, sql: string, ...params: unknown[]) =>
  (
    await db
      .prepare(`SELECT COUNT(*) AS n FROM ${sql}`)
      .bind(...params)
      .first<{ n: number }>()
  )?.n ?? 0;

interface Placed {
  id: string;
  token: string;
  accountId: string;
}

async function registerOnShard1(): Promise<Placed> {
  const res = await apiWithEnv({ SHARD_WEIGHTS: "0,1" }, "POST", "/v1/auth/register", {
    body: {
      email: uniqueEmail("shard1"),
      username: "placed",
      password: PASSWORD,
      tier: "basic",
      marketing_consent: false,
    },
  });
  expect(res.status, res.text).toBe(201);
  const id = res.body.data.user.id as string;
  const account = await shard1()
    .prepare("SELECT id FROM billing_accounts WHERE owner_type = 'user' AND owner_id = ?")
    .bind(id)
    .first<{ id: string }>();
  return { id, token: res.body.data.token as string, accountId: account!.id };
}

/** A top-up on the account's shard, through the ledger (balance = SUM(delta) holds). */
async function topUpOnShard1(accountId: string, credits: number) {
  const at = new Date().toISOString();
  const entry = {
    ledgerId: newId("led", Date.now(), 1),
    accountId,
    reason: "adjustment" as const,
    referenceId: newId("txn"),
    description: "Test top-up",
    at,
  };
  await shard1().batch(creditStatements(shard1(), entry, credits));
}

describe("accounts on shard 1", () => {
  let placed: Placed;
  beforeAll(async () => {
    placed = await registerOnShard1();
    await topUpOnShard1(placed.accountId, 1000);
  });

  it("are placed by the weights: the account on its shard, the user and the placement in the directory", async () => {
    expect(shardOfId(placed.id)).toBe(1);
    expect(shardOfId(placed.accountId)).toBe(1);
    const placement = await env.DB.prepare("SELECT account_id, shard FROM account_placements WHERE owner_id = ?")
      .bind(placed.id)
      .first();
    expect(placement).toEqual({ account_id: placed.accountId, shard: 1 });
    expect(await count(shard1(), "billing_accounts WHERE id = ?", placed.accountId)).toBe(1);
    expect(await count(env.DB, "billing_accounts WHERE id = ?", placed.accountId)).toBe(0);
    expect(await count(env.DB, "users WHERE id = ?", placed.id)).toBe(1);
    expect(await count(shard1(), "users WHERE id = ?", placed.id)).toBe(0);
    expect(await count(shard1(), "account_placements")).toBe(0);
    // The pool's own weights place on shard 0.
    const other = await registerUser();
    expect(shardOfId(other.id)).toBe(0);
  });

  it("create a session in one batch on their shard: debit, ledger entry, session row, Idempotency-Key record", async () => {
    const key = crypto.randomUUID();
    const create = () =>
      api("POST", "/v1/sessions", { token: placed.token, body: validSession(), headers: { "Idempotency-Key": key } });
    const res = await create();
    expect(res.status, res.text).toBe(201);
    const id = res.body.data.id as string;
    expect(shardOfId(id)).toBe(1);
    const price = res.body.data.credits_required as number;
    expect(await count(shard1(), "sessions WHERE id = ?", id)).toBe(1);
    expect(await count(shard1(), "credit_ledger WHERE id = ? AND delta = ?", debitLedgerId(id), -price)).toBe(1);
    expect(await count(shard1(), "billing_accounts WHERE id = ? AND balance = ?", placed.accountId, 1000 - price)).toBe(
      1,
    );
    expect(await count(shard1(), "idempotency_keys WHERE owner_id = ? AND key = ?", placed.id, key)).toBe(1);
    for (const table of ["sessions WHERE id = ?", "credit_ledger WHERE id = ?", "idempotency_keys WHERE key = ?"])
      expect(
        await count(
          env.DB,
          table,
          table.startsWith("credit") ? debitLedgerId(id) : table.startsWith("idem") ? key : id,
        ),
      ).toBe(0);
    // A quote reads the balance where the debit took it from.
    const { session_type, parameters } = validSession();
    const quote = await api("POST", "/v1/sessions/quote", { token: placed.token, body: { session_type, parameters } });
    expect(quote.body.data.credits_remaining).toBe(1000 - price);
    // The replay is found on the shard too: the same session, no second debit.
    const again = await create();
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(id);
    expect(
      await count(shard1(), "credit_ledger WHERE account_id = ? AND reason = 'session_debit'", placed.accountId),
    ).toBe(1);
  });

  it("keep an MCP client's idempotency_key on their shard: the record with the creation, the retry replayed", async () => {
    const token = await mcpToken(placed.id);
    const debits = () =>
      count(shard1(), "credit_ledger WHERE account_id = ? AND reason = 'session_debit'", placed.accountId);
    const before = await debits();
    const key = crypto.randomUUID();
    const args = { ...validSession(), idempotency_key: key };
    const first = await callTool(token, "create_session", args);
    expect(first.isError, JSON.stringify(first.content)).toBeFalsy();
    const id = first.structuredContent.id as string;
    expect(shardOfId(id)).toBe(1);
    expect(await count(shard1(), "idempotency_keys WHERE owner_id = ? AND key = ?", placed.id, key)).toBe(1);
    expect(await count(env.DB, "idempotency_keys WHERE key = ?", key)).toBe(0);
    const again = await callTool(token, "create_session", args);
    expect(again.structuredContent.id).toBe(id);
    expect(await count(shard1(), "sessions WHERE id = ?", id)).toBe(1);
    expect(await debits()).toBe(before + 1);
  });

  it("read a session by its id from its shard, and its room writes its steps there", async () => {
    const { id } = await heldSession(placed.token);
    const got = await api("GET", `/v1/sessions/${id}`, { token: placed.token });
    expect(got.status).toBe(200);
    expect(got.body.data.id).toBe(id);
    const listed = await api("GET", "/v1/sessions?limit=100", { token: placed.token });
    expect(listed.body.data.sessions.map((s: { id: string }) => s.id)).toContain(id);
    await stepRoom(id);
    const row = await shard1().prepare("SELECT status FROM sessions WHERE id = ?").bind(id).first<{ status: string }>();
    expect(row?.status).toBe("processing");
    expect((await api("GET", `/v1/sessions/${id}`, { token: placed.token })).body.data.status).toBe("processing");
    // Its cancellation's refund lands on the shard, and the answer's balance is read there.
    const cancelled = await api("DELETE", `/v1/sessions/${id}`, { token: placed.token });
    expect(cancelled.status, cancelled.text).toBe(200);
    const account = await shard1()
      .prepare("SELECT balance FROM billing_accounts WHERE id = ?")
      .bind(placed.accountId)
      .first<{ balance: number }>();
    expect(cancelled.headers.get("X-Credits-Remaining")).toBe(String(account?.balance));
    expect(
      await count(shard1(), "credit_ledger WHERE account_id = ? AND reason = 'session_refund'", placed.accountId),
    ).toBe(1);
  });

  it("answer 404 for another account's session on any shard, and for an id naming the wrong shard or none", async () => {
    const res = await api("POST", "/v1/sessions", { token: placed.token, body: validSession() });
    const id = res.body.data.id as string;
    const stranger = await registerUser();
    const fromShard0 = await api("GET", `/v1/sessions/${id}`, { token: stranger.token });
    expect(fromShard0.status).toBe(404);
    expect(fromShard0.body.error.code).toBe("SESSION_NOT_FOUND");
    // The same digits naming shard 0 (where no such row is), or shard 7 (not bound here).
    const digits = id.slice("session_".length);
    for (const shard of ["000", "007"]) {
      const forged = `session_${digits.slice(0, 13)}${shard}${digits.slice(16)}`;
      const r = await api("GET", `/v1/sessions/${forged}`, { token: placed.token });
      expect(r.status, forged).toBe(404);
    }
    // And the stranger's own session is not reachable from shard 1's account either.
    const theirs = await api("POST", "/v1/sessions", { token: stranger.token, body: validSession() });
    expect(shardOfId(theirs.body.data.id)).toBe(0);
    expect((await api("GET", `/v1/sessions/${theirs.body.data.id}`, { token: placed.token })).status).toBe(404);
  });

  it("are checked by the maintenance run's ledger check, which reads every shard", async () => {
    const ctx = testContext();
    expect(await checkLedgerInvariant(ctx)).not.toContain(placed.accountId);
    const skew = (by: number) =>
      shard1()
        .prepare("UPDATE billing_accounts SET balance = balance + ?1, updated_at = ?2 WHERE id = ?3")
        .bind(by, new Date().toISOString(), placed.accountId)
        .run();
    await skew(5);
    expect(await checkLedgerInvariant(ctx)).toContain(placed.accountId);
    await skew(-5);
    expect(await checkLedgerInvariant(ctx)).not.toContain(placed.accountId);
  });

  it("have their expired Idempotency-Key records purged by the maintenance run, which walks every shard", async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const key = crypto.randomUUID();
    await shard1()
      .prepare(
        "INSERT INTO idempotency_keys (owner_id, key, request_hash, status, created_at, locked_until, expires_at) VALUES (?1, ?2, 'h', 'completed', ?3, ?3, ?3)",
      )
      .bind(placed.id, key, past)
      .run();
    expect(await count(shard1(), "idempotency_keys WHERE key = ?", key)).toBe(1);
    await purgeIdempotencyRecords(testContext());
    expect(await count(shard1(), "idempotency_keys WHERE key = ?", key)).toBe(0);
  });
});
