import { billingHistory } from "../../db/billing-history";
import type { Store } from "../../db/store";
import { invalidField } from "../../errors";
import { DAY_MS, iso } from "../../lib/clock";
import type { Principal } from "../identity/principal";
import { actingAccountRef } from "./accounts";
import { toMajorUnits } from "./catalogue";

export interface HistoryInput {
  limit: number;
  offset: number;
  start_date?: string | undefined;
  end_date?: string | undefined;
}

const nextDay = (date: string): string => iso(Date.parse(`${date}T00:00:00.000Z`) + DAY_MS);

/** Transactions newest first; start_date and end_date are inclusive UTC dates. */
export async function transactionHistory(d1: Store, principal: Principal, q: HistoryInput) {
  if (q.start_date && q.end_date && q.start_date > q.end_date) {
    throw invalidField("end_date", "must not be before start_date", "query");
  }
  const { rows, total } = await billingHistory(d1, {
    accountId: (await actingAccountRef(d1, principal)).id,
    limit: q.limit,
    offset: q.offset,
    from: q.start_date ? `${q.start_date}T00:00:00.000Z` : undefined,
    to: q.end_date ? nextDay(q.end_date) : undefined,
  });
  return {
    transactions: rows.map((r) => ({
      id: r.id,
      type: r.type,
      amount: toMajorUnits(r.amount_cents),
      currency: r.currency,
      credits: r.credits,
      status: r.status,
      created_at: r.created_at,
      description: r.description,
      session: r.session_id ? { id: r.session_id, cue: r.session_cue ?? "", session_type: r.session_type ?? "" } : null,
    })),
    pagination: { total, limit: q.limit, offset: q.offset, has_more: q.offset + rows.length < total },
  };
}
