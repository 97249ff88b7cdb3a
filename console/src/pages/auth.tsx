import { useState } from "preact/hooks";
import { api, messageOf, signIn } from "../api";
import { Button, ErrorNote, Field } from "../components/ui";

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

/** Sign in and sign up (password). Signing up uses POST /v1/auth/register, then signs in for the cookie. */
export function AuthPage(props: { mode: "signin" | "signup"; onSignedIn: () => void }) {
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
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
      await signIn(email, password);
      props.onSignedIn();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main class="auth">
      <div class="auth-card">
        <div class="brand brand-large">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>Session Analysis</span>
        </div>
        <h1>{signup ? "Create your account" : "Sign in to the console"}</h1>
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
        <p class="auth-switch">
          <a href="/v1/docs">API reference</a>
        </p>
      </div>
    </main>
  );
}
