import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { authenticatorApp } from "../support/totp";
import { CONSOLE_TEST_TIMEOUT, launchChromiumBrowser, openConsolePage, VIEWPORTS } from "./support/browser";
import { mailboxOf, mailedVerificationTokenTo } from "./support/mail";
import { sharedServer } from "./support/shared-server";

/**
 * The account and security pages as a person uses them, in Debian's Chromium against `wrangler dev`:
 * sign up → the "verify your email" banner (resend answers the throttle) → the mailed link verifies →
 * an authenticator app set up from the shown secret (codes computed by the test's own RFC 6238,
 * test/support/totp.ts) → sign out → sign in with the second step → regenerating recovery codes asks
 * for a fresh check (the step-up prompt) → sign in with a recovery code, refused the second time →
 * forgot password → reset from the mailed link → change password in the account settings. At 1280
 * and 390 px, axe-core on each page (no serious or critical violation), no CSP violation, nothing
 * loaded from another host.
 */
const PASSWORDS = ["correct-horse-42", "battery-staple-77", "lighthouse-keeper-9"];

describe("the console's account and security pages in Chromium", () => {
  const server = sharedServer();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromiumBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const viewport of VIEWPORTS) {
    it.concurrent(
      `verify, two-step sign-in, recovery, reset and change at ${viewport.width} px`,
      async ({ expect, onTestFailed }) => {
        const {
          context,
          page,
          check: shot,
          go: nav,
          expectClean,
        } = await openConsolePage(browser, server.url, viewport, { name: "account", onTestFailed });
        const signOut = async () => {
          if (viewport.width < 800) await page.getByRole("button", { name: "Menu" }).click();
          await page.getByRole("button", { name: "Sign out" }).click();
          await page.getByRole("heading", { level: 1, name: "Sign in to the console" }).waitFor();
        };
        const passwordStep = async (email: string, password: string) => {
          await page.getByLabel("Email", { exact: true }).fill(email);
          await page.getByLabel("Password", { exact: true }).fill(password);
          await page.getByRole("button", { name: "Sign in", exact: true }).click();
          await page.getByRole("heading", { level: 1, name: "Two-step verification" }).waitFor();
        };
        const recoveryStep = async (code: string) => {
          await page.getByRole("button", { name: "Use a recovery code instead" }).click();
          await page.getByLabel("Recovery code").fill(code);
          await page.getByRole("button", { name: "Verify" }).click();
        };
        const dashboard = () => page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();

        // Sign up: the banner asks to verify; "resend" within the minute shows the throttle's answer.
        const email = `account.${viewport.name}.${Date.now()}@example.com`;
        await page.goto(`${server.url}/signup`);
        await page.getByLabel("Email", { exact: true }).fill(email);
        await page.getByLabel("Username").fill(`account_${viewport.name}`);
        await page.locator("input[name=password]").fill(PASSWORDS[0]!);
        await page.getByRole("button", { name: "Create account" }).click();
        await dashboard();
        const banner = page.getByRole("region", { name: "Email verification" });
        await expect.poll(() => banner.textContent()).toContain(email);
        await banner.getByRole("button", { name: "Resend the link" }).click();
        await expect
          .poll(() => banner.getByRole("alert").textContent())
          .toMatch(/You can ask for another in \d+ seconds?\./);
        await shot("verify-email-banner");

        // The mailed link's page spends the token on a click; the banner is gone afterwards.
        const token = await mailedVerificationTokenTo(server.url, email);
        await page.goto(`${server.url}/verify-email?token=${encodeURIComponent(token)}`);
        await page.getByRole("heading", { level: 1, name: "Verify your email" }).waitFor();
        await shot("verify-email");
        await page.getByRole("button", { name: "Verify my email" }).click();
        await page.getByText("Your email address is verified.").waitFor();
        await page.getByRole("link", { name: "Go to the console" }).click();
        await dashboard();
        // The console re-reads the user after the click; the dashboard may render before that answer.
        await expect.poll(() => banner.count()).toBe(0);
        // The same link again changes nothing and says so.
        await page.goto(`${server.url}/verify-email?token=${encodeURIComponent(token)}`);
        await page.getByRole("button", { name: "Verify my email" }).click();
        await expect.poll(() => page.getByRole("alert").textContent()).toMatch(/\S/);
        await page.goto(`${server.url}/`);
        await dashboard();

        // A second browser (another device) signed in by password alone, before the app is set up.
        const otherDevice = await openConsolePage(browser, server.url, viewport, {
          name: "account-other",
          onTestFailed,
        });
        const other = otherDevice.page;
        await other.goto(`${server.url}/signin`);
        await other.getByLabel("Email", { exact: true }).fill(email);
        await other.getByLabel("Password", { exact: true }).fill(PASSWORDS[0]!);
        await other.getByRole("button", { name: "Sign in", exact: true }).click();
        await other.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();

        // An authenticator app: QR code and setup key shown once, confirmed with a first code.
        await nav("Security");
        await page.getByRole("button", { name: "Set up an authenticator app" }).click();
        const secret = await page.getByTestId("totp-secret").inputValue();
        expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
        const app = authenticatorApp(secret);
        await expect(page.getByRole("img", { name: /QR code/ }).isVisible()).resolves.toBe(true);
        await page.getByText("Setup link (otpauth URI)").click();
        await expect
          .poll(() => page.getByTestId("otpauth-uri").textContent())
          .toMatch(new RegExp(`^otpauth://totp/.*secret=${secret}`));
        await shot("security-enrol");
        await page.getByLabel("First code from the app").fill(await app.nextCode());
        await page.getByRole("button", { name: "Turn on two-step verification" }).click();
        await page.getByTestId("recovery-codes").waitFor();
        const firstCodes = await page.getByTestId("recovery-codes").locator("code").allTextContents();
        expect(firstCodes).toHaveLength(10);
        await expect.poll(() => page.getByTestId("recovery-remaining").textContent()).toContain("10 of 10");
        await page.getByRole("button", { name: "Remove the authenticator app" }).waitFor();
        await shot("security");

        // On the other device, whose sign-in never passed a second factor, regenerating the recovery
        // codes needs a fresh check: the API answers MFA_REQUIRED, the console prompts for a code, and
        // the action goes through after it.
        await other.goto(`${server.url}/security`);
        await other.getByRole("button", { name: "Regenerate recovery codes" }).click();
        const prompt = other.getByRole("dialog", { name: "Confirm it is you" });
        await prompt.waitFor();
        await otherDevice.check("step-up");
        await prompt.getByLabel("Authentication code").fill(await app.nextCode());
        await prompt.getByRole("button", { name: "Confirm" }).click();
        await other.getByTestId("recovery-codes").waitFor();
        await expect(prompt.isVisible()).resolves.toBe(false);
        const codes = await other.getByTestId("recovery-codes").locator("code").allTextContents();
        expect(codes).toHaveLength(10);
        expect(codes.filter((c) => firstCodes.includes(c))).toEqual([]);
        otherDevice.expectClean(expect);
        await otherDevice.close();

        // Sign out; the password alone no longer signs in: the second step takes the app's code.
        await signOut();
        await passwordStep(email, PASSWORDS[0]!);
        await shot("sign-in-second-step");
        await page.getByLabel("Authentication code").fill(await app.nextCode());
        await page.getByRole("button", { name: "Verify" }).click();
        await dashboard();

        // A recovery code signs in once; the same code again is refused, and so is one of the old set.
        await signOut();
        await passwordStep(email, PASSWORDS[0]!);
        await recoveryStep(codes[0]!);
        await dashboard();
        await signOut();
        await passwordStep(email, PASSWORDS[0]!);
        const refused = () =>
          page.waitForResponse((r) => r.url().endsWith("/console/session/mfa")).then((r) => r.status());
        let answer = refused();
        await recoveryStep(codes[0]!);
        await expect(answer).resolves.toBe(401);
        await expect.poll(() => page.getByRole("alert").textContent()).toContain("already used");
        answer = refused();
        await page.getByLabel("Recovery code").fill(firstCodes[1]!);
        await page.getByRole("button", { name: "Verify" }).click();
        await expect(answer).resolves.toBe(401);
        await expect.poll(() => page.getByRole("alert").textContent()).toContain("already used");
        await expect(context.cookies(server.url)).resolves.not.toContainEqual(
          expect.objectContaining({ name: "sas_session" }),
        );
        await page.getByRole("button", { name: "Start over" }).click();

        // Forgot password: the mailed link's page sets a new one; every sign-in ends.
        await page.getByRole("link", { name: "Forgot your password?" }).click();
        await page.getByRole("heading", { level: 1, name: "Reset your password" }).waitFor();
        await page.getByLabel("Email").fill(email);
        await shot("forgot-password");
        await page.getByRole("button", { name: "Send the reset link" }).click();
        await page.getByText(`If an account uses ${email}, a reset link is on its way.`).waitFor();
        let link = "";
        await expect
          .poll(async () => {
            const mail = (await mailboxOf(server.url, email)).find((m) => m.subject === "Reset your password");
            link = /Choose a new password: (\S+)/.exec(mail?.text ?? "")?.[1] ?? "";
            return link;
          })
          .toMatch(/\/reset-password\?token=/);
        const resetUrl = new URL(link);
        await page.goto(`${server.url}${resetUrl.pathname}${resetUrl.search}`);
        await page.getByRole("heading", { level: 1, name: "Choose a new password" }).waitFor();
        await page.getByLabel(/^New password/).fill(PASSWORDS[1]!);
        await page.getByLabel("Repeat the new password").fill(PASSWORDS[1]!);
        await shot("reset-password");
        await page.getByRole("button", { name: "Set the new password" }).click();
        await page.getByText("Your password was changed and every sign-in ended.").waitFor();
        // The link works once.
        await page.reload();
        await page.getByLabel(/^New password/).fill(PASSWORDS[2]!);
        await page.getByLabel("Repeat the new password").fill(PASSWORDS[2]!);
        await page.getByRole("button", { name: "Set the new password" }).click();
        await page.getByRole("link", { name: "Ask for a new link" }).waitFor();
        await page.goto(`${server.url}/signin`);
        await passwordStep(email, PASSWORDS[1]!);
        await recoveryStep(codes[1]!);
        await dashboard();

        // Change password in the account settings: a wrong current password is refused; the right
        // one ends this sign-in too, and the new password works.
        await nav("Account");
        await page.getByLabel("Current password").fill(PASSWORDS[0]!);
        await page.getByLabel(/^New password/).fill(PASSWORDS[2]!);
        await page.getByLabel("Repeat the new password").fill(PASSWORDS[2]!);
        await page.getByRole("button", { name: "Change password" }).click();
        await expect.poll(() => page.getByRole("alert").textContent()).toMatch(/\S/);
        await page.getByLabel("Current password").fill(PASSWORDS[1]!);
        await shot("account");
        await page.getByRole("button", { name: "Change password" }).click();
        await page.getByText("Your password was changed and every sign-in ended").waitFor();
        await passwordStep(email, PASSWORDS[2]!);
        await recoveryStep(codes[2]!);
        await dashboard();

        expectClean(expect);
        await context.close();
      },
      CONSOLE_TEST_TIMEOUT,
    );
  }
});
