/**
 * ADMIN_EMAILS is a bootstrap only (docs/decisions.md "Account takeover"): an address listed there
 * becomes an administrator when its holder verifies it with the mailed token
 * (src/domain/identity/email-verification.ts), recorded in admin_audit. A sign-on never grants it.
 */
export function isAdminEmail(adminEmails: string, email: string): boolean {
  return adminEmails
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean)
    .includes(email.toLowerCase());
}
