import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A software authenticator for the Workers-pool tests: an ES256 (P-256) key made with WebCrypto that
 * answers registration and authentication ceremonies exactly as WebAuthn Level 3 lays the bytes out
 * (§6.1 authenticator data, §6.5.4 attested credential data, §8.7 "none" attestation, §6.3.3 the
 * assertion signature over authenticatorData ‖ SHA-256(clientDataJSON)). Every field a test wants to
 * get wrong (origin, RP id, challenge, counter, UV flag) is a parameter.
 */

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

const enc = new TextEncoder();
const sha256 = async (data: Uint8Array) =>
  new Uint8Array(await crypto.subtle.digest("SHA-256", data as Uint8Array<ArrayBuffer>));
const b64url = (bytes: Uint8Array) => isoBase64URL.fromBuffer(bytes as Uint8Array<ArrayBuffer>);

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const u32 = (n: number) => new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

/** WebCrypto signs ECDSA as r ‖ s (IEEE P1363); WebAuthn carries it DER-encoded (§6.5.5, RFC 3279). */
function derSignature(raw: Uint8Array): Uint8Array {
  const int = (bytes: Uint8Array) => {
    let i = 0;
    while (i < bytes.length - 1 && bytes[i] === 0) i++;
    let v = bytes.slice(i);
    if (v[0]! & 0x80) v = concat(new Uint8Array([0]), v);
    return concat(new Uint8Array([0x02, v.length]), v);
  };
  const body = concat(int(raw.slice(0, 32)), int(raw.slice(32)));
  return concat(new Uint8Array([0x30, body.length]), body);
}

export interface CeremonyOverrides {
  /** The page's origin the browser would report (default: the test's expected origin). */
  origin?: string;
  /** The RP id whose hash goes into the authenticator data (default: the options' RP id). */
  rpId?: string;
  /** Replace the challenge the client signs (an assertion for another challenge). */
  challenge?: string;
  /** The UV flag (default: set). */
  userVerified?: boolean;
  /** The signature counter to report (default: the authenticator's next). */
  counter?: number;
}

export class SoftAuthenticator {
  readonly credentialId = crypto.getRandomValues(new Uint8Array(16));
  counter = 0;
  userHandle: string | undefined;
  private constructor(
    private readonly keys: CryptoKeyPair,
    readonly defaultOrigin: string,
    /** Backup eligible and backed up (a synced passkey): the BE and BS flags. */
    readonly backedUp: boolean,
  ) {}

  static async create(origin: string, opts: { backedUp?: boolean } = {}) {
    const keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
      "sign",
      "verify",
    ])) as CryptoKeyPair;
    return new SoftAuthenticator(keys, origin, opts.backedUp ?? false);
  }

  get id() {
    return b64url(this.credentialId);
  }

  /** A copy holding the same key and counter (a cloned authenticator, WebAuthn §6.1.1). */
  clone(): SoftAuthenticator {
    const twin = new SoftAuthenticator(this.keys, this.defaultOrigin, this.backedUp);
    twin.credentialId.set(this.credentialId);
    twin.counter = this.counter;
    twin.userHandle = this.userHandle;
    return twin;
  }

  private flags(uv: boolean, extra = 0) {
    let f = FLAG_UP | extra;
    if (uv) f |= FLAG_UV;
    if (this.backedUp) f |= FLAG_BE | FLAG_BS;
    return f;
  }

  private async coseKey(): Promise<Uint8Array> {
    const jwk = (await crypto.subtle.exportKey("jwk", this.keys.publicKey)) as JsonWebKey;
    const map = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]);
    return isoCBOR.encode(map);
  }

  private clientData(type: string, challenge: string, origin: string) {
    return enc.encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create() for `options` (PublicKeyCredentialCreationOptionsJSON). */
  async register(options: { challenge: string; rp: { id?: string }; user: { id: string } }, o: CeremonyOverrides = {}) {
    this.userHandle = options.user.id;
    const rpId = o.rpId ?? options.rp.id ?? "";
    const clientDataJSON = this.clientData(
      "webauthn.create",
      o.challenge ?? options.challenge,
      o.origin ?? this.defaultOrigin,
    );
    const authData = concat(
      await sha256(enc.encode(rpId)),
      new Uint8Array([this.flags(o.userVerified ?? true, FLAG_AT)]),
      u32(o.counter ?? this.counter),
      new Uint8Array(16), // AAGUID: all zero (no attestation)
      new Uint8Array([0, this.credentialId.length]),
      this.credentialId,
      await this.coseKey(),
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]) as never,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
    };
  }

  /** navigator.credentials.get() for `options` (PublicKeyCredentialRequestOptionsJSON). */
  async assert(options: { challenge: string; rpId?: string }, o: CeremonyOverrides = {}) {
    const rpId = o.rpId ?? options.rpId ?? "";
    const counter = o.counter ?? ++this.counter;
    const clientDataJSON = this.clientData(
      "webauthn.get",
      o.challenge ?? options.challenge,
      o.origin ?? this.defaultOrigin,
    );
    const authenticatorData = concat(
      await sha256(enc.encode(rpId)),
      new Uint8Array([this.flags(o.userVerified ?? true)]),
      u32(counter),
    );
    const signed = concat(authenticatorData, await sha256(clientDataJSON));
    const raw = new Uint8Array(
      await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, this.keys.privateKey, signed),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(derSignature(raw)),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
    };
  }
}
