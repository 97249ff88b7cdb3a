import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ScimError } from "../../domain/identity/scim/errors";
import { SCIM } from "../../domain/identity/scim/schemas";
import { AppError } from "../../errors";
import type { AppEnv } from "../../http/app-env";
import { errorHeaders } from "../../http/error-headers";
import { statusOf } from "../../http/error-status";
import { onError, toAppError } from "../../http/on-error";

/** RFC 7644 §3.1: SCIM messages are `application/scim+json`. */
const SCIM_CONTENT_TYPE = "application/scim+json; charset=utf-8";

export function scimJson(c: Context<AppEnv>, body: unknown, status: ContentfulStatusCode = 200) {
  c.header("Cache-Control", "no-store");
  return c.body(JSON.stringify(body), status, { "content-type": SCIM_CONTENT_TYPE });
}

/**
 * Every error of a SCIM route in SCIM's format (RFC 7644 §3.12): `status` a string, `scimType` where
 * the RFC defines one, never the /v1 envelope. A catalogue error from a shared rule keeps its status
 * and message; anything unexpected is logged by onError's rules and answered as a bare 500.
 */
export function scimError(err: unknown, c: Context<AppEnv>) {
  let status: number;
  let detail: string;
  let scimType: string | undefined;
  if (err instanceof ScimError) {
    ({ status, detail, scimType } = err);
  } else {
    const appError = toAppError(err);
    if (!(err instanceof AppError)) onError(err, c);
    status = statusOf(appError);
    detail = status >= 500 ? "the service could not complete the request" : appError.message;
    for (const [name, value] of errorHeaders(appError)) if (name === "Retry-After") c.header(name, value);
    c.set("errorCode", appError.code);
  }
  if (status === 401) c.header("WWW-Authenticate", 'Bearer realm="scim"');
  return scimJson(
    c,
    { schemas: [SCIM.error], status: String(status), ...(scimType ? { scimType } : {}), detail },
    status as ContentfulStatusCode,
  );
}
