import { useState } from "preact/hooks";
import { api, CallError, messageOf, signOut, unwrap } from "../api";
import { Button, Card, ErrorNote, Field, Page } from "../components/ui";
import { ChangeEmailCard, DeleteAccountCard, InvitationsCard, SignInsCard } from "./account-life";
import { AuthCard } from "./auth";

const PASSWORD_HINT = "10+ characters with a letter and a digit; not a commonly used password.";

const tokenInUrl = () => new URLSearchParams(location.search).get("token") ?? "";

/** "Forgot your password?": asks for a mailed reset link. The answer is the same for any address. */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState<string>();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget as HTMLFormElement).get("email") ?? "");
    setBusy(true);
    setError(undefined);
    try {
      const { error: failed } = await api.POST("/auth/password/forgot", { body: { email } });
      if (failed) throw new Error(messageOf(failed));
      setSent(email);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthCard title="Reset your password">
      {sent ? (
        <p class="note note-ok" role="status">
          If an account uses {sent}, a reset link is on its way. It works once and expires soon.
        </p>
      ) : (
        <form onSubmit={submit} class="stack">
          <Field label="Email" hint="We mail a link to choose a new password.">
            <input name="email" type="email" autocomplete="email" required maxLength={254} />
          </Field>
          <ErrorNote error={error} />
          <Button type="submit" disabled={busy}>
            {busy ? "Please wait…" : "Send the reset link"}
          </Button>
        </form>
      )}
      <p class="auth-switch">
        <a href="/signin">Back to sign-in</a>
      </p>
    </AuthCard>
  );
}

/** The mailed reset link (/reset-password?token=…): a new password, set once with the token. */
export function ResetPasswordPage() {
  const [token] = useState(tokenInUrl);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    const password = String(form.get("new_password") ?? "");
    if (password !== String(form.get("confirm_password") ?? "")) {
      setError(new Error("The two passwords differ."));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const { error: failed } = await api.POST("/auth/password/reset", { body: { token, new_password: password } });
      if (failed) throw new CallError(messageOf(failed), failed.error?.code);
      setDone(true);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthCard title="Choose a new password">
      {done ? (
        <p class="note note-ok" role="status">
          Your password was changed and every sign-in ended. <a href="/signin">Sign in</a> with the new password.
        </p>
      ) : !token ? (
        <p class="note note-error" role="alert">
          This page needs the link from the reset email. <a href="/forgot-password">Ask for a new link</a>.
        </p>
      ) : (
        <form onSubmit={submit} class="stack">
          <Field label="New password" hint={PASSWORD_HINT}>
            <input name="new_password" type="password" autocomplete="new-password" required minLength={10} />
          </Field>
          <Field label="Repeat the new password">
            <input name="confirm_password" type="password" autocomplete="new-password" required minLength={10} />
          </Field>
          <ErrorNote error={error} />
          {error instanceof CallError && error.code === "ACCOUNT_LINK_INVALID" && (
            <p class="auth-switch">
              <a href="/forgot-password">Ask for a new link</a>
            </p>
          )}
          <Button type="submit" disabled={busy}>
            {busy ? "Please wait…" : "Set the new password"}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}

/**
 * /verify-email?token=…: spends the mailed verification token (POST /v1/auth/email/verify) on a
 * click, not on load, so a mail scanner that opens links does not spend it.
 */
export function VerifyEmailPage(props: { signedIn: boolean; onVerified: () => void }) {
  const [token] = useState(tokenInUrl);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const verify = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await unwrap(api.POST("/auth/email/verify", { body: { token } }));
      setDone(true);
      props.onVerified();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthCard title="Verify your email">
      {done ? (
        <p class="note note-ok" role="status">
          Your email address is verified. <a href="/">{props.signedIn ? "Go to the console" : "Sign in"}</a>
        </p>
      ) : !token ? (
        <p class="note note-error" role="alert">
          This page needs the link from the verification email.
        </p>
      ) : (
        <div class="stack">
          <p>Confirm that this email address is yours.</p>
          <ErrorNote error={error} />
          <Button onClick={verify} disabled={busy}>
            {busy ? "Please wait…" : "Verify my email"}
          </Button>
        </div>
      )}
    </AuthCard>
  );
}

/** The banner an unverified account sees on every page, with "resend" (at most one mail a minute). */
export function VerifyEmailBanner(props: { email: string }) {
  const [state, setState] = useState<{ note: string; tone: "ok" | "error" } | undefined>();
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      const { data, error, response } = await api.POST("/auth/email/verify/resend");
      if (data) setState({ note: `A new verification link was sent to ${props.email}.`, tone: "ok" });
      else if (response.status === 429) {
        const seconds = Number(response.headers.get("Retry-After") ?? "60");
        setState({
          note: `A link was sent moments ago. You can ask for another in ${seconds} ${seconds === 1 ? "second" : "seconds"}.`,
          tone: "error",
        });
      } else setState({ note: messageOf(error), tone: "error" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="banner" aria-label="Email verification">
      <p>
        Verify your email address: we sent a link to <strong>{props.email}</strong>. Until then, free credits, trials,
        invitations and sign-on linking are not available.
      </p>
      <Button variant="ghost" onClick={resend} disabled={busy}>
        {busy ? "Sending…" : "Resend the link"}
      </Button>
      {state && (
        <p class={`note note-${state.tone}`} role={state.tone === "ok" ? "status" : "alert"}>
          {state.note}
        </p>
      )}
    </section>
  );
}

/** Account settings: the password (change with the current one; every sign-in then ends). */
export function AccountPage() {
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    const next = String(form.get("new_password") ?? "");
    if (next !== String(form.get("confirm_password") ?? "")) {
      setError(new Error("The two new passwords differ."));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const { error: failed } = await api.PUT("/users/me/password", {
        body: { current_password: String(form.get("current_password") ?? ""), new_password: next },
      });
      if (failed) throw new Error(messageOf(failed));
      // The change ended every sign-in, this one included: clear the cookies and sign in again.
      await signOut();
      location.assign("/signin?password_changed=1");
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };
  return (
    <Page title="Account">
      <Card title="Change password">
        <form onSubmit={submit} class="stack form-narrow">
          <Field label="Current password">
            <input name="current_password" type="password" autocomplete="current-password" required />
          </Field>
          <Field label="New password" hint={PASSWORD_HINT}>
            <input name="new_password" type="password" autocomplete="new-password" required minLength={10} />
          </Field>
          <Field label="Repeat the new password">
            <input name="confirm_password" type="password" autocomplete="new-password" required minLength={10} />
          </Field>
          <p class="muted small">Changing it signs you out everywhere (API keys keep working).</p>
          <ErrorNote error={error} />
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? "Please wait…" : "Change password"}
            </Button>
          </div>
        </form>
      </Card>
      <SignInsCard />
      <InvitationsCard />
      <ChangeEmailCard />
      <p>
        <a href="/security">Two-step verification settings</a>
      </p>
      <DeleteAccountCard />
    </Page>
  );
}
