import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { shardOfId } from "../../src/lib/ids";
import { registerUser } from "../support/factories";
import { createOrganization } from "../support/organizations";

const placement = (db: D1Database, ownerType: string, ownerId: string) =>
  db
    .prepare("SELECT account_id, shard, version FROM account_placements WHERE owner_type = ?1 AND owner_id = ?2")
    .bind(ownerType, ownerId)
    .first<{ account_id: string; shard: number; version: number }>();

const accountOf = (db: D1Database, ownerType: string, ownerId: string) =>
  db
    .prepare("SELECT id FROM billing_accounts WHERE owner_type = ?1 AND owner_id = ?2")
    .bind(ownerType, ownerId)
    .first<{ id: string }>();

describe("placement: each account's shard, in the directory", () => {
  it("writes a user's placement with its registration: the account's shard, which its id and its user's id carry", async () => {
    const u = await registerUser();
    const placed = await placement(env.DB, "user", u.id);
    const account = await accountOf(env.DB, "user", u.id);
    expect(placed).toEqual({ account_id: account?.id, shard: 0, version: 1 });
    expect(shardOfId(placed!.account_id)).toBe(placed!.shard);
    expect(shardOfId(u.id)).toBe(placed!.shard);
    // The directory is one database: no shard holds a placement.
    expect(await placement(env.SHARD_1!, "user", u.id)).toBeNull();
  });

  it("writes an organization's placement with its creation, its id naming its account's shard", async () => {
    const owner = await registerUser();
    const orgId = await createOrganization(owner, "Placed Research");
    const placed = await placement(env.DB, "organization", orgId);
    const account = await accountOf(env.DB, "organization", orgId);
    expect(placed).toEqual({ account_id: account?.id, shard: 0, version: 1 });
    expect(shardOfId(orgId)).toBe(placed!.shard);
    expect(shardOfId(placed!.account_id)).toBe(placed!.shard);
  });
});
