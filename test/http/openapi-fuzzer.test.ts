import { describe, expect, it } from "vitest";
import { registerUser } from "../support/factories";
import { api } from "../support/http";
import { servedOpenApiDocument } from "../support/openapi";

// What a third-party fuzzer (Schemathesis, scripts/schemathesis.sh) reads in the served document and
// checks against the service: links from a created resource to the operations on it, and the
// refusals every operation can answer (docs/decisions.md, "API fuzzer").
describe("the served document, as a fuzzer follows it", () => {
  it("links a created resource's id to the operations on it (OpenAPI links)", async () => {
    const doc = await servedOpenApiDocument();
    const links = doc.paths["/sessions"].post.responses["201"].links;
    expect(links.getSession).toEqual({
      operationId: "getSession",
      parameters: { session_id: "$response.body#/data/id" },
      description: expect.any(String),
    });
    expect(Object.keys(links).sort()).toEqual(
      ["cancelSession", "getSession", "getSessionAnalysis", "getSessionAnalysisHistory", "updateSession"].sort(),
    );
    expect(doc.paths["/webhooks"].post.responses["201"].links.deleteWebhook.parameters).toEqual({
      webhook_id: "$response.body#/data/id",
    });
    expect(doc.paths["/oauth/clients"].post.responses["201"].links.getOAuthClient.parameters).toEqual({
      client_id: "$response.body#/data/client_id",
    });
    expect(
      doc.paths["/organizations/{organization_id}/invitations"].post.responses["201"].links.revokeOrganizationInvitation
        .parameters,
    ).toEqual({ invitation_id: "$response.body#/data/id", organization_id: "$request.path.organization_id" });
    // Every link names an operation the document has.
    const ids = new Set<string>();
    for (const item of Object.values<any>(doc.paths))
      for (const op of Object.values<any>(item)) if (op?.operationId) ids.add(op.operationId);
    for (const item of Object.values<any>(doc.paths))
      for (const op of Object.values<any>(item))
        for (const response of Object.values<any>(op?.responses ?? {}))
          for (const link of Object.values<any>(response.links ?? {})) expect(ids.has(link.operationId)).toBe(true);
  });

  it("documents the 400 a malformed header gets and the 404 a stranger's organization gets, and answers them", async () => {
    const doc = await servedOpenApiDocument();
    const me = doc.paths["/users/me"].get;
    expect(me.responses["400"].description).toContain("INVALID_FIELD_VALUE");
    expect(me.responses["404"].description).toContain("RESOURCE_NOT_FOUND");
    const u = await registerUser();
    const badVersion = await api("GET", "/v1/users/me", { token: u.token, headers: { "X-Client-Version": "soon" } });
    expect([badVersion.status, badVersion.body.error.code]).toEqual([400, "INVALID_FIELD_VALUE"]);
    const stranger = await api("GET", "/v1/users/me", {
      token: u.token,
      headers: { "X-Organization-Id": "org_1763776000000123456" },
    });
    expect([stranger.status, stranger.body.error.code]).toEqual([404, "RESOURCE_NOT_FOUND"]);
  });

  it("says 'exactly one of' and 'at least one of' in the bodies that need them", async () => {
    const doc = await servedOpenApiDocument();
    expect(doc.components.schemas.MfaStepUpRequest.oneOf).toEqual(
      expect.arrayContaining([{ required: ["code"] }, { required: ["recovery_code"] }]),
    );
    expect(doc.components.schemas.UpdateWebhookRequest.anyOf).toHaveLength(4);
  });
});
