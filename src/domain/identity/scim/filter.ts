import { parse } from "scim2-parse-filter";
import { ScimError } from "./errors";

/**
 * The filters a list supports (RFC 7644 §3.4.2.2): one `eq` comparison of a string with one of
 * `attributes`, the form Okta, Entra ID and Google Workspace send (`userName eq "…"`,
 * `externalId eq "…"`, `displayName eq "…"`). The expression is parsed by scim2-parse-filter; any other
 * operator, attribute, logical expression or value is refused with `invalidFilter` rather than
 * answered wrongly.
 */
export function equalityFilter<A extends string>(
  filter: string | undefined,
  attributes: readonly A[],
): { attribute: A; value: string } | null {
  if (filter === undefined || filter.trim() === "") return null;
  let ast: ReturnType<typeof parse>;
  try {
    ast = parse(filter);
  } catch {
    throw new ScimError(400, "the filter is not a SCIM filter expression (RFC 7644 §3.4.2.2)", "invalidFilter");
  }
  const refuse = () =>
    new ScimError(
      400,
      `only \`<attribute> eq "<value>"\` is supported, with the attribute one of ${attributes.join(", ")}`,
      "invalidFilter",
    );
  if (ast.op !== "eq" || !("attrPath" in ast) || !("compValue" in ast)) throw refuse();
  const path = ast.attrPath.replace(/^urn:ietf:params:scim:schemas:core:2\.0:(User|Group):/i, "").toLowerCase();
  const attribute = attributes.find((a) => a.toLowerCase() === path);
  if (!attribute || typeof ast.compValue !== "string") throw refuse();
  return { attribute, value: ast.compValue };
}
