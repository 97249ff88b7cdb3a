// POST /v1/billing/payment-methods: what is kept of a card, the refusals, the default.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CARDS } from "../../support/billing";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";

const add = (token: string, body: Record<string, unknown>) =>
  api("POST", "/v1/billing/payment-methods", {
    token,
    body: { number: CARDS.visa, exp_month: 12, exp_year: 2034, cvc: "123", ...body },
  });

describe("POST /v1/billing/payment-methods", () => {
  it("saves a test card keeping only brand, last four and expiry; the first becomes the default", async () => {
    const u = await registerUser();
    const res = await add(u.token, { number: "4242 4242 4242 4242", exp_month: 3 });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      type: "card",
      brand: "visa",
      last_four: "4242",
      expiry: "03/34",
      is_default: true,
    });
    expect(res.body.data.id).toMatch(/^pm_\d+$/);
    const row = await env.DB.prepare("SELECT * FROM payment_methods WHERE id = ?").bind(res.body.data.id).first();
    expect(JSON.stringify(row)).not.toContain(CARDS.visa);
    expect(Object.values(row!)).not.toContain("123"); // nor the CVC
  });
  it.each([
    [{ number: "4242424242424241" }, "number", "incorrect_number"],
    [{ number: "4111111111111111" }, "number", "card_declined"], // valid Luhn but not a test card
    [{ exp_month: 1, exp_year: 2020 }, "exp_year", "expired_card"],
  ])("declines %j with 402 on %s (%s), as a declined charge is", async (body, field, declineCode) => {
    const u = await registerUser();
    const err = expectErrorEnvelope(await add(u.token, body), 402, "PAYMENT_DECLINED");
    expect(err.details).toMatchObject({ field, decline_code: declineCode });
    // Nothing saved.
    const list = await api("GET", "/v1/billing/payment-methods", { token: u.token });
    expect(list.body.data.payment_methods).toEqual([]);
  });
  it.each([
    [{ number: "abcd" }, "number"],
    [{ number: "4242-4242-4242-4242x" }, "number"],
    [{ exp_month: 13 }, "exp_month"],
    [{ cvc: "12" }, "cvc"],
  ])("refuses %j with 422 on %s", async (body, field) => {
    const u = await registerUser();
    const err = expectErrorEnvelope(await add(u.token, body), 422, "INVALID_FIELD_VALUE");
    expect(err.details.field).toBe(field);
  });

  it("a card whose first charge is declined never becomes the default; a card that pays does", async () => {
    const methods = async (token: string) =>
      (await api("GET", "/v1/billing/payment-methods", { token })).body.data.payment_methods as any[];
    // An account without a card pays with a processor id the issuer declines: it is kept, not made the default.
    const u = await registerUser();
    const declined = await api("POST", "/v1/billing/credits/purchase", {
      token: u.token,
      body: { credit_package: "starter", payment_method_id: "pm_card_chargeDeclined", quantity: 1 },
    });
    expectErrorEnvelope(declined, 402, "PAYMENT_DECLINED");
    expect((await methods(u.token)).map((m) => [m.last_four, m.is_default])).toEqual([["0002", false]]);
    // The next card that pays becomes the default.
    const paid = await api("POST", "/v1/billing/credits/purchase", {
      token: u.token,
      body: { credit_package: "starter", payment_method_id: "pm_card_visa", quantity: 1 },
    });
    expect(paid.status, paid.text).toBe(201);
    expect((await methods(u.token)).find((m) => m.is_default)?.last_four).toBe("4242");
    // A plan upgrade naming a declined card (asked to become the default) leaves the default as it was.
    const upgrade = await api("PUT", "/v1/billing/plan", {
      token: u.token,
      body: { tier: "professional", payment_method_id: "pm_card_chargeDeclinedInsufficientFunds" },
    });
    expectErrorEnvelope(upgrade, 402, "PAYMENT_DECLINED");
    const after = await methods(u.token);
    expect(after.filter((m) => m.is_default).map((m) => m.last_four)).toEqual(["4242"]);
    expect(after.find((m) => m.last_four === "9995")?.is_default).toBe(false);
  });
});
