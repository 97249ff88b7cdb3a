import { balanceOf } from "../../db/credits";
import { actingAccountRef } from "../billing/accounts";
import type { UserContext } from "../context";
import { actingDatabase } from "../shards/accounts";
import { requireSessionScope } from "./families";
import { priceBreakdown } from "./pricing";
import type { SessionParameters, SessionType } from "./types";

/**
 * What creating this session would charge the acting account, with nothing
 * written (docs/decisions.md "Sessions", price quotes): the same formula and
 * scopes as creation, and the balance it would be debited from.
 */
export async function quoteSession(
  ctx: UserContext,
  input: { session_type: SessionType; parameters: SessionParameters },
) {
  const { principal } = ctx;
  requireSessionScope(principal, input.session_type, "write");
  const account = await actingAccountRef(ctx);
  const { credits, lines } = priceBreakdown(input.session_type, input.parameters);
  const balance = await balanceOf(actingDatabase(ctx, principal), account.id);
  return {
    session_type: input.session_type,
    credits_required: credits,
    lines,
    credits_remaining: balance,
    sufficient: balance >= credits,
  };
}
