import type { ApiKeyRow } from "../../../db/api-keys";
import { parseScopeString } from "../scopes";
import { keyStatus } from "./lifecycle";

export function apiKeyResource(row: ApiKeyRow, now = Date.now()) {
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
    ...keyStatus(row, now),
  };
}
