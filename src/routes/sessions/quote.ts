import { userContextOf } from "../../context/request";
import { quoteSession } from "../../domain/sessions/quote";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { QuoteSessionBody, SessionQuoteSchema } from "./schemas";

const route = defineRoute({
  operationId: "quoteSession",
  method: "post",
  path: "/quote",
  tags: ["Sessions"],
  summary: "Price a session without creating it",
  description: [
    "Takes the body of POST /v1/sessions (only `session_type` and `parameters` are priced; `cue` and `metadata` may be",
    "left out) and answers what creating it would debit from the acting account, line by line, with that account's",
    "balance. Nothing is written or charged. Same scopes as creation.",
  ].join(" "),
  scope: ["remote-viewing:write", "dowsing:write"],
  request: { body: { required: true, content: { "application/json": { schema: QuoteSessionBody } } } },
  responses: {
    200: { description: "The quote", content: { "application/json": { schema: envelopeSchema(SessionQuoteSchema) } } },
  },
});

export function mountQuote(app: Router) {
  app.openapi(route, async (c) => c.json(ok(await quoteSession(userContextOf(c), c.req.valid("json"))), 200));
}
