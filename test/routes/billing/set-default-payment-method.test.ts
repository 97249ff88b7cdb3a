// POST /v1/billing/payment-methods/{id}/default. Another account's card: test/security/api1-bola.test.ts too.
import { describe, expect, it } from "vitest";
import { addCard, CARDS, cardsOf } from "../../support/billing";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";

describe("POST /v1/billing/payment-methods/{payment_method_id}/default", () => {
  it("makes another saved card the default; another account's card is a 404 and changes nothing", async () => {
    const u = await registerUser();
    const other = await registerUser();
    const theirs = await addCard(other.token);
    const first = await addCard(u.token);
    const second = await addCard(u.token, CARDS.mastercard);
    const res = await api("POST", `/v1/billing/payment-methods/${second}/default`, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: second, is_default: true, brand: "mastercard" });
    expect(await cardsOf(u.token)).toEqual([
      [first, false],
      [second, true],
    ]);
    expectErrorEnvelope(
      await api("POST", `/v1/billing/payment-methods/${theirs}/default`, { token: u.token }),
      404,
      "RESOURCE_NOT_FOUND",
    );
    expect(await cardsOf(other.token)).toEqual([[theirs, true]]);
    expect(await cardsOf(u.token)).toEqual([
      [first, false],
      [second, true],
    ]);
  });
});
