import { atomicRecordStatements, findIdempotencyRecord, type IdempotencyRecord } from "../db/idempotency";
import type { SessionRow } from "../db/sessions";
import type { UserContext } from "../domain/context";
import { dataEncryptionKey } from "../domain/encryption/data-key";
import { open, seal } from "../domain/encryption/secret-box";
import { holds, IDEMPOTENCY_RETENTION_MS, idempotencyRequestHash } from "../domain/idempotency/keys";
import { type CreateSessionInput, createSession } from "../domain/sessions/create";
import { AppError } from "../errors";
import { iso } from "../lib/clock";

/**
 * create_session's `idempotency_key`: the REST Idempotency-Key semantics (src/middleware/idempotency.ts, the atomic
 * way) over a tool call. The key is the user's, in the same table as REST keys; the request it stands for is the
 * tool's name and its canonical arguments, so a key reused with other arguments (or for a REST request) is
 * IDEMPOTENCY_KEY_MISMATCH. The first result is stored sealed in the creation's own batch and replayed as is.
 */
export async function createSessionOnce<T>(
  ctx: UserContext,
  input: CreateSessionInput,
  key: string,
  render: (row: SessionRow) => T,
): Promise<{ result: T; replayed: boolean }> {
  const { principal } = ctx;
  const now = ctx.now();
  const at = iso(now);
  const requestHash = await idempotencyRequestHash({
    method: "MCP",
    path: "tools/call create_session",
    body: JSON.stringify(input),
  });
  const associated = `idempotency:${principal.userId}:${key}`;
  const dataKey = await dataEncryptionKey(ctx.config);
  const replay = async (existing: IdempotencyRecord) => {
    if (existing.requestHash !== requestHash)
      throw new AppError("IDEMPOTENCY_KEY_MISMATCH", { details: { field: "idempotency_key" } });
    if (existing.status !== "completed") throw new AppError("IDEMPOTENCY_KEY_IN_USE");
    const body = await open(dataKey, existing.responseBody ?? "", associated);
    if (body === null)
      throw new AppError("SERVICE_UNAVAILABLE", {
        message: "The stored result for this idempotency_key cannot be read.",
      });
    return { result: JSON.parse(body) as T, replayed: true };
  };
  const existing = await findIdempotencyRecord(ctx.db, principal.userId, key);
  if (existing && holds(existing, at)) return replay(existing);
  const record = {
    ownerId: principal.userId,
    key,
    requestHash,
    now: at,
    expiresAt: iso(now + IDEMPOTENCY_RETENTION_MS),
    takeOver: existing !== null,
  };
  try {
    // The creation's batch carries this key's record (Context.commit's outcome), as on the REST route.
    const recording: UserContext = {
      ...ctx,
      commit: async (statements, outcome) =>
        ctx.commit(
          outcome
            ? [
                ...statements,
                ...atomicRecordStatements(
                  ctx.db,
                  record,
                  {
                    status: 201,
                    sealedBody: await seal(dataKey, JSON.stringify(render(outcome.result as SessionRow)), associated),
                  },
                  outcome.onlyIf,
                ),
              ]
            : statements,
        ),
    };
    const row = await createSession(recording, input);
    return { result: render(row), replayed: false };
  } catch (err) {
    if (!(err instanceof AppError && err.code === "IDEMPOTENCY_KEY_IN_USE")) throw err;
    // Another call with this key committed first: answer as its retry would.
    const winner = await findIdempotencyRecord(ctx.db, principal.userId, key);
    if (!winner || !holds(winner, at)) throw err;
    return replay(winner);
  }
}
