import { findUserById } from "../../db/users";
import { AppError } from "../../errors";
import type { UserContext } from "../context";

/**
 * Admin endpoints need the admin scope (checked by the route) and the admin
 * role as it is now in D1 — not as a token says it was when signed — so a
 * demoted admin loses access at once. One read per admin call; admin calls
 * are rare, so the rest of the API keeps trusting the token.
 */
export async function requireAdmin(ctx: UserContext, options: { whenStoreDown?: "trust-token" } = {}): Promise<void> {
  const { principal } = ctx;
  if (principal.role !== "admin") throw notAdmin();
  let role: string | undefined;
  try {
    role = (await findUserById(ctx.db, principal.userId))?.role;
  } catch (err) {
    // The status endpoint must still answer when D1 is down (that is what it reports);
    // there, and only there, the role the token was signed with is trusted meanwhile.
    if (options.whenStoreDown !== "trust-token") throw err;
    console.warn(JSON.stringify({ msg: "admin role read failed; trusting the token's role", error: String(err) }));
    return;
  }
  if (role !== "admin") throw notAdmin();
}

const notAdmin = () =>
  new AppError("INSUFFICIENT_PERMISSIONS", {
    message: "This operation is for administrators.",
    details: { required_role: "admin" },
  });
