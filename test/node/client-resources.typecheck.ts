/**
 * Type-level test of the TypeScript client's resource layer (clients/typescript/src/resources.generated.ts),
 * compiled by `npm run typecheck`: each method's parameters and answer are the operation's own, from the served
 * document through openapi-typescript's `operations`. Nothing here runs.
 */
import { createSessionAnalysisClient, type Schema } from "../../clients/typescript/src/index";

const api = createSessionAnalysisClient({ origin: "http://127.0.0.1:8787", apiKey: "sak_x" });

export async function typed() {
  // The envelope's data, typed: a list's items and its pagination.
  const { sessions, pagination }: { sessions: Schema<"SessionListItem">[]; pagination: Schema<"Pagination"> } =
    await api.sessions.list({ status: "completed", limit: 100 });
  // Path parameters first, then the body.
  const updated: Schema<"Webhook"> = await api.webhooks.update("webhook_1", { active: false });
  const log = await api.webhooks.listDeliveries("webhook_1", { limit: 100, status: "failed" });
  const verified = await api.auth.verifyEmail({ token: "sev_x" });
  // Headers an operation declares go in the options.
  await api.sessions.create(
    { cue: "Describe the target", session_type: "dowsing" },
    { headers: { "idempotency-key": "k-1" } },
  );
  // A CSV export is the HTTP response; live progress is iterated.
  const csv: Response = await api.exports.sessions({ format: "csv" });
  for await (const m of api.sessions.follow("session_1")) if (m.type === "transition") break;
  return { sessions, pagination, updated, log: log.pagination.next_cursor, verified, csv };
}

export async function refused() {
  // @ts-expect-error an unknown enum value
  await api.sessions.list({ status: "finished" });
  // @ts-expect-error a webhook needs its events
  await api.webhooks.create({ url: "https://example.com/hook" });
  // @ts-expect-error a path parameter is required
  await api.sessions.get();
}
