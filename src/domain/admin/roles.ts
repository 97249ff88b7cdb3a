import { adminRoleStatements } from "../../db/admin-audit";
import { findUserById } from "../../db/users";
import { AppError } from "../../errors";
import { iso } from "../../lib/clock";
import { newId } from "../../lib/ids";
import type { UserContext } from "../context";
import { requireAdmin } from "./require-admin";

/**
 * An administrator names or removes another (issue 27): `users.role` and its admin_audit row, in
 * one batch (the row only when the role changed). The other way is `npm run admin:grant`; a
 * sign-on never grants the role.
 */
export async function setServiceRole(ctx: UserContext, input: { userId: string; role: "admin" | "user" }) {
  const { db: d1, principal } = ctx;
  const now = ctx.now();
  await requireAdmin(ctx);
  const user = await findUserById(d1, input.userId);
  if (!user) throw new AppError("RESOURCE_NOT_FOUND", { message: "User not found.", details: { resource: "user" } });
  await ctx.commit(
    adminRoleStatements(d1, {
      id: newId("aud", now),
      userId: user.id,
      action: input.role === "admin" ? "granted" : "revoked",
      actor: principal.userId,
      at: iso(now),
    }),
  );
  return { user_id: user.id, role: input.role };
}
