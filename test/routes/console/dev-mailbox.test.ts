import { describe, expect, it } from "vitest";
import { uniqueEmail } from "../../support/factories";
import { api, apiWithEnv, expectErrorEnvelope } from "../../support/http";

/** The addresses a deployed environment must agree on (src/context/address.ts). */
const deployed = (ENVIRONMENT: string) => ({
  ENVIRONMENT,
  AUTH_ISSUER: "https://api.example.test",
  CONSOLE_ORIGIN: "https://api.example.test",
  WEBAUTHN_RP_ID: "api.example.test",
  MAIL_FROM: "no-reply@api.example.test",
  PAYMENT_GATEWAY: "stripe",
});

/** GET /console/dev/mailbox: the development mailbox of one address, read over HTTP. */
describe("GET /console/dev/mailbox", () => {
  const register = (email: string) =>
    api("POST", "/v1/auth/register", {
      body: { email, username: email.split("@")[0], password: "a long passphrase 42" },
    });

  it("shows the verification mail sent to a new account's address, newest first, and nobody else's", async () => {
    const email = uniqueEmail("mailbox");
    expect((await register(email)).status).toBe(201);
    const res = await api("GET", `/console/dev/mailbox?to=${encodeURIComponent(email.toUpperCase())}`);
    expect(res.status).toBe(200);
    const [newest] = res.body.data.messages;
    expect(newest).toMatchObject({ to: email, type: "email.verification", subject: "Verify your email address" });
    expect(newest.text).toMatch(/sev_[A-Za-z0-9_-]+/);
    const other = await api("GET", `/console/dev/mailbox?to=${encodeURIComponent(uniqueEmail("nobody"))}`);
    expect(other.body.data.messages).toEqual([]);
  });

  it("refuses a missing or malformed address with a validation error", async () => {
    expectErrorEnvelope(await api("GET", "/console/dev/mailbox"), 422, "MISSING_REQUIRED_FIELD");
    expectErrorEnvelope(await api("GET", "/console/dev/mailbox?to=not-an-address"), 422, "INVALID_FIELD_VALUE");
  });

  it("does not exist outside development", async () => {
    for (const ENVIRONMENT of ["staging", "production"]) {
      const res = await apiWithEnv(
        deployed(ENVIRONMENT),
        "GET",
        `/console/dev/mailbox?to=${encodeURIComponent(uniqueEmail())}`,
      );
      expectErrorEnvelope(res, 404, "ROUTE_NOT_FOUND");
    }
  });
});
