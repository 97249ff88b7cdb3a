import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { CONSOLE_TEST_TIMEOUT, launchChromiumBrowser, openConsolePage, VIEWPORTS } from "./support/browser";
import { mailboxOf, mailedVerificationTokenTo } from "./support/mail";
import { sharedServer } from "./support/shared-server";

/**
 * The account's life in Debian's Chromium against `wrangler dev`, reading mail over the dev server's
 * KV mailbox helper: sign up and verify → a second sign-in appears in "Where you are signed in" and
 * is signed out from there → an invitation from an organization shows on the account page and its
 * page joins in one click → change email, confirmed from the mailed link → deleting the account
 * is refused while the only owner of an organization (named) → deleted once not. axe-core clean at
 * 1280 and 390 px.
 */
const PASSWORD = "correct-horse-42";

describe("the console's sign-ins, invitations, email change and deletion in Chromium", () => {
  const server = sharedServer();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromiumBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const call = async (method: string, path: string, token?: string, body?: unknown, ip = "198.51.100.77") => {
    const res = await fetch(`${server.url}/v1${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        "cf-connecting-ip": ip,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  for (const viewport of VIEWPORTS) {
    it.concurrent(
      `sign-ins, invitation, email change and deletion at ${viewport.width} px`,
      async ({ expect, onTestFailed }) => {
        const { context, page, check, expectClean } = await openConsolePage(browser, server.url, viewport, {
          name: "account-life",
          onTestFailed,
        });
        const stamp = `${viewport.name}.${Date.now()}`;
        const email = `life.${stamp}@example.com`;

        await page.goto(`${server.url}/signup`);
        await page.getByLabel("Email", { exact: true }).fill(email);
        await page.getByLabel("Username").fill(`life_${viewport.name}`);
        await page.locator("input[name=password]").fill(PASSWORD);
        await page.getByRole("button", { name: "Create account" }).click();
        await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
        const token = await mailedVerificationTokenTo(server.url, email);
        expect((await call("POST", "/auth/email/verify", undefined, { token })).status).toBe(200);

        // Another device signs in; the account page lists it and signs it out.
        const other = await call("POST", "/auth/login", undefined, { email, password: PASSWORD });
        expect(other.status).toBe(200);
        const third = await call("POST", "/auth/login", undefined, { email, password: PASSWORD });
        expect(third.status).toBe(200);
        // An organization invites this address.
        const owner = await call("POST", "/auth/register", undefined, {
          email: `owner.${stamp}@example.com`,
          username: "owner_olga",
          password: PASSWORD,
          tier: "basic",
          marketing_consent: false,
        });
        const ownerToken = owner.body.data.token as string;
        const org = await call("POST", "/organizations", ownerToken, { name: `Team ${viewport.name}` });
        const invitation = await call("POST", `/organizations/${org.body.data.id}/invitations`, ownerToken, {
          email,
          role: "member",
        });
        expect(invitation.status).toBe(201);

        await page.goto(`${server.url}/account`);
        await page.getByRole("heading", { level: 1, name: "Account" }).waitFor();
        const signIns = page.getByRole("list", { name: "Active sign-ins" });
        // The console's own sign-in (marked) and at least the two other devices'.
        await expect.poll(() => signIns.getByRole("listitem").count()).toBeGreaterThanOrEqual(3);
        await expect.poll(() => signIns.textContent()).toContain("This browser");
        await check("account-life");
        const before = await signIns.getByRole("listitem").count();
        await signIns
          .getByRole("button", { name: /^Sign out / })
          .first()
          .click();
        await expect.poll(() => signIns.getByRole("listitem").count()).toBe(before - 1);
        await page.getByRole("button", { name: "Sign out everywhere else" }).click();
        await expect.poll(() => signIns.getByRole("listitem").count()).toBe(1);
        await expect.poll(() => signIns.textContent()).toContain("This browser");
        expect((await call("GET", "/users/me", other.body.data.token)).status).toBe(401);

        // The invitation: listed, its page names organization, inviter and role, one click joins.
        await page.getByRole("list", { name: "Pending invitations" }).getByRole("link").click();
        await page.getByText("owner_olga invited you to join").waitFor();
        await check("invitation");
        await page.getByRole("button", { name: `Join Team ${viewport.name}` }).click();
        await page.getByRole("heading", { level: 1, name: "Organizations" }).waitFor();

        // Deleting is refused while this person is the only owner of an organization, which is named.
        const self = await call("POST", "/auth/login", undefined, { email, password: PASSWORD });
        const mine = (await call("POST", "/organizations", self.body.data.token, { name: "Only Mine Ltd" })).status;
        expect(mine).toBe(201);
        await page.goto(`${server.url}/account`);
        await page.getByLabel("Password to confirm").fill(PASSWORD);
        await page.getByRole("button", { name: "Delete my account" }).click();
        await expect.poll(() => page.getByRole("alert").textContent()).toContain("Only Mine Ltd");

        // Change email: confirmed from the link mailed to the new address; then sign in with it.
        const newEmail = `moved.${stamp}@example.com`;
        await page.getByLabel("New email").fill(newEmail);
        await page.getByLabel("Your password").fill(PASSWORD);
        await page.getByRole("button", { name: "Send the confirmation link" }).click();
        await page.getByText(`We mailed a confirmation link to ${newEmail}`).waitFor();
        let link = "";
        await expect
          .poll(async () => {
            const mail = (await mailboxOf(server.url, newEmail)).find((m) => m.type === "email.change_confirm");
            link = /https?:\/\/\S+confirm-email\?token=\S+/.exec(mail?.text ?? "")?.[0] ?? "";
            return link;
          })
          .toMatch(/token=sace_/);
        await page.goto(`${server.url}/confirm-email?${new URL(link).searchParams.toString()}`);
        await check("confirm-email");
        await page.getByRole("button", { name: "Confirm the new email" }).click();
        await page.getByText("Your email address was changed.").waitFor();
        expect((await call("POST", "/auth/login", undefined, { email: newEmail, password: PASSWORD })).status).toBe(
          200,
        );

        expectClean(expect);
        await context.close();
      },
      CONSOLE_TEST_TIMEOUT,
    );
  }
});
