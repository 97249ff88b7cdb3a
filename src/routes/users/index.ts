import { router } from "../../http/openapi";
import { mountGetMe } from "./get-me";
import { mountGetStats } from "./get-stats";
import { mountConfirmTotp } from "./mfa/confirm-totp";
import { mountEnrolTotp } from "./mfa/enrol-totp";
import { mountGetMfaStatus } from "./mfa/get-status";
import { mountListPasskeys } from "./mfa/list-passkeys";
import { mountPasskeyOptions } from "./mfa/passkey-options";
import { mountRegenerateRecoveryCodes } from "./mfa/regenerate-recovery-codes";
import { mountRegisterPasskey } from "./mfa/register-passkey";
import { mountRemovePasskey } from "./mfa/remove-passkey";
import { mountRemoveTotp } from "./mfa/remove-totp";
import { mountRenamePasskey } from "./mfa/rename-passkey";
import { mountPutMe } from "./put-me";
import { mountPutPassword } from "./put-password";

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
  mountPasskeyOptions(app);
  mountRegisterPasskey(app);
  mountListPasskeys(app);
  mountRenamePasskey(app);
  mountRemovePasskey(app);
  mountPutPassword(app);
  return app;
}
