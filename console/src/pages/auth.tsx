import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { api, completeSignIn, type MfaChallenge, messageOf, signIn, signInWithPasskey } from "../api";
import { Button, ErrorNote, Field } from "../components/ui";
import { useAction } from "../components/use-action";
import { getPasskey, passkeysSupported } from "../webauthn";

/**
 * "Sign in with a passkey" (docs/security.md, passkeys): the browser offers the discoverable
 * credentials it holds for this site; the one chosen signs in without a password.
 */
function PasskeySignIn(props: { onSignedIn: () => void }) {
  const { error, busy, run } = useAction();
  if (!passkeysSupported()) return null;
  const start = () =>
    run(async () => {
      await signInWithPasskey(getPasskey);
      props.onSignedIn();
    });
  return (
    <div class="stack" id="passkey">
      <ErrorNote error={error} />
      <Button variant="ghost" onClick={start} disabled={busy}>
        {busy ? "Waiting for your passkey…" : "Sign in with a passkey"}
      </Button>
    </div>
  );
}

const SSO_ERRORS: Record<string, string> = {
  not_configured: "No single sign-on is configured for this email or domain.",
  refused: "This single sign-on did not start in this browser, or it expired. Please start again.",
};

/**
 * "Sign in with SSO" (docs/sso.md): a navigation to /console/session/sso, which redirects to the
 * organization's IdP; a navigation rather than a form submit, because the page's CSP form-action
 * ('self') would also stop the form's redirect to the IdP. The server sends the browser back here
 * with ?sso_error= when it cannot start or finish.
 */
function SsoForm() {
  const ssoError = SSO_ERRORS[new URLSearchParams(location.search).get("sso_error") ?? ""];
  const start = (e: Event) => {
    e.preventDefault();
    const login = String(new FormData(e.currentTarget as HTMLFormElement).get("sso_login") ?? "").trim();
    location.assign(`/console/session/sso?${new URLSearchParams({ login })}`);
  };
  return (
    <form onSubmit={start} class="stack" id="sso">
      <Field label="Work email or domain" hint="Sign in through your organization's identity provider.">
        <input name="sso_login" autocomplete="email" required maxLength={254} />
      </Field>
      {ssoError && <ErrorNote error={new Error(ssoError)} />}
      <Button type="submit">Sign in with SSO</Button>
    </form>
  );
}

/** The page frame every signed-out page shares (sign-in, second step, password reset, email link). */
export function AuthCard(props: { title: string; children: ComponentChildren }) {
  useEffect(() => {
    document.title = `${props.title} · Session Analysis`;
  }, [props.title]);
  return (
    <main class="auth">
      <div class="auth-card">
        <div class="brand brand-large">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>Session Analysis</span>
        </div>
        <h1>{props.title}</h1>
        {props.children}
      </div>
    </main>
  );
}

/**
 * The second step of a sign-in (docs/security.md, second factors): the authenticator app's code, or
 * one of the recovery codes, for the challenge the password step answered. A wrong code keeps the
 * challenge (up to its limit); an expired or used one sends the user back to the password.
 */
function SecondStep(props: { challenge: MfaChallenge; onSignedIn: () => void; onRestart: () => void }) {
  const [recovery, setRecovery] = useState(false);
  const { error, setError, busy, run } = useAction();
  /** Completes the sign-in with one proof: a code, a recovery code or the passkey's assertion. */
  const complete = (proof: () => Promise<Parameters<typeof completeSignIn>[1]>) =>
    run(async () => {
      await completeSignIn(props.challenge.challenge, await proof());
      props.onSignedIn();
    });
  const submit = (e: Event) => {
    e.preventDefault();
    const value = String(new FormData(e.currentTarget as HTMLFormElement).get("factor") ?? "").trim();
    return complete(async () => (recovery ? { recovery_code: value } : { code: value }));
  };
  const canRecover = props.challenge.factors.includes("recovery_code");
  const webauthn = props.challenge.webauthn;
  const usePasskey = () => {
    if (webauthn) return complete(async () => ({ webauthn: await getPasskey(webauthn) }));
  };
  return (
    <AuthCard title="Two-step verification">
      {webauthn && passkeysSupported() && (
        <div class="stack">
          <Button onClick={usePasskey} disabled={busy}>
            Use your passkey
          </Button>
          <p class="muted">Or enter a code:</p>
        </div>
      )}
      <form onSubmit={submit} class="stack" key={recovery ? "recovery" : "code"}>
        {recovery ? (
          <Field label="Recovery code" hint="Each recovery code works once.">
            <input name="factor" autocomplete="off" required maxLength={64} spellcheck={false} />
          </Field>
        ) : (
          <Field label="Authentication code" hint="The 6-digit code your authenticator app shows.">
            <input
              name="factor"
              inputMode="numeric"
              autocomplete="one-time-code"
              pattern="[0-9 ]{6,8}"
              required
              maxLength={8}
            />
          </Field>
        )}
        <ErrorNote error={error} />
        <Button type="submit" disabled={busy}>
          {busy ? "Please wait…" : "Verify"}
        </Button>
      </form>
      {canRecover && (
        <p class="auth-switch">
          <button
            type="button"
            class="link-button"
            onClick={() => {
              setRecovery(!recovery);
              setError(undefined);
            }}
          >
            {recovery ? "Use your authenticator app" : "Use a recovery code instead"}
          </button>
        </p>
      )}
      <p class="auth-switch">
        <button type="button" class="link-button" onClick={props.onRestart}>
          Start over
        </button>
      </p>
    </AuthCard>
  );
}

/** Sign in and sign up (password). Signing up uses POST /v1/auth/register, then signs in for the cookie. */
export function AuthPage(props: { mode: "signin" | "signup"; onSignedIn: () => void }) {
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<MfaChallenge>();
  const signup = props.mode === "signup";

  const submit = async (e: Event) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    const email = String(form.get("email"));
    const password = String(form.get("password"));
    setBusy(true);
    setError(undefined);
    try {
      if (signup) {
        const { error: failed } = await api.POST("/auth/register", {
          body: {
            email,
            password,
            username: String(form.get("username")),
            tier: form.get("tier") as "basic" | "professional" | "enterprise",
            marketing_consent: form.get("marketing") === "on",
          },
        });
        if (failed) throw new Error(messageOf(failed));
      }
      const pending = await signIn(email, password);
      if (pending) setChallenge(pending);
      else props.onSignedIn();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  if (challenge) {
    return <SecondStep challenge={challenge} onSignedIn={props.onSignedIn} onRestart={() => setChallenge(undefined)} />;
  }
  return (
    <AuthCard title={signup ? "Create your account" : "Sign in to the console"}>
      {!signup && new URLSearchParams(location.search).has("password_changed") && (
        <p class="note note-ok" role="status">
          Your password was changed and every sign-in ended: sign in with the new password.
        </p>
      )}
      <form onSubmit={submit} class="stack">
        <Field label="Email">
          <input name="email" type="email" autocomplete="email" required />
        </Field>
        {signup && (
          <Field label="Username">
            <input name="username" autocomplete="username" required minLength={3} maxLength={30} />
          </Field>
        )}
        <Field label="Password" hint={signup ? "10+ characters with a letter and a digit." : undefined}>
          <input
            name="password"
            type="password"
            autocomplete={signup ? "new-password" : "current-password"}
            required
            minLength={signup ? 10 : 1}
          />
        </Field>
        {signup && (
          <>
            <Field label="Plan">
              <select name="tier">
                <option value="basic">Basic — free, 100 credits a month once your email is verified</option>
                <option value="professional">Professional — $49, 1,000 credits a month after the trial</option>
                <option value="enterprise">Enterprise — $499, 10,000 credits a month after the trial</option>
              </select>
            </Field>
            <label class="check">
              <input type="checkbox" name="marketing" /> Send me product news
            </label>
          </>
        )}
        <ErrorNote error={error} />
        <Button type="submit" disabled={busy}>
          {busy ? "Please wait…" : signup ? "Create account" : "Sign in"}
        </Button>
      </form>
      {!signup && <PasskeySignIn onSignedIn={props.onSignedIn} />}
      {!signup && <SsoForm />}
      <p class="auth-switch">
        {signup ? (
          <>
            Already have an account? <a href="/signin">Sign in</a>
          </>
        ) : (
          <>
            New here? <a href="/signup">Create an account</a>
          </>
        )}
      </p>
      {!signup && (
        <p class="auth-switch">
          <a href="/forgot-password">Forgot your password?</a>
        </p>
      )}
      <p class="auth-switch">
        <a href="/v1/docs">API reference</a>
      </p>
    </AuthCard>
  );
}
