/**
 * Type-level test, compiled by `npm run typecheck` against the typed client's
 * types, which `npm run client:check` (CI) keeps equal to what openapi-typescript
 * (defaultNonNullable: false) makes of the served document. It proves the document gives generated clients
 * readable operation names and lets minimal bodies, without the fields that
 * have server-side defaults, compile. Nothing here runs.
 */
import type { operations, paths } from "../../clients/typescript/src/openapi.generated";

type JsonBody<Op extends keyof operations> = operations[Op] extends {
  requestBody?: { content: { "application/json": infer B } };
}
  ? B
  : never;

// Minimal bodies: no tier, marketing_consent, duration, priority, analysis_types.
export const register: JsonBody<"register"> = {
  email: "a@example.com",
  username: "ada",
  password: "correct-horse-42",
};
export const createSession: JsonBody<"createSession"> = { cue: "Describe the target", session_type: "dowsing" };
export const withSomeParameters: JsonBody<"createSession"> = {
  cue: "Describe the target",
  session_type: "remote_viewing",
  parameters: { confidence_threshold: 0.7 },
};
export const purchase: JsonBody<"purchaseCredits"> = {
  credit_package: "starter",
  payment_method_id: "pm_1",
  quantity: 1,
};

// Query parameters: `offset` is a number, never null.
type ListQuery = NonNullable<operations["listSessions"]["parameters"]["query"]>;
export const page: ListQuery = { limit: 20, offset: 40 };
// @ts-expect-error offset is a plain integer in a query string
export const nullOffset: ListQuery = { offset: null };

// Readable operation names, bound to their paths.
export const names: Array<keyof operations> = [
  "createSession",
  "listSessions",
  "getSession",
  "getBilling",
  "purchaseCredits",
  "deleteWebhook",
  "oauthToken",
];
type PostSessions = paths["/sessions"]["post"];
export const sameOperation: PostSessions = {} as operations["createSession"];

// @ts-expect-error a missing required field still fails to compile
export const missingCue: JsonBody<"createSession"> = { session_type: "dowsing" };
