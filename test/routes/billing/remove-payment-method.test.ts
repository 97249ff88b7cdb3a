// DELETE /v1/billing/payment-methods/{id}. Another account's card: test/security/api1-bola.test.ts too.
import { describe, expect, it } from "vitest";
import { addCard, CARDS, cardsOf } from "../../support/billing";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";

describe("DELETE /v1/billing/payment-methods/{payment_method_id}", () => {
  it("removes a card; removing the default promotes the newest remaining card; another's card is a 404", async () => {
    const u = await registerUser();
    const other = await registerUser();
    const theirs = await addCard(other.token);
    const first = await addCard(u.token);
    const second = await addCard(u.token, CARDS.mastercard);
    const third = await addCard(u.token);
    expectErrorEnvelope(
      await api("DELETE", `/v1/billing/payment-methods/${theirs}`, { token: u.token }),
      404,
      "RESOURCE_NOT_FOUND",
    );
    expect(await cardsOf(other.token)).toEqual([[theirs, true]]);
    expect((await api("DELETE", `/v1/billing/payment-methods/${second}`, { token: u.token })).status).toBe(200);
    expect(await cardsOf(u.token)).toEqual([
      [first, true],
      [third, false],
    ]);
    expect((await api("DELETE", `/v1/billing/payment-methods/${first}`, { token: u.token })).status).toBe(200);
    expect(await cardsOf(u.token)).toEqual([[third, true]]);
    expect((await api("DELETE", `/v1/billing/payment-methods/${third}`, { token: u.token })).status).toBe(200);
    expect(await cardsOf(u.token)).toEqual([]);
    expectErrorEnvelope(
      await api("DELETE", `/v1/billing/payment-methods/${third}`, { token: u.token }),
      404,
      "RESOURCE_NOT_FOUND",
    );
    const bad = expectErrorEnvelope(
      await api("DELETE", "/v1/billing/payment-methods/card_1", { token: u.token }),
      422,
      "INVALID_FIELD_VALUE",
    );
    expect(bad.details.field).toBe("payment_method_id");
  });
});
