/**
 * The browser half of the WebAuthn ceremonies (WebAuthn Level 3 §5.1.9–5.1.10): the options the API
 * sends are JSON (base64url challenges and ids); the browser parses them and serializes its result
 * with toJSON(), which the API verifies. No library: Chromium, Firefox and Safari ship these.
 */
type Json = Record<string, unknown>;

interface PublicKeyCredentialStatics {
  parseCreationOptionsFromJSON(options: Json): PublicKeyCredentialCreationOptions;
  parseRequestOptionsFromJSON(options: Json): PublicKeyCredentialRequestOptions;
}

const statics = () => globalThis.PublicKeyCredential as unknown as PublicKeyCredentialStatics | undefined;

/** Whether this browser can use passkeys at all (the buttons are hidden otherwise). */
export const passkeysSupported = () => typeof statics()?.parseRequestOptionsFromJSON === "function";

const asJson = (credential: Credential | null) => {
  if (!credential) throw new Error("No passkey was chosen.");
  return (credential as unknown as { toJSON(): Json }).toJSON();
};

/** navigator.credentials.create() for the API's creation options; the result as the API takes it. */
export async function createPasskey(options: Json): Promise<Json> {
  const publicKey = statics()!.parseCreationOptionsFromJSON(options);
  return asJson(await navigator.credentials.create({ publicKey }));
}

/** navigator.credentials.get() for the API's request options; the result as the API takes it. */
export async function getPasskey(options: Json): Promise<Json> {
  const publicKey = statics()!.parseRequestOptionsFromJSON(options);
  return asJson(await navigator.credentials.get({ publicKey }));
}
