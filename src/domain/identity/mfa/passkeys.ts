import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
  VerifiedAuthenticationResponse,
  VerifiedRegistrationResponse,
} from "@simplewebauthn/server";
import {
  acceptAssertionWrite,
  deletePasskeyWrite,
  findPasskeyByCredential,
  findPasskeyOf,
  insertPasskeyWrite,
  insertWebauthnChallengeStatement,
  type PasskeyRow,
  passkeysOf,
  renamePasskeyWrite,
  spendWebauthnChallengeWrite,
  type WebauthnCeremony,
} from "../../../db/passkeys";
import { findUserById } from "../../../db/users";
import { AppError } from "../../../errors";
import { iso } from "../../../lib/clock";
import { sha256Hex, timingSafeEqual } from "../../../lib/crypto";
import { base64url } from "../../../lib/encoding";
import { newId } from "../../../lib/ids";
import type { Context } from "../../context";
import { requireMailer } from "../../mail/outbox";
import { commitWrite } from "../../unit-of-work";
import type { HolderContext } from "../account-holder";

/** How long a WebAuthn ceremony may take (WebAuthn L3 §15.1 recommends 5 minutes with user verification). */
const WEBAUTHN_CHALLENGE_TTL_MS = 5 * 60 * 1000;
const RP_NAME = "Session Analysis";

/**
 * The WebAuthn library (with its ASN.1 and COSE parsers), loaded on the first ceremony rather than
 * when a group whose routes reach this module is built (/v1/users, /v1/auth, the console, the
 * authorization server, …): most of their requests never touch a passkey, and evaluating it was
 * about half of their first request's CPU (docs/performance.md).
 */
const webauthn = () => import("@simplewebauthn/server");
// ES256 (every platform authenticator), EdDSA, RS256 (Windows Hello): COSE ids, RFC 9053 / RFC 8812.
const ALGORITHMS = [-7, -8, -257];

export type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON };

/** The relying party as configured: the RP id (§5.1.4.1) and the one origin whose pages may use it (§7.1 step 9). */
function relyingParty(ctx: Context) {
  let origin = "";
  try {
    origin = new URL(ctx.config.consoleOrigin).origin;
  } catch {
    // An unparsable origin matches no client data: every ceremony is refused.
  }
  return { rpID: ctx.config.webauthnRpId, origin };
}

const challengeHash = (challenge: string) => sha256Hex(`webauthn-challenge:${challenge}`);
/** The user handle (§5.4.3): the user id's bytes, base64url as the response carries it. */
const userHandleOf = (userId: string) => base64url(new TextEncoder().encode(userId));

/** 32 random bytes for a ceremony (§13.4.3: at least 16). */
function newChallengeBytes(): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(32));
}

async function storeChallenge(
  ctx: Context,
  input: { challenge: string; ceremony: WebauthnCeremony; userId: string | null; sid: string | null; now: number },
) {
  const hash = await challengeHash(input.challenge);
  await ctx.commit([
    insertWebauthnChallengeStatement(ctx.db, {
      challengeHash: hash,
      ceremony: input.ceremony,
      userId: input.userId,
      sid: input.sid,
      expiresAt: input.now + WEBAUTHN_CHALLENGE_TTL_MS,
      usedAt: null,
      createdAt: iso(input.now),
    }),
  ]);
}

/** A stored challenge of this ceremony for this user (and session), spent by its first use, valid or not. */
const spendStored =
  (ctx: Context, input: { ceremony: WebauthnCeremony; userId: string | null; sid: string | null; now: number }) =>
  async (challenge: string) =>
    commitWrite(
      ctx,
      spendWebauthnChallengeWrite(ctx.db, { ...input, hash: await challengeHash(challenge), at: iso(input.now) }),
    );

/** A challenge held elsewhere (the sign-in's MFA challenge row): equal, compared in constant time. */
export const expectChallenge = (expected: string | null) => async (challenge: string) =>
  expected !== null && timingSafeEqual(challenge, expected);

export interface PasskeyView {
  id: string;
  name: string;
  deviceType: "singleDevice" | "multiDevice";
  backedUp: boolean;
  transports: string[];
  createdAt: string;
  lastUsedAt: string | null;
}

export function passkeyView(row: PasskeyRow): PasskeyView {
  return {
    id: row.id,
    name: row.name,
    deviceType: row.deviceType,
    backedUp: row.backedUp === 1,
    transports: JSON.parse(row.transports) as string[],
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
  };
}

export async function listPasskeys(ctx: Context, input: { userId: string }): Promise<PasskeyView[]> {
  return (await passkeysOf(ctx.db, input.userId)).map(passkeyView);
}

/**
 * Registration options (§5.4): a discoverable credential (resident key required, so it can sign in
 * without a password) with user verification required; the account's passkeys are excluded so one
 * authenticator is not registered twice. The challenge is single-use, bound to the user and the
 * ceremony, and dies after WEBAUTHN_CHALLENGE_TTL_MS.
 */
export async function passkeyRegistrationOptions(ctx: HolderContext) {
  const now = ctx.now();
  const user = await findUserById(ctx.db, ctx.holder.userId);
  if (!user) throw new AppError("RESOURCE_NOT_FOUND");
  const existing = await passkeysOf(ctx.db, user.id);
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty(ctx).rpID,
    userName: user.email,
    userDisplayName: user.username,
    userID: new TextEncoder().encode(user.id) as Uint8Array<ArrayBuffer>,
    challenge: newChallengeBytes(),
    timeout: WEBAUTHN_CHALLENGE_TTL_MS,
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: JSON.parse(p.transports) })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  await storeChallenge(ctx, {
    challenge: options.challenge,
    ceremony: "registration",
    userId: user.id,
    sid: null,
    now,
  });
  return options;
}

/**
 * Verify a registration (§7.1) against the configured origin and RP id, with user verification, and
 * store the credential. Anything wrong → PASSKEY_INVALID with nothing stored (the challenge is spent
 * by the attempt either way).
 */
export async function verifyPasskeyRegistration(
  ctx: Context,
  input: { userId: string; name: string; response: RegistrationResponseJSON; now: number },
): Promise<PasskeyRow> {
  const { userId } = input;
  const rp = relyingParty(ctx);
  let verified: VerifiedRegistrationResponse;
  try {
    const { verifyRegistrationResponse } = await webauthn();
    verified = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: spendStored(ctx, { ceremony: "registration", userId, sid: null, now: input.now }),
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch {
    throw new AppError("PASSKEY_INVALID");
  }
  if (!verified.verified) throw new AppError("PASSKEY_INVALID");
  const info = verified.registrationInfo;
  const row: PasskeyRow = {
    id: newId("passkey", input.now),
    userId,
    credentialId: info.credential.id,
    publicKey: base64url(info.credential.publicKey),
    counter: info.credential.counter,
    transports: JSON.stringify(input.response.response.transports ?? []),
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp ? 1 : 0,
    name: input.name,
    createdAt: iso(input.now),
    lastUsedAt: null,
  };
  if (!(await commitWrite(ctx, insertPasskeyWrite(ctx.db, row)))) throw new AppError("PASSKEY_ALREADY_REGISTERED");
  return row;
}

/**
 * Request options (§5.5) for the account's passkeys, or for any discoverable one (no user: passwordless).
 * `challenge`: an existing ceremony's own (base64url), to ask again for the same one.
 */
export async function assertionOptions(
  ctx: Context,
  input: { userId: string | null; challenge?: string },
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allow = input.userId ? await passkeysOf(ctx.db, input.userId) : [];
  const { generateAuthenticationOptions } = await webauthn();
  return generateAuthenticationOptions({
    rpID: relyingParty(ctx).rpID,
    challenge: input.challenge === undefined ? newChallengeBytes() : base64urlBytes(input.challenge),
    timeout: WEBAUTHN_CHALLENGE_TTL_MS,
    userVerification: "required",
    allowCredentials: allow.map((p) => ({ id: p.credentialId, transports: JSON.parse(p.transports) })),
  });
}

/** Options for a ceremony whose challenge is stored on its own (step-up, passwordless sign-in). */
export async function storedAssertionOptions(
  ctx: Context,
  input: { ceremony: "step_up" | "sign_in"; userId: string | null; sid: string | null },
) {
  const now = ctx.now();
  const options = await assertionOptions(ctx, { userId: input.userId });
  await storeChallenge(ctx, { ...input, challenge: options.challenge, now });
  return options;
}

/** The stored-challenge check for a step-up or a passwordless sign-in. */
export const storedChallenge = (
  ctx: Context,
  input: { ceremony: "step_up" | "sign_in"; userId: string | null; sid: string | null; now: number },
) => spendStored(ctx, input);

/**
 * Verify an assertion (§7.2): the credential is registered (to `userId` when one is expected), the
 * challenge is the expected one, the origin and RP id are ours, the user was verified, the signature
 * holds, and the counter moves forward (a clone's stale counter is refused, §6.1.1). The passkey on
 * success; PASSKEY_INVALID otherwise, with nothing recorded.
 */
export async function verifyAssertion(
  ctx: Context,
  input: {
    response: AuthenticationResponseJSON;
    userId: string | null;
    expectedChallenge: (challenge: string) => Promise<boolean>;
    now: number;
  },
): Promise<PasskeyRow> {
  const passkey = await findPasskeyByCredential(ctx.db, input.response.id);
  if (!passkey || (input.userId !== null && passkey.userId !== input.userId)) throw new AppError("PASSKEY_INVALID");
  // A discoverable credential names its user (§5.4.3); it must be the one the credential was registered to.
  const handle = input.response.response.userHandle;
  if (handle && !timingSafeEqual(handle, userHandleOf(passkey.userId))) throw new AppError("PASSKEY_INVALID");
  const rp = relyingParty(ctx);
  let verified: VerifiedAuthenticationResponse;
  try {
    const { verifyAuthenticationResponse } = await webauthn();
    verified = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: input.expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: base64urlBytes(passkey.publicKey),
        counter: passkey.counter,
        transports: JSON.parse(passkey.transports),
      },
      requireUserVerification: true,
    });
  } catch {
    throw new AppError("PASSKEY_INVALID");
  }
  if (!verified.verified || !verified.authenticationInfo.userVerified) throw new AppError("PASSKEY_INVALID");
  const accepted = await commitWrite(
    ctx,
    acceptAssertionWrite(ctx.db, {
      id: passkey.id,
      counter: verified.authenticationInfo.newCounter,
      backedUp: verified.authenticationInfo.credentialBackedUp,
      at: iso(input.now),
    }),
  );
  if (!accepted) throw new AppError("PASSKEY_INVALID");
  return passkey;
}

export async function renameOwnPasskey(ctx: HolderContext, input: { id: string; name: string }) {
  const { userId } = ctx.holder;
  if (!(await commitWrite(ctx, renamePasskeyWrite(ctx.db, userId, input.id, input.name))))
    throw new AppError("RESOURCE_NOT_FOUND");
  const row = await findPasskeyOf(ctx.db, userId, input.id);
  if (!row) throw new AppError("RESOURCE_NOT_FOUND");
  return passkeyView(row);
}

/** Another account's passkey is a 404, like a missing one. */
export async function ownPasskey(ctx: Context, input: { userId: string; id: string }) {
  const row = await findPasskeyOf(ctx.db, input.userId, input.id);
  if (!row) throw new AppError("RESOURCE_NOT_FOUND");
  return row;
}

export async function dropPasskey(ctx: Context, input: { userId: string; id: string }) {
  requireMailer(ctx);
  if (!(await commitWrite(ctx, deletePasskeyWrite(ctx.db, input.userId, input.id))))
    throw new AppError("RESOURCE_NOT_FOUND");
}

function base64urlBytes(s: string): Uint8Array<ArrayBuffer> {
  const b64 = s.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
