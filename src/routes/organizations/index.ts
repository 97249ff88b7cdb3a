import { router } from "../../http/openapi";
import { mountAcceptInvitation } from "./accept-invitation";
import { mountAuditLog } from "./audit-log";
import { mountChangeRole } from "./change-role";
import { mountCreateOrganization } from "./create";
import { mountDeleteOrganization } from "./delete";
import { mountGetOrganization } from "./get";
import { mountGetOrganizationBilling } from "./get-billing";
import { mountInvite } from "./invite";
import { mountLeaveOrganization } from "./leave";
import { mountListOrganizations } from "./list";
import { mountListInvitations } from "./list-invitations";
import { mountListMembers } from "./list-members";
import { mountMailOutbox } from "./mail-outbox";
import { mountPurchaseForOrganization } from "./purchase";
import { mountRemoveMember } from "./remove-member";
import { mountRenameOrganization } from "./rename";
import { mountRevokeInvitation } from "./revoke-invitation";
import { mountScim } from "./scim";
import { mountSso } from "./sso";
import { mountTransferOwnership } from "./transfer-ownership";
import { mountUpdateOrganizationSettings } from "./update-settings";

export function organizationRoutes() {
  const app = router();
  // Before /{organization_id}/…: "invitations" is not an organization id.
  mountAcceptInvitation(app);
  mountCreateOrganization(app);
  mountListOrganizations(app);
  mountGetOrganization(app);
  mountRenameOrganization(app);
  mountUpdateOrganizationSettings(app);
  mountDeleteOrganization(app);
  mountListMembers(app);
  mountChangeRole(app);
  mountRemoveMember(app);
  mountLeaveOrganization(app);
  mountTransferOwnership(app);
  mountInvite(app);
  mountListInvitations(app);
  mountRevokeInvitation(app);
  mountAuditLog(app);
  mountMailOutbox(app);
  mountGetOrganizationBilling(app);
  mountPurchaseForOrganization(app);
  mountSso(app);
  mountScim(app);
  return app;
}
