import { type Context, Hono } from "hono";
import { contextOf } from "../../context/request";
import { authenticateScim } from "../../domain/identity/scim/access";
import { scimBaseUrl } from "../../domain/identity/scim/connections";
import { resourceTypes, schemas, serviceProviderConfig } from "../../domain/identity/scim/discovery";
import { ScimError } from "../../domain/identity/scim/errors";
import {
  createScimGroup,
  deleteScimGroup,
  getScimGroup,
  listScimGroups,
  patchScimGroup,
  replaceScimGroup,
} from "../../domain/identity/scim/groups";
import type { ListQuery } from "../../domain/identity/scim/protocol";
import { searchAll } from "../../domain/identity/scim/search";
import {
  createScimUser,
  deleteScimUser,
  getScimUser,
  listScimUsers,
  patchScimUser,
  replaceScimUser,
} from "../../domain/identity/scim/users";
import type { AppEnv } from "../../http/app-env";
import { enforceLimitOf } from "../../middleware/rate-limit";
import { scimError, scimJson } from "./render";

type C = Context<AppEnv>;

/** Largest SCIM request body, as for /v1 (docs/decisions.md). */
const MAX_BODY_BYTES = 64 * 1024;

const DOCUMENTATION = "https://github.com/session-analysis/service/blob/main/docs/sso.md#scim";

/** The connection the path names, if the bearer token is its live token (401 otherwise). */
async function scopeOf(c: C) {
  const ctx = contextOf(c);
  const connection = await authenticateScim(ctx, {
    connectionId: c.req.param("connection") ?? "",
    authorization: c.req.header("authorization"),
  });
  // The enterprise tier's limits, per connection (a directory's sync is one client, however many users).
  const allowed = await enforceLimitOf(c, { key: `scim:${connection.id}`, tier: "enterprise" });
  c.header("RateLimit-Policy", allowed.policyHeader);
  c.header("RateLimit", allowed.state);
  return { ctx, connection, baseUrl: scimBaseUrl(ctx.config.issuer, connection.id) };
}

function queryOf(c: C): ListQuery {
  const q = (name: string) => c.req.query(name);
  return {
    filter: q("filter"),
    startIndex: q("startIndex"),
    count: q("count"),
    attributes: q("attributes"),
    excludedAttributes: q("excludedAttributes"),
  };
}

/** A SearchRequest's body (RFC 7644 §3.4.3) as the list's query parameters. */
function searchQuery(body: unknown): ListQuery {
  const b = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const text = (v: unknown) =>
    v === undefined || v === null ? undefined : Array.isArray(v) ? v.join(",") : typeof v === "string" ? v : String(v);
  return {
    filter: text(b.filter),
    startIndex: text(b.startIndex),
    count: text(b.count),
    attributes: text(b.attributes),
    excludedAttributes: text(b.excludedAttributes),
  };
}

/** The JSON body (RFC 7644 §3.1: application/scim+json; application/json is accepted too). */
async function bodyOf(c: C): Promise<unknown> {
  const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/scim+json" && type !== "application/json") {
    throw new ScimError(400, "the body must be application/scim+json", "invalidSyntax");
  }
  const text = await c.req.text();
  if (new TextEncoder().encode(text).length > MAX_BODY_BYTES) {
    throw new ScimError(413, `the body is larger than ${MAX_BODY_BYTES} bytes`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ScimError(400, "the body is not JSON", "invalidSyntax");
  }
}

/** The resource with its ETag (RFC 7644 §3.14) and, for a creation, its Location. */
function resource(c: C, body: Record<string, unknown>, status: 200 | 201 = 200) {
  const meta = body.meta as { version?: string; location?: string } | undefined;
  if (meta?.version) c.header("ETag", meta.version);
  if (status === 201 && meta?.location) c.header("Location", meta.location);
  return scimJson(c, body, status);
}

/** A SCIM 2.0 service provider per connection (RFC 7644), at `/scim/v2/{connection}/…`. */
export function scimRoutes() {
  const app = new Hono<AppEnv>();
  app.onError(scimError);

  // Discovery (RFC 7644 §4): read-only; other methods are answered 405 below.
  app.get("/:connection/ServiceProviderConfig", async (c) => {
    const { baseUrl } = await scopeOf(c);
    return scimJson(c, serviceProviderConfig({ baseUrl, documentationUri: DOCUMENTATION }));
  });
  app.get("/:connection/ResourceTypes", async (c) =>
    scimJson(c, resourceTypes({ baseUrl: (await scopeOf(c)).baseUrl })),
  );
  app.get("/:connection/ResourceTypes/:id", async (c) =>
    scimJson(c, resourceTypes({ baseUrl: (await scopeOf(c)).baseUrl, id: c.req.param("id") })),
  );
  app.get("/:connection/Schemas", async (c) => scimJson(c, schemas({ baseUrl: (await scopeOf(c)).baseUrl })));
  app.get("/:connection/Schemas/:id", async (c) =>
    scimJson(c, schemas({ baseUrl: (await scopeOf(c)).baseUrl, id: c.req.param("id") })),
  );
  // RFC 7644 §3.4.3: a search of every resource type at the base URL.
  app.post("/:connection/.search", async (c) => {
    const { ctx, ...scope } = await scopeOf(c);
    return scimJson(c, await searchAll(ctx, { ...scope, query: searchQuery(await bodyOf(c)) }));
  });

  const resources = [
    {
      path: "Users",
      list: listScimUsers,
      get: getScimUser,
      create: createScimUser,
      replace: replaceScimUser,
      patch: patchScimUser,
      remove: deleteScimUser,
    },
    {
      path: "Groups",
      list: listScimGroups,
      get: getScimGroup,
      create: createScimGroup,
      replace: replaceScimGroup,
      patch: patchScimGroup,
      remove: deleteScimGroup,
    },
  ] as const;
  for (const r of resources) {
    app.get(`/:connection/${r.path}`, async (c) => {
      const { ctx, ...scope } = await scopeOf(c);
      return scimJson(c, await r.list(ctx, { ...scope, query: queryOf(c) }));
    });
    // RFC 7644 §3.4.3: a query in a POST body, answered as the GET would be.
    app.post(`/:connection/${r.path}/.search`, async (c) => {
      const { ctx, ...scope } = await scopeOf(c);
      return scimJson(c, await r.list(ctx, { ...scope, query: searchQuery(await bodyOf(c)) }));
    });
    app.post(`/:connection/${r.path}`, async (c) => {
      const { ctx, ...scope } = await scopeOf(c);
      return resource(c, await r.create(ctx, { ...scope, body: await bodyOf(c) }), 201);
    });
    app.get(`/:connection/${r.path}/:id`, async (c) => {
      const { ctx, ...scope } = await scopeOf(c);
      return resource(c, await r.get(ctx, { ...scope, id: c.req.param("id"), query: queryOf(c) }));
    });
    app.put(`/:connection/${r.path}/:id`, async (c) => {
      const { ctx, ...scope } = await scopeOf(c);
      const body = await bodyOf(c);
      return resource(
        c,
        await r.replace(ctx, { ...scope, id: c.req.param("id"), body, ifMatch: c.req.header("if-match") }),
      );
    });
    app.patch(`/:connection/${r.path}/:id`, async (c) => {
      const { ctx, ...scope } = await scopeOf(c);
      const body = (await bodyOf(c)) as Record<string, unknown>;
      return resource(
        c,
        await r.patch(ctx, { ...scope, id: c.req.param("id"), body, ifMatch: c.req.header("if-match") }),
      );
    });
    app.delete(`/:connection/${r.path}/:id`, async (c) => {
      const { ctx, ...scope } = await scopeOf(c);
      await r.remove(ctx, { ...scope, id: c.req.param("id"), ifMatch: c.req.header("if-match") });
      return c.body(null, 204);
    });
  }

  // Anything else under a connection, once the token is checked: another method on a discovery
  // endpoint is 405 (they are read-only, RFC 7644 §4), any other path 404, in SCIM's format.
  app.all("/:connection/*", async (c) => {
    await scopeOf(c);
    if (/^\/scim\/v2\/[^/]+\/(ServiceProviderConfig|ResourceTypes|Schemas)(\/[^/]+)?$/.test(c.req.path)) {
      c.header("Allow", "GET");
      throw new ScimError(405, "this endpoint only answers GET");
    }
    throw new ScimError(404, `no SCIM endpoint at ${c.req.path}`);
  });
  app.all("*", () => {
    throw new ScimError(404, "no SCIM endpoint here: the base URL is /scim/v2/{connection}");
  });
  return app;
}
