import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { accountIdOf } from "../support/billing";
import { registerUser } from "../support/factories";
import { completedSession, topUp } from "../support/sessions";

const ledgerRows = async () =>
  (await env.DB.prepare("SELECT * FROM credit_ledger ORDER BY id").all<Record<string, unknown>>()).results;

describe("migration ledger_by_account", () => {
  it("rebuilds credit_ledger WITHOUT ROWID keyed (account_id, created_at, id) with every row, constraint and index, and the ledger still balances", async () => {
    const u = await registerUser();
    await topUp(u.id, 500);
    await completedSession(u.token);
    const before = await ledgerRows();
    expect(before.length).toBeGreaterThanOrEqual(3);

    // Applied again to a populated table (the migration's own statements, as one atomic batch).
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.endsWith("_ledger_by_account.sql"))!;
    await env.DB.batch(migration.queries.map((q) => env.DB.prepare(q)));

    expect(await ledgerRows()).toEqual(before);
    const schema = await env.DB.prepare(
      "SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'credit_ledger' ORDER BY name",
    ).all<{ type: string; name: string; sql: string | null }>();
    const byName = Object.fromEntries(schema.results.map((r) => [r.name, r.sql ?? ""]));
    expect(byName.credit_ledger).toMatch(/WITHOUT ROWID\s*$/);
    expect(byName.credit_ledger).toContain("REFERENCES `billing_accounts`(`id`)");
    expect(byName.credit_ledger).toContain("PRIMARY KEY(`account_id`, `created_at`, `id`)");
    expect(byName.credit_ledger_account_created_idx).toBeUndefined();
    expect(byName.credit_ledger_reason_reference_unique).toContain(
      'WHERE "credit_ledger"."reason" <> \'session_debit\'',
    );
    const accountId = await accountIdOf(u.id);
    const balances = await env.DB.prepare(
      "SELECT balance, (SELECT SUM(delta) FROM credit_ledger WHERE account_id = ?1) AS ledger FROM billing_accounts WHERE id = ?1",
    )
      .bind(accountId)
      .first<{ balance: number; ledger: number }>();
    expect(balances!.ledger).toBe(balances!.balance);

    // A refund or purchase still applies once per reference; a repeated insert of one is refused.
    const refund = before.find((r) => r.account_id === accountId && r.reason !== "session_debit")!;
    await expect(
      env.DB.prepare(
        "INSERT INTO credit_ledger (id, account_id, delta, reason, reference_id, description, created_at) VALUES ('led_dup', ?, 1, ?, ?, 'dup', ?)",
      )
        .bind(accountId, refund.reason, refund.reference_id, refund.created_at)
        .run(),
    ).rejects.toThrow(/UNIQUE constraint failed/);
  });
});
