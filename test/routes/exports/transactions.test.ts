import { describe, expect, it } from "vitest";
import { addCard, CARDS, purchase } from "../../support/billing";
import { csvRecords, ndjsonRecords, parseCsv } from "../../support/exports";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { createSession } from "../../support/sessions";
import { mintToken } from "../../support/tokens";

const COLUMNS = ["id", "type", "amount", "currency", "credits", "status", "created_at", "description"];
const exportOf = (token: string, query = "") => api("GET", `/v1/exports/transactions${query}`, { token });

describe("GET /v1/exports/transactions", () => {
  it("exports the billing history oldest first, with the Transaction fields in order", async () => {
    const u = await registerUser();
    const ok = await purchase(u.token, { credit_package: "starter", payment_method_id: await addCard(u.token) });
    const declined = await purchase(u.token, {
      credit_package: "pro",
      payment_method_id: await addCard(u.token, CARDS.declined),
    });
    const session = await createSession(u.token);

    const res = await exportOf(u.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="transactions-[\d-]+\.csv"$/);
    expect(parseCsv(res.text)[0]).toEqual(COLUMNS);
    const rows = csvRecords(res.text);
    expect(rows.map((r) => [r.type, r.status, r.credits, r.amount])).toEqual([
      ["signup_grant", "completed", "100", "0"],
      ["credit_purchase", "completed", "100", "10"],
      ["credit_purchase", "failed", "2000", expect.any(String)],
      // A debit is a negative number, not a neutralised '-11.
      ["session_debit", "completed", "-11", "0"],
    ]);
    expect(rows[1]!.id).toBe(ok.body.data.transaction_id);
    expect(rows[2]!.id).toBe(declined.body.error.details.transaction_id);
    expect(rows[3]!.description).toContain(session.id);

    // The same rows as GET /billing/history, in the opposite order, in the export's fixed columns
    // (the history's `session` link is the console's, not a column: new columns are only appended).
    const listed = (await api("GET", "/v1/billing/history", { token: u.token })).body.data.transactions;
    const nd = ndjsonRecords((await exportOf(u.token, "?format=ndjson")).text);
    expect(nd).toEqual([...listed].reverse().map(({ session: _session, ...row }) => row));
    expect(Object.keys(nd[0]!)).toEqual(COLUMNS);
  });

  it("filters by created_at dates; shows only the caller's rows; needs analytics:export", async () => {
    const a = await registerUser();
    const b = await registerUser();
    await createSession(b.token);
    expect(csvRecords((await exportOf(a.token, "?end_date=2020-12-31")).text)).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const mine = csvRecords((await exportOf(a.token, `?start_date=${today}`)).text);
    expect(mine.map((r) => r.type)).toEqual(["signup_grant"]);
    const theirs = csvRecords((await exportOf(b.token)).text);
    expect(theirs.map((r) => r.type)).toEqual(["signup_grant", "session_debit"]);
    expect(JSON.stringify(mine)).not.toContain(theirs[0]!.id);

    const readOnly = await mintToken(a.id, { scopes: ["analytics:read"] });
    expectErrorEnvelope(await exportOf(readOnly), 403, "INSUFFICIENT_PERMISSIONS");
    expectErrorEnvelope(await exportOf(a.token, "?start_date=2026-13-01"), 422, "INVALID_FIELD_VALUE");
  });
});
