/**
 * ADMIN_EMAILS is a bootstrap only (docs/decisions.md "Account takeover"): an address listed there
 * becomes an administrator when its holder verifies it with the mailed token
 * (src/domain/identity/email-verification.ts), recorded in admin_audit. A sign-on never grants it.
 * `adminEmails` is Config.adminEmails (lower-cased, trimmed, parsed once in src/context/config.ts).
 */
export function isAdminEmail(adminEmails: readonly string[], email: string): boolean {
  return adminEmails.includes(email.trim().toLowerCase());
}
