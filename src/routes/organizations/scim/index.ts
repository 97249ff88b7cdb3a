import type { Router } from "../../../http/openapi";
import { mountCreateScimConnection } from "./create-connection";
import { mountGetScimConnection } from "./get-connection";
import { mountListScimConnections } from "./list-connections";
import { mountRevokeScimConnection } from "./revoke-connection";
import { mountRotateScimToken } from "./rotate-token";

/** SCIM provisioning connections (docs/sso.md "SCIM"), one operation per file. */
export function mountScim(app: Router) {
  mountCreateScimConnection(app);
  mountListScimConnections(app);
  mountGetScimConnection(app);
  mountRotateScimToken(app);
  mountRevokeScimConnection(app);
}
