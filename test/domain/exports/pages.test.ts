import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { exportTransactions } from "../../../src/domain/exports/transactions";
import { exportUsers } from "../../../src/domain/exports/users";
import type { Principal } from "../../../src/domain/identity/principal";
import { userTestContext } from "../../support/context";
import { ndjsonRecords } from "../../support/exports";
import { adminUser, registerUser } from "../../support/factories";

const principalOf = (userId: string, role: "user" | "admin" = "user"): Principal => ({
  userId,
  role,
  tier: "basic",
  scopes: new Set(["analytics:export"]),
  credential: { kind: "login_token", id: "test" },
});

const readAll = async (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

describe("keyset pages", () => {
  it("transactions: rows sharing a created_at across purchases and ledger movements are neither lost nor repeated", async () => {
    const u = await registerUser();
    const at = "2026-03-01T12:00:00.000Z";
    const stmts = [];
    for (let i = 0; i < 5; i++) {
      stmts.push(
        env.DB.prepare(
          "INSERT INTO credit_ledger (id, account_id, delta, reason, reference_id, description, created_at) VALUES (?, (SELECT id FROM billing_accounts WHERE owner_type = 'user' AND owner_id = ?), -1, 'adjustment', ?, 'tie', ?)",
        ).bind(`led_tie_${u.id}_${i}`, u.id, `ref_${u.id}_${i}`, at),
      );
      stmts.push(
        env.DB.prepare(
          "INSERT INTO transactions (id, account_id, type, amount_cents, currency, credits, status, created_at, description, credit_package, quantity, payment_method_id) VALUES (?, (SELECT id FROM billing_accounts WHERE owner_type = 'user' AND owner_id = ?), 'credit_purchase', 100, 'USD', 10, 'failed', ?, 'tie', 'starter', 1, 'pm_none')",
        ).bind(`txn_tie_${u.id}_${i}`, u.id, at),
      );
    }
    await env.DB.batch(stmts);
    for (const pageSize of [1, 2, 3, 7]) {
      const rows = ndjsonRecords(
        await readAll(
          await exportTransactions(userTestContext(principalOf(u.id)), { query: {}, format: "ndjson", pageSize }),
        ),
      );
      // 10 tied rows and the signup grant.
      expect(rows).toHaveLength(11);
      expect(new Set(rows.map((r) => r.id)).size).toBe(11);
      const keys = rows.map((r) => `${r.created_at} ${r.id}`);
      expect(keys).toEqual([...keys].sort());
    }
  });

  it("users: every user once across small pages", async () => {
    const admin = await adminUser();
    for (let i = 0; i < 3; i++) await registerUser();
    const all = ndjsonRecords(
      await readAll(
        await exportUsers(userTestContext(principalOf(admin.id, "admin")), { query: {}, format: "ndjson" }),
      ),
    );
    const paged = ndjsonRecords(
      await readAll(
        await exportUsers(userTestContext(principalOf(admin.id, "admin")), {
          query: {},
          format: "ndjson",
          pageSize: 2,
        }),
      ),
    );
    expect(paged).toEqual(all);
    expect(new Set(paged.map((r) => r.user_id)).size).toBe(paged.length);
  });
});
