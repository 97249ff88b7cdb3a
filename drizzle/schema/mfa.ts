import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
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
