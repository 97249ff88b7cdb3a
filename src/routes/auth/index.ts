import { router } from "../../http/openapi";
import { mountConfirmEmailChange } from "./email-change-confirm";
import { mountLdapLogin } from "./ldap";
import { mountLogin } from "./login";
import { mountLogout } from "./logout";
import { mountMfaStepUp } from "./mfa-step-up";
import { mountMfaStepUpOptions } from "./mfa-step-up-options";
import { mountMfaVerify } from "./mfa-verify";
import { mountPasskeyLogin } from "./passkey-login";
import { mountPasskeyOptions } from "./passkey-options";
import { mountPasswordForgot } from "./password-forgot";
import { mountPasswordReset } from "./password-reset";
import { mountRefresh } from "./refresh";
import { mountRegister } from "./register";
import { mountResendVerification } from "./resend-verification";
import { mountVerifyEmail } from "./verify-email";

export function authRoutes() {
  const app = router();
  mountRegister(app);
  mountLogin(app);
  mountLdapLogin(app);
  mountRefresh(app);
  mountLogout(app);
  mountMfaVerify(app);
  mountMfaStepUp(app);
  mountMfaStepUpOptions(app);
  mountPasskeyOptions(app);
  mountPasskeyLogin(app);
  mountPasswordForgot(app);
  mountPasswordReset(app);
  mountVerifyEmail(app);
  mountResendVerification(app);
  mountConfirmEmailChange(app);
  return app;
}
