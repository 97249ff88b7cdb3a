/**
 * What keeps the account-security class marked (docs/decisions.md "One rule for the account's own
 * security"), so the matrix (account-security-matrix.test.ts) covers operations nobody has written yet:
 * 1. the proof: domain functions of the class take a HolderContext, whose AccountHolder only
 *    AccountHolder.prove makes, and only the `accountSecurity` route option runs it: a route calling
 *    such a function without the mark cannot get the proof (holderContextOf), and this test finds it;
 * 2. the families: in the served document, every operation that writes where an account's security
 *    lives (its factors, password, email, sign-ins, deletion, and what mints keys and clients) is marked,
 *    and so is every write of an organization's identity connections (SCIM tokens, SAML/OIDC/LDAP).
 */
import { describe, expect, it } from "vitest";
import { servedOpenApiDocument } from "../support/openapi";

const sources = import.meta.glob<string>("../../src/**/*.ts", { query: "?raw", import: "default", eager: true });
const files = Object.entries(sources).map(([path, text]) => ({ path: path.replace("../../", ""), text }));

describe("the account-security mark", () => {
  it("a route reads the holder's proof exactly when it is marked accountSecurity", () => {
    // src/routes/route.ts defines the option (and so names both); the routes are every other file.
    const routes = files.filter((f) => f.path.startsWith("src/routes/") && f.path !== "src/routes/route.ts");
    const mismatched = routes
      .filter((f) => /\bholderContextOf\(c\)/.test(f.text) !== /\baccountSecurity: true\b/.test(f.text))
      .map((f) => f.path);
    expect(mismatched).toEqual([]);
    expect(routes.filter((f) => /\baccountSecurity: true\b/.test(f.text)).length).toBeGreaterThanOrEqual(22);
  });

  it("only the accountSecurity middleware proves a holder, and nothing else makes a HolderContext", () => {
    const provers = files.filter((f) => /AccountHolder\.prove\(/.test(f.text)).map((f) => f.path);
    expect(provers).toEqual(["src/middleware/account-holder.ts"]);
    const casts = files
      .filter((f) => /as (unknown as )?(HolderContext|AccountHolder)\b/.test(f.text))
      .map((f) => f.path);
    expect(casts).toEqual(["src/context/request.ts"]);
  });

  it("every write in the families where an account's security lives is marked in the served document", async () => {
    const doc = (await servedOpenApiDocument()) as { paths: Record<string, Record<string, any>> };
    const family = (method: string, path: string) =>
      method !== "get" &&
      (/^\/users\/me\/(mfa|password|email|sessions)(\/|$)/.test(path) ||
        (method === "delete" && path === "/users/me") ||
        (method === "post" && /^\/(api-keys|oauth\/clients)(\/|$)/.test(path)) ||
        /^\/organizations\/\{organization_id\}\/(scim|sso)\/connections(\/|$)/.test(path));
    const inFamily: string[] = [];
    const unmarked: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!family(method, path)) continue;
        inFamily.push(`${method} ${path}`);
        if (op["x-account-security"] !== true) unmarked.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(inFamily.length).toBeGreaterThanOrEqual(22);
    expect(unmarked).toEqual([]);
  });
});
