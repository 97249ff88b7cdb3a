import type { SessionRow } from "../db/sessions";
import type { UserContext } from "../domain/context";
import {
  holdingRecord,
  type IdempotencyRecord,
  keyUse,
  lookUpKey,
  recordResultAs,
  storedResponse,
} from "../domain/idempotency/records";
import { type CreateSessionInput, createSession } from "../domain/sessions/create";
import { AppError } from "../errors";

/**
 * create_session's `idempotency_key`: the REST Idempotency-Key semantics (src/middleware/idempotency.ts, the atomic
 * way) over a tool call. The key is the user's, in the same table as REST keys; the request it stands for is the
 * tool's name and its canonical arguments, so a key reused with other arguments (or for a REST request) is
 * IDEMPOTENCY_KEY_MISMATCH. The first result is stored sealed in the creation's own commit and replayed as is.
 */
export async function createSessionOnce<T>(
  ctx: UserContext,
  input: CreateSessionInput,
  key: string,
  render: (row: SessionRow) => T,
): Promise<{ result: T; replayed: boolean }> {
  const use = await keyUse({
    principal: ctx.principal,
    key,
    request: { method: "MCP", path: "tools/call create_session", body: JSON.stringify(input) },
    now: ctx.now(),
  });
  const replay = async (existing: IdempotencyRecord) => {
    const { body } = await storedResponse(ctx, { record: existing, use, details: { field: "idempotency_key" } });
    if (body === null)
      throw new AppError("SERVICE_UNAVAILABLE", {
        message: "The stored result for this idempotency_key cannot be read.",
      });
    return { result: JSON.parse(body) as T, replayed: true };
  };
  const found = await lookUpKey(ctx, use);
  if ("held" in found) return replay(found.held);
  try {
    // The creation's one commit carries this key's record, as on the REST route.
    const idempotency = recordResultAs(ctx, { free: found.free, status: 201, render });
    const row = await createSession(ctx, { ...input, idempotency });
    return { result: render(row), replayed: false };
  } catch (err) {
    if (!(err instanceof AppError && err.code === "IDEMPOTENCY_KEY_IN_USE")) throw err;
    // Another call with this key committed first: answer as its retry would.
    const winner = await holdingRecord(ctx, use);
    if (!winner) throw err;
    return replay(winner);
  }
}
