import { describe, expect, it } from "vitest";
import { createApp, servedRoutes } from "../../src/app";
import { ERROR_CATALOGUE } from "../../src/errors";
import { registerUser } from "../support/factories";
import { api, BASE, workerFetch } from "../support/http";
import { servedOpenApiDocument } from "../support/openapi";

/** Documentation endpoints are not operations of the API itself. */
// The document itself, the docs page, the console's same-origin cookie sign-in (a browser
// route of the console, not an API operation: docs/security.md, "Console") and the development
// mailbox (a local tool, not in staging or production: docs/decisions.md "Development mailbox").
const NOT_OPERATIONS = new Set([
  "GET /v1/openapi.json",
  "GET /v1/docs",
  "POST /console/session",
  "POST /console/session/refresh",
  "POST /console/session/mfa",
  "POST /console/session/passkey",
  "DELETE /console/session",
  "GET /console/session/sso",
  "GET /console/session/sso/finish",
  "GET /console/dev/mailbox",
]);

const toOpenApiPath = (p: string) => p.replace(/:([A-Za-z_]+)(\{[^}]*\})?/g, "{$1}");

describe("GET /v1/openapi.json", () => {
  it("is an OpenAPI 3.1 document", async () => {
    const res = await api("GET", "/v1/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    expect(res.body.components.securitySchemes).toHaveProperty("bearerAuth");
    expect(res.body.components.securitySchemes).toHaveProperty("apiKey");
    expect(res.body.components.securitySchemes).toHaveProperty("oauth2");
  });

  it("documents every route the app serves, and nothing it does not", async () => {
    const doc = await servedOpenApiDocument();
    const documented = new Set<string>();
    for (const [path, item] of Object.entries<Record<string, unknown>>(doc.paths)) {
      // The authorization server's path items carry their own `servers` (the origin, not /v1).
      const base = item.servers ? "" : "/v1";
      for (const method of Object.keys(item))
        if (method !== "servers") documented.add(`${method.toUpperCase()} ${base}${path}`);
    }
    const served = new Set<string>();
    for (const r of await servedRoutes(createApp())) {
      if (r.method === "ALL") continue; // middleware
      const key = `${r.method} ${toOpenApiPath(r.path)}`;
      if (NOT_OPERATIONS.has(key)) continue;
      served.add(key);
    }
    expect(
      [...served].filter((k) => !documented.has(k)),
      "served but undocumented",
    ).toEqual([]);
    expect(
      [...documented].filter((k) => !served.has(k)),
      "documented but not served",
    ).toEqual([]);
    expect(served.size).toBeGreaterThanOrEqual(6);
  });

  it("gives every operation its scopes, its error responses from the catalogue, and a success schema", async () => {
    const doc = await servedOpenApiDocument();
    const codes = Object.keys(ERROR_CATALOGUE);
    let scoped = 0;
    for (const [path, ops] of Object.entries<Record<string, any>>(doc.paths)) {
      if (ops.servers) continue; // the authorization server answers in RFC formats, not the envelope
      for (const [method, op] of Object.entries<any>(ops)) {
        const name = `${method.toUpperCase()} ${path}`;
        const success = Object.keys(op.responses).filter((s) => s.startsWith("2") || s === "101");
        expect(success.length, name).toBeGreaterThan(0);
        for (const [status, response] of Object.entries<any>(op.responses)) {
          if (Number(status) < 400) continue;
          expect(response.content["application/json"].schema.$ref, name).toBe("#/components/schemas/ErrorEnvelope");
        }
        expect(op.responses["500"], `${name} documents 500`).toBeDefined();
        // biome-ignore-start lint/nursery/noConditionalExpect: public operations declare no scopes; the scoped ones are counted below, so the branch runs
        if (op["x-required-scopes"]) {
          scoped++;
          // Any one of the scopes, with any one credential kind: one requirement per pair.
          const pairs = op.security.map((r: Record<string, string[]>) => {
            const [[scheme, scopes]] = Object.entries(r) as [[string, string[]]];
            expect(scopes, name).toHaveLength(1);
            return `${scheme} ${scopes[0]}`;
          });
          const expected = op["x-required-scopes"].flatMap((s: string) =>
            ["bearerAuth", "oauth2", "apiKey"].map((scheme) => `${scheme} ${s}`),
          );
          expect(pairs.sort(), name).toEqual(expected.sort());
          expect(op.responses["401"], name).toBeDefined();
          expect(op.responses["403"], name).toBeDefined();
        }
        // biome-ignore-end lint/nursery/noConditionalExpect: public operations declare no scopes; the scoped ones are counted below, so the branch runs
      }
    }
    expect(scoped).toBeGreaterThan(40);
    expect(doc.components.schemas.ErrorEnvelope.properties.error.properties.code.enum.sort()).toEqual(codes.sort());
  });

  it("gives every operation a unique camelCase operationId, a description and declared tags", async () => {
    const doc = await servedOpenApiDocument();
    const tags = new Set(doc.tags.map((t: { name: string; description: string }) => t.name));
    const ids = new Set<string>();
    for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        if (method === "servers") continue;
        const name = `${method.toUpperCase()} ${path}`;
        expect(op.operationId, name).toMatch(/^[a-z][A-Za-z0-9]+$/);
        expect(ids.has(op.operationId), `${name}: duplicate ${op.operationId}`).toBe(false);
        ids.add(op.operationId);
        expect(op.description?.length ?? 0, name).toBeGreaterThan(10);
        for (const tag of op.tags) expect(tags.has(tag), `${name}: undeclared tag ${tag}`).toBe(true);
      }
    }
    expect(doc.info.license.name).toBeTruthy();
    expect(doc.paths["/sessions"].post.operationId).toBe("createSession");
    expect(doc.paths["/billing/credits/purchase"].post.operationId).toBe("purchaseCredits");
  });

  it("declares the shared headers and the X-Client-Version parameter on every /v1 operation", async () => {
    const doc = await servedOpenApiDocument();
    for (const name of [
      "RateLimit",
      "RateLimit-Policy",
      "X-Request-Id",
      "X-API-Version",
      "Retry-After",
      "Idempotent-Replayed",
    ])
      expect(doc.components.headers[name], name).toBeDefined();
    expect(doc.components.parameters.XClientVersion.name).toBe("X-Client-Version");
    for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
      if (item.servers) continue;
      for (const [method, op] of Object.entries<any>(item)) {
        const name = `${method.toUpperCase()} ${path}`;
        expect(op.parameters, name).toContainEqual({ $ref: "#/components/parameters/XClientVersion" });
        for (const [status, response] of Object.entries<any>(op.responses)) {
          for (const h of ["RateLimit", "RateLimit-Policy", "X-Request-Id", "X-API-Version"])
            expect(response.headers?.[h], `${name} ${status} ${h}`).toEqual({ $ref: `#/components/headers/${h}` });
        }
        // A documented 429 says when to retry.
        expect(
          op.responses["429"] === undefined || op.responses["429"].headers["Retry-After"] !== undefined,
          name,
        ).toBe(true);
      }
    }
    const created = doc.paths["/sessions"].post.responses["201"].headers;
    expect(created["Idempotent-Replayed"]).toEqual({ $ref: "#/components/headers/Idempotent-Replayed" });
    // The replay header's name is the one the middleware sends.
    const u = await registerUser();
    const key = crypto.randomUUID();
    const body = { cue: "Describe the target", session_type: "dowsing" };
    await api("POST", "/v1/sessions", { token: u.token, body, headers: { "Idempotency-Key": key } });
    const replay = await api("POST", "/v1/sessions", { token: u.token, body, headers: { "Idempotency-Key": key } });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
  });

  it("types offset as a plain bounded integer", async () => {
    const doc = await servedOpenApiDocument();
    for (const path of ["/sessions", "/billing/history", "/webhooks/{webhook_id}/deliveries"]) {
      const offset = doc.paths[path].get.parameters.find((p: { name: string }) => p.name === "offset");
      expect(offset.schema, path).toMatchObject({ type: "integer", minimum: 0, maximum: 1_000_000 });
    }
  });

  it("says in the schema what the service refuses: repeated analysis types, offsets in date-times", async () => {
    const doc = await servedOpenApiDocument();
    const parameters = doc.components.schemas.SessionParametersInput.properties;
    expect(parameters.analysis_types).toMatchObject({ type: "array", uniqueItems: true });
    const since = doc.paths["/organizations/{organization_id}/audit-log"].get.parameters.find(
      (p: { name: string }) => p.name === "since",
    );
    expect(since.schema).toMatchObject({ type: "string", format: "date-time" });
  });

  it("names the origin it was asked at, each origin its own (kept per isolate, so asked again it is the same)", async () => {
    const at = async (origin: string, vars?: Record<string, unknown>) => {
      const res = await workerFetch(new Request(`${origin}/v1/openapi.json`), vars);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      return (await res.json()) as { servers: Array<{ url: string; description: string }> };
    };
    const first = await at("https://api.example.test");
    expect(first.servers[0]!.url).toBe("https://api.example.test/v1");
    expect((await at("https://eu.example.test")).servers[0]!.url).toBe("https://eu.example.test/v1");
    expect(await at("https://api.example.test")).toEqual(first);
    // The environment is part of what the document says, so it is part of what it is kept by.
    const staging = await at("https://api.example.test", {
      ENVIRONMENT: "staging",
      AUTH_ISSUER: "https://api.example.test",
    });
    expect(staging.servers[0]!.description).toBe("API (staging at https://api.example.test)");
    expect(first.servers[0]!.description).not.toContain("staging");
  });

  it("describes the authorization server outside /v1, with RFC 8414 metadata kept", async () => {
    const doc = await servedOpenApiDocument();
    for (const path of [
      "/oauth2/authorize",
      "/oauth2/token",
      "/oauth2/revoke",
      "/oauth2/introspect",
      "/oauth/authorize",
      "/.well-known/oauth-authorization-server",
      "/.well-known/jwks.json",
      "/saml/login",
    ]) {
      expect(doc.paths[path]?.servers?.[0]?.url, path).toBe(BASE);
    }
    expect(doc.paths["/oauth2/token"].post.requestBody.content).toHaveProperty("application/x-www-form-urlencoded");
    const metadata = await api("GET", "/.well-known/oauth-authorization-server");
    expect(metadata.body.token_endpoint).toMatch(/\/oauth2\/token$/);
  });

  it("marks public and protected operations correctly", async () => {
    const doc = await servedOpenApiDocument();
    expect(doc.paths["/auth/login"].post.security).toEqual([]);
    expect(doc.paths["/users/me"].get["x-required-scopes"]).toEqual(["profile"]);
    expect(doc.paths["/auth/logout"].post.security.length).toBeGreaterThan(0);
  });
});

describe("GET /v1/docs", () => {
  it("serves the interactive reference pointing at the document", async () => {
    const res = await api("GET", "/v1/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.text).toContain("/v1/openapi.json");
  });
});
