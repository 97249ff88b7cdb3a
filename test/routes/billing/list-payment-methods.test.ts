// GET /v1/billing/payment-methods, and the family's scope.
import { describe, expect, it } from "vitest";
import { addCard, CARDS } from "../../support/billing";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { tokenWithScopes } from "../../support/tokens";

describe("GET /v1/billing/payment-methods", () => {
  it("lists the caller's cards only; set_default moves the default", async () => {
    const u = await registerUser();
    const other = await registerUser();
    await addCard(other.token);
    const first = await addCard(u.token);
    const second = await addCard(u.token, CARDS.mastercard, { set_default: true });
    const list = await api("GET", "/v1/billing/payment-methods", { token: u.token });
    expect(list.status).toBe(200);
    expect(list.body.data.payment_methods.map((p: any) => [p.id, p.brand, p.is_default])).toEqual([
      [first, "visa", false],
      [second, "mastercard", true],
    ]);
  });
  it("needs a credential with the profile scope", async () => {
    const u = await registerUser();
    expectErrorEnvelope(await api("GET", "/v1/billing/payment-methods"), 401, "AUTHENTICATION_REQUIRED");
    expectErrorEnvelope(
      await api("GET", "/v1/billing/payment-methods", { token: await tokenWithScopes(u.id, ["analytics:read"]) }),
      403,
      "INSUFFICIENT_PERMISSIONS",
    );
  });
});
