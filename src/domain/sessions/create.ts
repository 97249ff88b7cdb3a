import { balanceOf, debitLedgerId } from "../../db/credits";
import { isKeyTaken } from "../../db/idempotency";
import { endingStatements } from "../../db/session-lifecycle";
import { activeSessions, paidSessionStatements, type SessionRow, sessionExists } from "../../db/sessions";
import type { Store } from "../../db/store";
import { AppError } from "../../errors";
import { iso } from "../../lib/clock";
import { newId } from "../../lib/ids";
import { type AccountRef, actingAccount, actingAccountRef, refOf } from "../billing/accounts";
import type { UserContext } from "../context";
import type { RecordResult } from "../idempotency/records";
import { CONCURRENT_SESSION_CAPS } from "../limits/policies";
import { auditInBatch } from "../organizations/audit";
import { onShard, shardNamedBy } from "../shards/accounts";
import { requireSessionScope } from "./families";
import { failureRefund, priceOf } from "./pricing";
import { scheduleFor, timeScale } from "./schedule";
import { schedulerOf } from "./scheduler";
import { sourcesOf } from "./state-machine";
import type { SessionMetadata, SessionParameters, SessionType } from "./types";

export interface CreateSessionInput {
  cue: string;
  session_type: SessionType;
  parameters: SessionParameters;
  metadata: SessionMetadata;
  /**
   * The caller's idempotency key's record of the result (src/domain/idempotency/records.ts), when
   * it holds one: committed with the creation, written only if the session was paid for and inserted.
   */
  idempotency?: RecordResult<SessionRow>;
}

/**
 * Create a session: debit its price and insert it atomically, then hand it
 * to its scheduler, which starts its SessionRoom when the session starts
 * (src/durable-objects/session-scheduler/session-scheduler.ts); the room drives it from then on.
 * One commit holds the creation and the caller's idempotency record (`input.idempotency`): the
 * session and its replayable answer commit together or not at all.
 */
export async function createSession(
  ctx: UserContext,
  input: CreateSessionInput,
): Promise<SessionRow & { creditsRemaining: number }> {
  const { principal } = ctx;
  const now = ctx.now();
  requireSessionScope(principal, input.session_type, "write");
  const account = await actingAccountRef(ctx);
  // The whole creation commits on the account's shard, in one batch (docs/scale.md "Shards"); the
  // session's id names that shard, so reads of it go there with no look-up.
  const shard = shardNamedBy(account.id);
  const home = onShard(ctx, shard);
  const price = priceOf(input.session_type, input.parameters);
  const schedule = scheduleFor(
    now,
    input.parameters.duration,
    timeScale(ctx.config.scales.analysisTime),
    input.parameters.priority,
  );
  const at = iso(now);
  const row: SessionRow = {
    id: newId("session", now, shard),
    userId: principal.userId,
    organizationId: principal.organization?.id ?? null,
    accountId: account.id,
    cue: input.cue,
    sessionType: input.session_type,
    status: "pending",
    stage: null,
    requestedDuration: input.parameters.duration,
    confidenceThreshold: input.parameters.confidence_threshold,
    analysisTypes: input.parameters.analysis_types,
    priority: input.parameters.priority,
    caseId: input.metadata.case_id ?? null,
    clientReference: input.metadata.client_reference ?? null,
    tags: input.metadata.tags,
    creditsRequired: price,
    creditsUsed: price,
    creditsRefunded: 0,
    // Set by the creation's batch from its debit (db/sessions.ts).
    creditsIncluded: 0,
    creditsExpired: 0,
    confidenceScore: null,
    analysisId: newId("analysis", now, shard),
    results: null,
    endReason: null,
    createdAt: at,
    estimatedCompletion: iso(schedule.estimatedCompletion),
    startedAt: null,
    completedAt: null,
    cancelledAt: null,
    duration: null,
    updatedAt: at,
    contentId: null,
    archiveSha256: null,
  };
  const creation = paidSessionStatements(
    home.db,
    row,
    {
      ledgerId: debitLedgerId(row.id),
      accountId: account.id,
      reason: "session_debit",
      // Read back from the ledger id (db/credits.ts ledgerReference).
      referenceId: "",
      // Read back as "<type> session <id>" from the session's row (db/billing-history.ts).
      description: "",
      at,
    },
    CONCURRENT_SESSION_CAPS,
    auditInBatch(home, {
      organizationId: row.organizationId,
      actor: principal,
      entry: {
        action: "session.created",
        targetType: "session",
        targetId: row.id,
        after: { session_type: row.sessionType, credits: row.creditsUsed },
      },
    }),
  );
  const record = input.idempotency ? await input.idempotency(row, sessionExists(row.id), home.db) : [];
  // The record comes last: the creation's results are read by position (db/sessions.ts).
  const results = await home.commit([...creation.statements, ...record]).catch((err: unknown) => {
    // Another request with the same idempotency key committed first; this batch rolled back whole.
    if (isKeyTaken(err)) throw new AppError("IDEMPOTENCY_KEY_IN_USE");
    throw err;
  });
  const { paid, balance } = creation.outcome(results);
  if (!paid) {
    // Credits first: waiting for a session to finish would not help an empty balance.
    const available = await balanceOf(home.db, account.id);
    if (available < price) {
      throw new AppError("INSUFFICIENT_CREDITS", {
        message: `This session costs ${price} credits; the balance is ${available}.`,
        details: { required: price, available },
      });
    }
    // The cap of the account's tier as it is now (the debit checked that one), not the cached one.
    await refuseOverCap(home.db, refOf(await actingAccount(ctx)), row, now);
    // Neither refusal holds any more (a session ended meanwhile): ask the client to retry.
    throw new AppError("SERVICE_UNAVAILABLE", {
      message: "The session could not be created; retry.",
      details: { retry_after: 1 },
    });
  }
  try {
    await schedulerOf(ctx, row.id).add({ sessionId: row.id, userId: principal.userId, creditsPaid: price, schedule });
  } catch (err) {
    await abandonUnstarted(home, row, now);
    console.error(JSON.stringify({ session_id: row.id, error: "SessionScheduler.add failed", cause: String(err) }));
    throw new AppError("SERVICE_UNAVAILABLE", {
      message: "The session could not be started; its credits were refunded.",
      details: { session_id: row.id },
    });
  }
  ctx.ports.metrics.record({ kind: "session", outcome: "created", sessionType: row.sessionType });
  return { ...row, creditsRemaining: balance };
}

/**
 * Concurrent sessions (pending + processing) are capped by tier (spec part 8,
 * second reference): over the cap → 429 with Retry-After until the soonest
 * active session is expected to finish.
 */
async function refuseOverCap(d1: Store, account: AccountRef, row: SessionRow, now: number): Promise<void> {
  const cap = CONCURRENT_SESSION_CAPS[account.tier];
  const active = await activeSessions(d1, { id: account.id, userId: row.userId, organizationId: row.organizationId });
  if (active.count < cap) return;
  const retryAfter = Math.max(
    1,
    Math.ceil(((active.soonest ? Date.parse(active.soonest) : now + 60_000) - now) / 1000),
  );
  throw new AppError("RATE_LIMIT_EXCEEDED", {
    message: `The ${account.tier} tier allows ${cap} sessions pending or processing at once; wait for one to finish or cancel one.`,
    details: {
      limit: "concurrent_sessions",
      max_concurrent_sessions: cap,
      active_sessions: active.count,
      retry_after: retryAfter,
    },
  });
}

/**
 * The scheduler could not be reached after the session was paid for: fail it
 * and refund in full, so no paid session is left pending with nobody to run
 * it. Conditional on `pending`: if the scheduler did record it after all, the
 * room's first step finds the session failed and adopts that end.
 */
async function abandonUnstarted(ctx: UserContext, row: SessionRow, now: number): Promise<void> {
  const at = iso(now);
  const refund = failureRefund(row.creditsRequired);
  await ctx.commit(
    endingStatements(
      ctx.db,
      row.id,
      {
        to: "failed",
        at,
        duration: 0,
        creditsPaid: row.creditsRequired,
        refund: refund.credits,
        endReason: "SERVICE_UNAVAILABLE",
        ledger: {
          ledgerId: newId("led", now, shardNamedBy(row.id)),
          expiryLedgerId: newId("led", now, shardNamedBy(row.id)),
          reason: "session_refund",
          referenceId: row.id,
          description: `Refund for unstarted session ${row.id}`,
          at,
        },
      },
      sourcesOf("failed"),
    ),
  );
}
