import { beforeAll, describe, expect, it } from "vitest";
import { ALL_SCOPES } from "../../src/domain/identity/scopes";
import { api } from "../support/http";
import { adminUser, clientCredentialsToken, createClient, type TestClient } from "../support/oauth";
import { servedOpenApiDocument } from "../support/openapi";

/**
 * The scope matrix, driven by /v1/openapi.json: every operation that
 * declares `x-required-scopes` is called with a token holding every scope
 * but those (→ 403 INSUFFICIENT_PERMISSIONS naming them) and with a token
 * holding just those (→ neither 401 nor 403). New routes are covered as
 * soon as they are mounted; only path parameters may need a filler here.
 */
const PATH_FILLERS: Record<string, string> = {
  organization_id: "org_1000000000000000000",
  invitation_id: "inv_1000000000000000000",
};
const fill = (path: string) =>
  path.replace(
    /\{([^}]+)\}/g,
    (_, name: string) => PATH_FILLERS[name] ?? `${name.replace(/_id$/, "")}_1000000000000000000`,
  );

interface Operation {
  method: string;
  path: string;
  scopes?: string[];
  /** `x-account-security`: only the holder's first-party sign-in (test/security/account-security-matrix.test.ts). */
  accountSecurity: boolean;
  security: Record<string, string[]>[];
  hasBody: boolean;
}

async function operations(): Promise<Operation[]> {
  const doc = (await servedOpenApiDocument()) as { paths: Record<string, Record<string, any>> };
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (item.servers) continue; // the authorization server, outside /v1 (client authentication, not scopes)
    for (const [method, op] of Object.entries(item)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      ops.push({
        method: method.toUpperCase(),
        path: `/v1${path}`,
        scopes: op["x-required-scopes"],
        accountSecurity: op["x-account-security"] === true,
        security: op.security ?? [],
        hasBody: Boolean(op.requestBody),
      });
    }
  }
  return ops;
}

describe("scope matrix (every /v1 operation)", () => {
  let client: TestClient;
  let ops: Operation[];
  beforeAll(async () => {
    const admin = await adminUser();
    client = await createClient(admin.token, {
      grant_types: ["client_credentials"],
      redirect_uris: [],
      scopes: ALL_SCOPES,
    });
    ops = await operations();
    // Generating the served document is the heaviest request of the suite (every route's schemas):
    // on a loaded 2-core machine it alone can take most of the default hook bound.
  }, 120_000);

  it("finds the operations, and each scoped one documents the same scopes in its OpenAPI security", () => {
    expect(ops.filter((o) => o.scopes).length).toBeGreaterThanOrEqual(8);
    for (const op of ops.filter((o) => o.scopes)) {
      // Any one listed scope suffices: each requirement object names exactly one of them.
      expect(op.security.length, `${op.method} ${op.path}`).toBeGreaterThan(0);
      const named = new Set<string>();
      for (const requirement of op.security) {
        const scopes = Object.values(requirement)[0]!;
        expect(scopes, `${op.method} ${op.path}`).toHaveLength(1);
        named.add(scopes[0]!);
      }
      expect([...named].sort(), `${op.method} ${op.path}`).toEqual([...op.scopes!].sort());
    }
  });

  it("a token without the operation's scope gets 403 INSUFFICIENT_PERMISSIONS naming it", async () => {
    const failures: string[] = [];
    for (const op of ops.filter((o) => o.scopes)) {
      const others = ALL_SCOPES.filter((s) => !op.scopes!.includes(s));
      const { access_token } = await clientCredentialsToken(client, others.join(" "));
      const res = await api(op.method, fill(op.path), { token: access_token, ...(op.hasBody ? { body: {} } : {}) });
      const err = res.body?.error;
      if (
        res.status !== 403 ||
        err?.code !== "INSUFFICIENT_PERMISSIONS" ||
        JSON.stringify(err.details.required_scopes) !== JSON.stringify(op.scopes)
      ) {
        failures.push(`${op.method} ${op.path}: ${res.status} ${res.text.slice(0, 200)}`);
      }
      expect(res.headers.get("www-authenticate") ?? "").toContain("insufficient_scope");
    }
    expect(failures).toEqual([]);
  });

  it("a token with only the operation's scope is let through (neither 401 nor 403), but to account security", async () => {
    const failures: string[] = [];
    for (const op of ops.filter((o) => o.scopes && !o.accountSecurity)) {
      const { access_token } = await clientCredentialsToken(client, op.scopes!.join(" "));
      const res = await api(op.method, fill(op.path), { token: access_token, ...(op.hasBody ? { body: {} } : {}) });
      if (res.status === 401 || res.status === 403)
        failures.push(`${op.method} ${op.path}: ${res.status} ${res.text.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  });

  it("an account-security operation refuses a client's token holding its scope for what it is (403 sign_in_required)", async () => {
    const marked = ops.filter((o) => o.scopes && o.accountSecurity);
    expect(marked.length).toBeGreaterThanOrEqual(10);
    for (const op of marked) {
      const { access_token } = await clientCredentialsToken(client, op.scopes!.join(" "));
      const res = await api(op.method, fill(op.path), { token: access_token, ...(op.hasBody ? { body: {} } : {}) });
      expect(res.status, `${op.method} ${op.path}`).toBe(403);
      expect(res.body.error, `${op.method} ${op.path}`).toMatchObject({
        code: "INSUFFICIENT_PERMISSIONS",
        details: { reason: "sign_in_required" },
      });
    }
  });

  it("a token with just one of the operation's alternative scopes is let through (any-of)", async () => {
    const failures: string[] = [];
    for (const op of ops.filter((o) => (o.scopes?.length ?? 0) > 1 && !o.accountSecurity)) {
      for (const scope of op.scopes!) {
        const { access_token } = await clientCredentialsToken(client, scope);
        const res = await api(op.method, fill(op.path), { token: access_token, ...(op.hasBody ? { body: {} } : {}) });
        if (res.status === 401 || res.status === 403)
          failures.push(`${op.method} ${op.path} with ${scope}: ${res.status} ${res.text.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("every non-public operation refuses a request without credentials (401)", async () => {
    for (const op of ops.filter((o) => o.security.length > 0)) {
      const res = await api(op.method, fill(op.path), op.hasBody ? { body: {} } : {});
      expect(res.status, `${op.method} ${op.path}`).toBe(401);
    }
  });
});
