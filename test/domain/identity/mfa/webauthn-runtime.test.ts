import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { describe, expect, it } from "vitest";
import { SoftAuthenticator } from "../../../support/webauthn";

const origin = "https://console.example";
const rpID = "console.example";

// The library runs in workerd (WebCrypto, no Node built-ins): both ceremonies end to end, in the pool.
describe("@simplewebauthn/server in workerd", () => {
  it("registers an ES256 credential and verifies its assertion", async () => {
    const authenticator = await SoftAuthenticator.create(origin);
    const creation = await generateRegistrationOptions({ rpName: "Session Analysis", rpID, userName: "ada" });
    const reg = await verifyRegistrationResponse({
      response: await authenticator.register(creation),
      expectedChallenge: creation.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
    });
    expect(reg.verified).toBe(true);
    const request = await generateAuthenticationOptions({ rpID, userVerification: "required" });
    const auth = await verifyAuthenticationResponse({
      response: await authenticator.assert(request),
      expectedChallenge: request.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: reg.registrationInfo!.credential,
    });
    expect(auth.verified).toBe(true);
    expect(auth.authenticationInfo.newCounter).toBe(1);
  });
});
