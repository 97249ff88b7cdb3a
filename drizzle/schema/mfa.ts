import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./identity";

/**
 * A user's authenticator app (RFC 6238 TOTP). The shared secret must be readable to check codes, so it
 * is sealed with AES-256-GCM under DATA_ENCRYPTION_KEY (associated data: `mfa_totp:<user id>`). A row
 * without `confirmed_at` is an enrolment not yet proven with a first code: it is not a factor.
 * `last_step` is the last time step accepted: codes of that step or earlier are refused (no replay).
 */
export const mfaTotp = sqliteTable("mfa_totp", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretSealed: text("secret_sealed").notNull(),
  confirmedAt: text("confirmed_at"),
  lastStep: integer("last_step"),
  createdAt: text("created_at").notNull(),
});

/** Single-use recovery codes: SHA-256 of the code (128 random bits), never the code. */
export const mfaRecoveryCodes = sqliteTable(
  "mfa_recovery_codes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: text("used_at"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/**
 * A sign-in whose password was accepted and whose second factor is still owed: SHA-256 of the
 * challenge token, single-use (`used_at`), expiring (`expires_at`, epoch ms), at most
 * MFA_CHALLENGE_MAX_FAILURES wrong codes.
 */
export const mfaChallenges = sqliteTable(
  "mfa_challenges",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    country: text("country").notNull(),
    expiresAt: integer("expires_at").notNull(),
    failures: integer("failures").notNull().default(0),
    usedAt: text("used_at"),
    createdAt: text("created_at").notNull(),
    /** The WebAuthn challenge (base64url) a passkey answers this sign-in's second step with. */
    webauthnChallenge: text("webauthn_challenge"),
  },
  (t) => [index("mfa_challenges_user_idx").on(t.userId)],
);

/** When a sign-in session (an access token's `sid`) last passed a second-factor check (step-up). */
export const mfaChecks = sqliteTable("mfa_checks", {
  sid: text("sid").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  verifiedAt: integer("verified_at").notNull(),
});

/**
 * Wrong second-factor codes counted per subject (issue 44, src/domain/identity/mfa/guessing.ts):
 * `account:<user id>` (every sign-in challenge and step-up of the account) and `sign_in:<sid>` (one
 * sign-in's step-ups). Counted before the code is checked; a correct factor deletes the rows.
 * `locked_until` is epoch milliseconds.
 */
export const mfaAttempts = sqliteTable(
  "mfa_attempts",
  {
    subject: text("subject").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    failures: integer("failures").notNull().default(0),
    lockouts: integer("lockouts").notNull().default(0),
    lockedUntil: integer("locked_until"),
  },
  (t) => [index("mfa_attempts_user_idx").on(t.userId)],
);

/**
 * A passkey (WebAuthn Level 3 public-key credential). `public_key` is the COSE key (base64url), not a
 * secret; `counter` is the signature counter last accepted (an assertion must exceed it unless both
 * are 0, §6.1.1); `device_type` and `backed_up` are the BE and BS flags (§6.1.3).
 */
export const mfaPasskeys = sqliteTable(
  "mfa_passkeys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    credentialId: text("credential_id").notNull(),
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    transports: text("transports").notNull().default("[]"),
    deviceType: text("device_type", { enum: ["singleDevice", "multiDevice"] }).notNull(),
    backedUp: integer("backed_up").notNull().default(0),
    name: text("name").notNull(),
    createdAt: text("created_at").notNull(),
    lastUsedAt: text("last_used_at"),
  },
  (t) => [uniqueIndex("mfa_passkeys_credential_idx").on(t.credentialId), index("mfa_passkeys_user_idx").on(t.userId)],
);

/**
 * A WebAuthn challenge handed out for one ceremony (`registration`, `step_up` or `sign_in`), stored as
 * the SHA-256 of the challenge: single-use (`used_at`), expiring (`expires_at`, epoch ms), bound to the
 * user (none for a passwordless sign-in) and, for step-up, to the sign-in session (`sid`).
 */
export const webauthnChallenges = sqliteTable("webauthn_challenges", {
  challengeHash: text("challenge_hash").primaryKey(),
  ceremony: text("ceremony", { enum: ["registration", "step_up", "sign_in"] }).notNull(),
  userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
  sid: text("sid"),
  expiresAt: integer("expires_at").notNull(),
  usedAt: text("used_at"),
  createdAt: text("created_at").notNull(),
});
