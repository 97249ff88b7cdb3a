import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api } from "../../support/http";
import { servedOpenApiDocument } from "../../support/openapi";
import { balance, topUp, validSession } from "../../support/sessions";

// Issue 34: where a session is created, re-priced or cancelled the response carries the caller's
// remaining credits (as Unkey's users ask), and the document says so on each of those operations.
describe("X-Credits-Remaining", () => {
  it("creating a session answers the balance after its debit, cancelling it the balance after the refund", async () => {
    const u = await registerUser();
    await topUp(u.id);
    const before = await balance(u.token);

    const created = await api("POST", "/v1/sessions", {
      token: u.token,
      body: validSession({ parameters: { duration: 3600 } }),
      vars: { ANALYSIS_TIME_SCALE: "1" },
    });
    expect(created.status).toBe(201);
    const afterCreate = await balance(u.token);
    expect(afterCreate).toBeLessThan(before);
    expect(created.headers.get("X-Credits-Remaining")).toBe(String(afterCreate));

    const cancelled = await api("DELETE", `/v1/sessions/${created.body.data.id}`, { token: u.token });
    expect(cancelled.status).toBe(200);
    const afterCancel = await balance(u.token);
    expect(afterCancel).toBeGreaterThan(afterCreate);
    expect(cancelled.headers.get("X-Credits-Remaining")).toBe(String(afterCancel));
  });

  it("is documented on the success response of creating, changing and cancelling a session", async () => {
    const doc = await servedOpenApiDocument();
    const header = (path: string, method: string, status: string) =>
      doc.paths[path][method].responses[status].headers?.["X-Credits-Remaining"];
    for (const [path, method, status] of [
      ["/sessions", "post", "201"],
      ["/sessions/{session_id}", "put", "200"],
      ["/sessions/{session_id}", "delete", "200"],
    ] as const) {
      const h = header(path, method, status);
      expect(h, `${method} ${path}`).toBeDefined();
      expect(h.schema, `${method} ${path}`).toMatchObject({ type: "string", pattern: "^\\d+$" });
      expect(h.description, `${method} ${path}`).toMatch(/credits left/i);
    }
  });
});
