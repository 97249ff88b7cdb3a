import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../src/http/app-env";
import { onError } from "../../src/http/on-error";
import { router } from "../../src/http/openapi";
import { validationHook } from "../../src/http/validation";
import { registerUser } from "../support/factories";
import { api } from "../support/http";

/**
 * src/http/openapi.ts answers some validations without zod: for every input, the router it builds must
 * answer exactly as @hono/zod-openapi's own validators do.
 */
const params = z.object({ id: z.string().min(2).max(5), part: z.string().max(3) });
const withParams = createRoute({
  method: "get",
  path: "/things/{id}/{part}",
  request: { params },
  responses: { 200: { description: "ok" } },
});
const withQuery = createRoute({
  method: "get",
  path: "/queried/{id}",
  request: { params: z.object({ id: z.string().max(5) }), query: z.object({ n: z.string().regex(/^\d+$/) }) },
  responses: { 200: { description: "ok" } },
});
const patterned = createRoute({
  method: "get",
  path: "/patterned/{id}",
  request: { params: z.object({ id: z.string().regex(/^t_\d+$/) }) },
  responses: { 200: { description: "ok" } },
});

function build(app: OpenAPIHono<AppEnv>) {
  app.onError(onError);
  const echo = (c: { req: { valid(t: "param"): unknown } }) => Response.json({ param: c.req.valid("param") });
  app.openapi(withParams, echo as never);
  app.openapi(withQuery, echo as never);
  app.openapi(patterned, echo as never);
  return app;
}

const cheap = build(router());
const zodOnly = build(new OpenAPIHono<AppEnv>({ defaultHook: validationHook }));

async function answer(app: OpenAPIHono<AppEnv>, path: string) {
  const res = await app.request(path);
  const body = (await res.json()) as { error?: { timestamp?: unknown } };
  if (body.error) body.error.timestamp = "(when)";
  return { status: res.status, body };
}

describe("path parameters validated without zod", () => {
  it.each([
    "/things/ab/x",
    "/things/abcde/xyz",
    "/things/a/x",
    "/things/abcdef/x",
    "/things/ab/xyzw",
    "/things/%41b/x",
    "/things/%E2%82%AC%E2%82%AC/x",
    "/things/%ZZ/x",
    "/queried/abcdef?n=1",
    "/queried/ab?n=x",
    "/queried/ab?n=1",
    "/patterned/t_1",
    "/patterned/x",
  ])("%s answers as zod does", async (path) => {
    expect(await answer(cheap, path)).toEqual(await answer(zodOnly, path));
  });

  it("gives the handler the declared parameters, decoded", async () => {
    expect(await answer(cheap, "/things/%41b/x")).toEqual({ status: 200, body: { param: { id: "Ab", part: "x" } } });
  });

  it("keeps the document's parameters", () => {
    const doc = cheap.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } });
    const names = (doc.paths?.["/things/{id}/{part}"]?.get?.parameters ?? []).map((p) => ("name" in p ? p.name : ""));
    expect(names).toEqual(["id", "part"]);
  });

  it("refuses an over-long session id on GET /v1/sessions/{id} with FIELD_TOO_LONG", async () => {
    const user = await registerUser();
    const res = await api("GET", `/v1/sessions/${"s".repeat(65)}`, { token: user.token });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({
      code: "FIELD_TOO_LONG",
      details: { field: "session_id", location: "param" },
    });
  });
});
