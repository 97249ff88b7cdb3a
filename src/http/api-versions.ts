/**
 * API versions by release date (spec part 9). A client pins behaviour with
 * `X-Client-Version: YYYY-MM-DD`; the date resolves to the newest version
 * released on or before it (a date before the first release gets the first;
 * a future date gets the current). Responses say which version served them
 * in `X-API-Version`. Malformed dates → 400 INVALID_FIELD_VALUE.
 */
export const API_VERSIONS = ["2026-11-01"] as const;
export const CURRENT_API_VERSION = API_VERSIONS[API_VERSIONS.length - 1]!;
