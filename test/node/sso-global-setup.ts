import type { TestProject } from "vitest/node";
import { generateKeyPair, type TestKeyPair } from "./sso-keys";

// Signing keys for the SAML verification tests: the IdP's current and next certificate (rotation)
// and an attacker's, fresh per run.
export default function setup(project: TestProject) {
  project.provide("samlKeys", {
    idp: generateKeyPair("idp.test"),
    idpNext: generateKeyPair("idp-next.test"),
    attacker: generateKeyPair("attacker.test"),
  });
}

declare module "vitest" {
  export interface ProvidedContext {
    samlKeys: { idp: TestKeyPair; idpNext: TestKeyPair; attacker: TestKeyPair };
  }
}
