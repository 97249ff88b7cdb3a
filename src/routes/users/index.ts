import { router } from "../../http/openapi";
import { mountAcceptMyInvitation } from "./accept-invitation";
import { mountDeleteMe } from "./delete-me";
import { mountEndSignIn } from "./delete-session";
import { mountEndOtherSignIns } from "./delete-sessions";
import { mountGetMe } from "./get-me";
import { mountGetStats } from "./get-stats";
import { mountListMyInvitations } from "./list-invitations";
import { mountListSignIns } from "./list-sessions";
import { mountConfirmTotp } from "./mfa/confirm-totp";
import { mountEnrolTotp } from "./mfa/enrol-totp";
import { mountGetMfaStatus } from "./mfa/get-status";
import { mountRegenerateRecoveryCodes } from "./mfa/regenerate-recovery-codes";
import { mountRemoveTotp } from "./mfa/remove-totp";
import { mountPutMe } from "./put-me";
import { mountPutPassword } from "./put-password";
import { mountRequestEmailChange } from "./request-email-change";

export function userRoutes() {
  const app = router();
  mountGetMe(app);
  mountGetStats(app);
  mountPutMe(app);
  mountGetMfaStatus(app);
  mountEnrolTotp(app);
  mountConfirmTotp(app);
  mountRemoveTotp(app);
  mountRegenerateRecoveryCodes(app);
  mountPutPassword(app);
  mountListSignIns(app);
  mountEndOtherSignIns(app);
  mountEndSignIn(app);
  mountDeleteMe(app);
  mountRequestEmailChange(app);
  mountListMyInvitations(app);
  mountAcceptMyInvitation(app);
  return app;
}
