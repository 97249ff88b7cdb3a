import type { ApiKeyRow } from "../../../db/api-keys";
import { parseScopeString } from "../scopes";
import { keyStatus } from "./lifecycle";

/** The API key as the API shows it, its state at `now` (the request's clock). */
export function apiKeyResource(row: ApiKeyRow, now: number) {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: parseScopeString(row.scopes),
    created_at: row.createdAt,
    expires_at: row.expiresAt,
    last_used_at: row.lastUsedAt,
    revoked_at: row.revokedAt,
    replaced_by: row.replacedBy,
    organization_id: row.organizationId,
    ...keyStatus(row, now),
  };
}
