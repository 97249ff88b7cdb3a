import type { Router } from "../../../http/openapi";
import { mountAddSsoDomain } from "./add-domain";
import { mountCreateSsoConnection } from "./create-connection";
import { mountDeleteSsoConnection } from "./delete-connection";
import { mountGetSsoConnection } from "./get-connection";
import { mountListSsoConnections } from "./list-connections";
import { mountListSsoDomains } from "./list-domains";
import { mountUpdateSsoConnection } from "./update-connection";
import { mountVerifySsoDomain } from "./verify-domain";

/** Single sign-on administration: SAML/LDAP connections and verified email domains, one operation per file. */
export function mountSso(app: Router) {
  mountCreateSsoConnection(app);
  mountListSsoConnections(app);
  mountGetSsoConnection(app);
  mountUpdateSsoConnection(app);
  mountDeleteSsoConnection(app);
  mountAddSsoDomain(app);
  mountListSsoDomains(app);
  mountVerifySsoDomain(app);
}
