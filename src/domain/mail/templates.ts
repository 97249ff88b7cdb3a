/**
 * Every message the service sends, in one place: plain text plus simple HTML, each with a link
 * back to the console (CONSOLE_ORIGIN). Values are escaped in the HTML part; links carry tokens
 * in the fragment-free query of a console page that posts them to the API (never a GET that acts).
 */
export type MailTemplate =
  | {
      type: "organization.invitation";
      organization: string;
      inviter: string;
      role: string;
      token: string;
      /** The console's invitation page (`/invitations/<id>`): it shows and accepts for the signed-in addressee. */
      invitationId?: string;
      expiresAt: string;
    }
  | { type: "password.reset"; token: string; minutes: number }
  | { type: "password.changed"; how: "reset" | "change" }
  | { type: "email.change_confirm"; newEmail: string; token: string; minutes: number }
  | { type: "email.change_notice"; newEmail: string }
  | { type: "email.changed"; newEmail: string }
  | { type: "account.deleted" }
  | { type: "email.verification"; endpoint: string; token: string; expiresAt: string }
  | { type: "mfa.changed"; summary: string; requestId: string; ip: string }
  | { type: "mfa.locked"; summary: string; requestId: string; ip: string }
  | { type: "webhook.disabled"; url: string; failingSince: string; disabledAt: string };

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/** One paragraph per entry; a `{link}` entry becomes a button-like link. */
type Block = string | { link: string; label: string };

function render(subject: string, blocks: Block[]): RenderedMail {
  const text = blocks.map((b) => (typeof b === "string" ? b : `${b.label}: ${b.link}`)).join("\n\n");
  const body = blocks
    .map((b) =>
      typeof b === "string"
        ? `<p>${escapeHtml(b)}</p>`
        : `<p><a href="${escapeHtml(b.link)}" style="display:inline-block;padding:8px 16px;background:#1f4fd1;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(b.label)}</a></p>`,
    )
    .join("\n");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">\n${body}\n<p style="color:#555;font-size:13px">Session Analysis Service</p></body></html>`;
  return { subject, text: `${text}\n\n-- \nSession Analysis Service\n`, html };
}

export function renderMail(template: MailTemplate, consoleOrigin: string): RenderedMail {
  const origin = consoleOrigin.replace(/\/+$/, "");
  const page = (path: string, params: Record<string, string> = {}) => {
    const url = new URL(path, `${origin}/`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url.toString();
  };
  switch (template.type) {
    case "organization.invitation":
      return render(`You are invited to join ${template.organization}`, [
        `${template.inviter} invited you to join the organization "${template.organization}" as ${template.role}.`,
        {
          label: "See the invitation",
          link: template.invitationId
            ? page(`/invitations/${encodeURIComponent(template.invitationId)}`, { token: template.token })
            : page("/invitations/accept", { token: template.token }),
        },
        `Sign in (or sign up) with this email address to accept. The invitation expires at ${template.expiresAt}.`,
      ]);
    case "password.reset":
      return render("Reset your password", [
        "Someone asked to reset the password of your Session Analysis account.",
        { label: "Choose a new password", link: page("/reset-password", { token: template.token }) },
        `The link works once and expires in ${template.minutes} minutes. If you did not ask for it, ignore this message: your password is unchanged.`,
      ]);
    case "password.changed":
      return render("Your password was changed", [
        template.how === "reset"
          ? "The password of your Session Analysis account was reset with a link sent to this address."
          : "The password of your Session Analysis account was changed.",
        "Every sign-in and refresh token of the account was ended; API keys are unchanged.",
        "If this was not you, reset your password now and review your API keys.",
        { label: "Reset your password", link: page("/forgot-password") },
      ]);
    case "email.change_confirm":
      return render("Confirm your new email address", [
        `Confirm that ${template.newEmail} is the new email address of your Session Analysis account.`,
        { label: "Confirm this address", link: page("/confirm-email", { token: template.token }) },
        `The link works once and expires in ${template.minutes} minutes. Until then the account keeps its old address.`,
      ]);
    case "email.change_notice":
      return render("Your account's email address is changing", [
        `A change of your Session Analysis account's email address to ${template.newEmail} was requested.`,
        "It takes effect only when confirmed from the new address. If this was not you, change your password now.",
        { label: "Open the console", link: page("/account") },
      ]);
    case "email.changed":
      return render("Your account's email address was changed", [
        `The email address of your Session Analysis account is now ${template.newEmail}; mail no longer comes here.`,
        "Every sign-in of the account was ended. If this was not you, contact support at once.",
      ]);
    case "email.verification":
      // The token in the API call's own JSON shape: an API user pastes the line as it is.
      return render("Verify your email address", [
        "Confirm that this is your email address for the Session Analysis Service:",
        { label: "Verify this address", link: page("/verify-email", { token: template.token }) },
        "Or, from a program:",
        `POST ${template.endpoint} {"token": "${template.token}"}`,
        `The token can be used once and expires at ${template.expiresAt}. If you did not create an account, ignore this message.`,
      ]);
    case "mfa.changed":
      return render("Your sign-in security changed", [
        `${template.summary} on your Session Analysis account (request ${template.requestId}, from ${template.ip}).`,
        "If this was not you, sign in, remove the factor and change your password.",
        { label: "Open the console", link: page("/account") },
      ]);
    case "mfa.locked":
      return render("Wrong second-factor codes on your account", [
        `${template.summary} (last attempt: request ${template.requestId}, from ${template.ip}).`,
        "Whoever typed them had your password or a signed-in session. If this was not you, sign in, change your password and end your other sign-ins.",
        { label: "Open the console", link: page("/account") },
      ]);
    case "webhook.disabled":
      return render("A webhook endpoint was disabled", [
        `Every delivery to ${template.url} has failed since ${template.failingSince}, so it was disabled at ${template.disabledAt} and receives no more events.`,
        "Fix the endpoint, then activate the webhook again. Deliveries it missed are kept: recover them with POST /v1/webhooks/{id}/recover (or from the console).",
        { label: "Open your webhooks", link: page("/webhooks") },
      ]);
    case "account.deleted":
      return render("Your account was deleted", [
        "Your Session Analysis account was deleted at your request: its credentials, keys and personal data are gone.",
        "If this was not you, reply to this message.",
      ]);
  }
}
