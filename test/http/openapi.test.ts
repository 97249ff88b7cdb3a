import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { ERROR_CATALOGUE } from "../../src/errors";
import { api } from "../support/http";

/** Documentation endpoints are not operations of the API itself. */
const NOT_OPERATIONS = new Set(["GET /v1/openapi.json", "GET /v1/docs"]);

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
    const doc = (await api("GET", "/v1/openapi.json")).body;
    const documented = new Set<string>();
    for (const [path, ops] of Object.entries<Record<string, unknown>>(doc.paths)) {
      for (const method of Object.keys(ops)) documented.add(`${method.toUpperCase()} /v1${path}`);
    }
    const served = new Set<string>();
    for (const r of createApp().routes) {
      if (r.method === "ALL") continue; // middleware
      const key = `${r.method} ${toOpenApiPath(r.path)}`;
      if (!key.startsWith(`${r.method} /v1/`) || NOT_OPERATIONS.has(key)) continue;
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
    const doc = (await api("GET", "/v1/openapi.json")).body;
    const codes = Object.keys(ERROR_CATALOGUE);
    for (const [path, ops] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(ops)) {
        const name = `${method.toUpperCase()} ${path}`;
        const success = Object.keys(op.responses).filter((s) => s.startsWith("2") || s === "101");
        expect(success.length, name).toBeGreaterThan(0);
        for (const [status, response] of Object.entries<any>(op.responses)) {
          if (Number(status) < 400) continue;
          expect(response.content["application/json"].schema.$ref, name).toBe("#/components/schemas/ErrorEnvelope");
        }
        expect(op.responses["500"], `${name} documents 500`).toBeDefined();
        if (op["x-required-scopes"]) {
          expect(op.security.length, name).toBeGreaterThan(0);
          expect(op.security[0].bearerAuth).toEqual(op["x-required-scopes"]);
          expect(op.responses["401"], name).toBeDefined();
          expect(op.responses["403"], name).toBeDefined();
        }
      }
    }
    expect(doc.components.schemas.ErrorEnvelope.properties.error.properties.code.enum.sort()).toEqual(codes.sort());
  });

  it("marks public and protected operations correctly", async () => {
    const doc = (await api("GET", "/v1/openapi.json")).body;
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
