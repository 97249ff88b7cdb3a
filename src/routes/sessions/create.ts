import { userContextOf } from "../../context/request";
import { createSession } from "../../domain/sessions/create";
import { createdSessionResource } from "../../domain/sessions/resources";
import { websocketUrlFor } from "../../domain/sessions/room";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { idempotencyRecord } from "../../middleware/idempotency";
import { defineRoute } from "../route";
import { CREDITS_REMAINING, CreatedSessionSchema, CreateSessionBody, CreditsRemainingHeader } from "./schemas";

const route = defineRoute({
  operationId: "createSession",
  method: "post",
  path: "/",
  tags: ["Sessions"],
  summary: "Create a session",
  description: [
    "Debits `credits_required` atomically and starts processing. Price: a base per type (remote_viewing 10, dowsing 5,",
    "precognition 15, intuitive_analysis 5) + 1 per started minute of `parameters.duration` + 2 per analysis type beyond the first.",
    "Needs `remote-viewing:write` for remote_viewing sessions, `dowsing:write` for the other types.",
    "`websocket_url` streams live progress (see the WebSocket operation).",
    "Send `Idempotency-Key` to retry safely: a repeat returns the first response without creating (or charging for) a second session.",
    "`X-Credits-Remaining` carries the balance left after the debit.",
  ].join(" "),
  scope: ["remote-viewing:write", "dowsing:write"],
  idempotent: "atomic",
  request: { body: { required: true, content: { "application/json": { schema: CreateSessionBody } } } },
  responses: {
    201: {
      description: "Created, pending",
      headers: CreditsRemainingHeader,
      content: { "application/json": { schema: envelopeSchema(CreatedSessionSchema) } },
    },
  },
  errors: ["INSUFFICIENT_CREDITS"],
});

export function mountCreate(app: Router) {
  app.openapi(route, async (c) => {
    const body = (row: Parameters<typeof createdSessionResource>[0]) =>
      ok(createdSessionResource(row, websocketUrlFor(c.req.url, row.id)), "Session created");
    // With an Idempotency-Key, the answer is the key's record, committed with the session.
    const idempotency = idempotencyRecord(c, 201, body);
    const row = await createSession(userContextOf(c), { ...c.req.valid("json"), idempotency });
    c.header(CREDITS_REMAINING, String(row.creditsRemaining));
    return c.json(body(row), 201);
  });
}
