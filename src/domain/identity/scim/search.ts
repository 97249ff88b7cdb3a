import type { ScimConnectionRow } from "../../../db/scim-connections";
import type { Context } from "../../context";
import type { Attributes } from "./attributes";
import { ScimError } from "./errors";
import { listScimGroups } from "./groups";
import { type ListQuery, listResponse, MAX_RESULTS, pageOf } from "./protocol";
import { listScimUsers } from "./users";

/**
 * A search at the base URL (RFC 7644 §3.4.3: "POST … on the root endpoint … for all resource
 * types"): Users, then Groups, each with the filter if it applies to them (a filter neither type
 * supports is `invalidFilter`), paged as one list of at most MAX_RESULTS a page.
 */
export async function searchAll(
  ctx: Context,
  input: { connection: ScimConnectionRow; baseUrl: string; query: ListQuery },
) {
  const { offset, limit } = pageOf(input.query);
  const wide = { ...input.query, startIndex: "1", count: String(MAX_RESULTS) };
  const lists = await Promise.all(
    [listScimUsers, listScimGroups].map((list) =>
      list(ctx, { ...input, query: wide }).catch((err: unknown) => {
        if (err instanceof ScimError && err.scimType === "invalidFilter") return null;
        throw err;
      }),
    ),
  );
  const found = lists.filter((l) => l !== null);
  if (found.length === 0) {
    throw new ScimError(400, "the filter applies to no resource type of this service provider", "invalidFilter");
  }
  const resources: Attributes[] = found.flatMap((l) => l.Resources);
  return listResponse({
    resources: resources.slice(offset, offset + limit),
    total: found.reduce((n, l) => n + l.totalResults, 0),
    startIndex: offset + 1,
  });
}
