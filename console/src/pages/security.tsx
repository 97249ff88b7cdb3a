import { useState } from "preact/hooks";
import { api, type Schema, unwrap } from "../api";
import { Badge, Button, Card, ErrorNote, Field, Page, useLoad } from "../components/ui";
import { useAction } from "../components/use-action";
import { createPasskey, passkeysSupported } from "../webauthn";

type Enrolment = Schema<"TotpEnrolment">;
type Passkey = Schema<"Passkey">;

/**
 * Passkeys by name (WebAuthn): add one (the browser creates it; user verification required), rename,
 * remove. Removing needs a recent check, like the app: the step-up prompt asks for it.
 */
function Passkeys(props: { onChanged: (codes: string[]) => void }) {
  const list = useLoad(() => unwrap(api.GET("/users/me/mfa/passkeys")));
  const { error, busy, run } = useAction();
  const [renaming, setRenaming] = useState<string>();
  const add = (e: Event) => {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const name = String(new FormData(form).get("passkey_name") ?? "").trim();
    return run(async () => {
      const options = await unwrap(api.POST("/users/me/mfa/passkeys/options"));
      const response = await createPasskey(options as unknown as Record<string, unknown>);
      const result = await unwrap(api.POST("/users/me/mfa/passkeys", { body: { name, response: response as never } }));
      form.reset();
      props.onChanged(result.recovery_codes);
      list.reload();
    });
  };
  const rename = (id: string) => (e: Event) => {
    e.preventDefault();
    const name = String(new FormData(e.currentTarget as HTMLFormElement).get("new_name") ?? "").trim();
    return run(async () => {
      await unwrap(api.PATCH("/users/me/mfa/passkeys/{id}", { params: { path: { id } }, body: { name } }));
      setRenaming(undefined);
      list.reload();
    });
  };
  const remove = (p: Passkey) =>
    run(async () => {
      const { error: failed } = await api.DELETE("/users/me/mfa/passkeys/{id}", { params: { path: { id: p.id } } });
      if (failed) throw failed;
      props.onChanged([]);
      list.reload();
    });
  const passkeys = list.data?.passkeys ?? [];
  return (
    <Card title="Passkeys" actions={passkeys.length > 0 ? <Badge tone="ok">{passkeys.length}</Badge> : undefined}>
      <div class="stack">
        <p>
          A passkey signs you in with your device's screen lock or security key, without a password, and counts as your
          second step.
        </p>
        <ErrorNote error={list.error} />
        <ErrorNote error={error} />
        {passkeys.length > 0 && (
          <ul class="list" data-testid="passkeys">
            {passkeys.map((p) => (
              <li key={p.id} class="row">
                {renaming === p.id ? (
                  <form onSubmit={rename(p.id)} class="row">
                    <Field label="New name">
                      <input name="new_name" required maxLength={64} value={p.name} />
                    </Field>
                    <Button type="submit" disabled={busy}>
                      Save
                    </Button>
                  </form>
                ) : (
                  <>
                    <strong>{p.name}</strong>
                    <span class="muted">
                      {p.backed_up ? "synced" : "this device only"} · added {p.created_at.slice(0, 10)}
                      {p.last_used_at ? ` · last used ${p.last_used_at.slice(0, 10)}` : ""}
                    </span>
                    <Button variant="ghost" onClick={() => setRenaming(p.id)} disabled={busy}>
                      Rename<span class="visually-hidden"> {p.name}</span>
                    </Button>
                    <Button variant="danger" onClick={() => remove(p)} disabled={busy}>
                      Remove<span class="visually-hidden"> {p.name}</span>
                    </Button>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
        {passkeysSupported() ? (
          <form onSubmit={add} class="stack form-narrow">
            <Field label="Passkey name" hint="So you can tell your passkeys apart, e.g. “Work laptop”.">
              <input name="passkey_name" required maxLength={64} />
            </Field>
            <div>
              <Button type="submit" disabled={busy}>
                Add a passkey
              </Button>
            </div>
          </form>
        ) : (
          <p class="muted">This browser cannot create passkeys.</p>
        )}
      </div>
    </Card>
  );
}

/** Recovery codes, shown once (after the first factor is confirmed, or after regenerating). */
function RecoveryCodes(props: { codes: string[] }) {
  return (
    <div class="secret" role="status">
      <div class="secret-label">Your recovery codes</div>
      <ul class="codes" data-testid="recovery-codes">
        {props.codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <p class="secret-note">
        Store them somewhere safe now: they are not shown again. Each one signs you in once without your app.
      </p>
    </div>
  );
}

/**
 * Two-step verification (docs/security.md, second factors): an authenticator app (RFC 6238 TOTP)
 * set up from its QR code or otpauth URI and confirmed by a first code, and the recovery codes.
 * Removing the app and regenerating the codes need a recent check: the API answers MFA_REQUIRED
 * and the console's step-up prompt asks for it (components/step-up.tsx).
 */
export function SecurityPage() {
  const status = useLoad(() => unwrap(api.GET("/users/me/mfa")));
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const [codes, setCodes] = useState<string[]>();
  const { error, busy, run } = useAction();
  const start = () =>
    run(async () => {
      setCodes(undefined);
      setEnrolment(await unwrap(api.POST("/users/me/mfa/totp")));
    });
  const confirm = (e: Event) => {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget as HTMLFormElement).get("code") ?? "").trim();
    return run(async () => {
      const result = await unwrap(api.POST("/users/me/mfa/totp/confirm", { body: { code } }));
      setEnrolment(undefined);
      if (result.recovery_codes.length > 0) setCodes(result.recovery_codes);
      status.reload();
    });
  };
  const remove = () =>
    run(async () => {
      const { error: failed } = await api.DELETE("/users/me/mfa/totp");
      if (failed) throw failed;
      setCodes(undefined);
      status.reload();
    });
  const regenerate = () =>
    run(async () => {
      setCodes((await unwrap(api.POST("/users/me/mfa/recovery-codes"))).recovery_codes);
      status.reload();
    });

  const s = status.data;
  return (
    <Page title="Security">
      <ErrorNote error={status.error} />
      <ErrorNote error={error} />
      {codes && <RecoveryCodes codes={codes} />}
      {s && (
        <Card
          title="Authenticator app"
          actions={s.totp ? <Badge tone="ok">On</Badge> : <Badge tone="muted">Off</Badge>}
        >
          {s.totp ? (
            <div class="stack">
              <p>Signing in asks for a code from your authenticator app after your password.</p>
              <div>
                <Button variant="danger" onClick={remove} disabled={busy}>
                  Remove the authenticator app
                </Button>
              </div>
            </div>
          ) : enrolment ? (
            <div class="stack">
              <p>Scan this code with your authenticator app, or enter the setup key by hand.</p>
              <img
                class="qr"
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_svg)}`}
                alt="QR code of the authenticator setup link"
                width={200}
                height={200}
              />
              <Field label="Setup key">
                <input readOnly value={enrolment.secret} data-testid="totp-secret" spellcheck={false} />
              </Field>
              <details>
                <summary>Setup link (otpauth URI)</summary>
                <code class="wrap" data-testid="otpauth-uri">
                  {enrolment.otpauth_uri}
                </code>
              </details>
              <form onSubmit={confirm} class="stack form-narrow">
                <Field label="First code from the app" hint="Confirms the app is set up.">
                  <input name="code" inputMode="numeric" autocomplete="one-time-code" required maxLength={8} />
                </Field>
                <div>
                  <Button type="submit" disabled={busy}>
                    Turn on two-step verification
                  </Button>
                </div>
              </form>
            </div>
          ) : (
            <div class="stack">
              <p>Protect your account with a second step at sign-in: a code from an authenticator app.</p>
              <div>
                <Button onClick={start} disabled={busy}>
                  Set up an authenticator app
                </Button>
              </div>
            </div>
          )}
        </Card>
      )}
      {s && (
        <Passkeys
          onChanged={(added) => {
            if (added.length > 0) setCodes(added);
            status.reload();
          }}
        />
      )}
      {s?.enabled && (
        <Card title="Recovery codes">
          <div class="stack">
            <p data-testid="recovery-remaining">
              {s.recovery_codes_remaining} of 10 recovery codes left. Regenerating replaces them all.
            </p>
            <div>
              <Button variant="ghost" onClick={regenerate} disabled={busy}>
                Regenerate recovery codes
              </Button>
            </div>
          </div>
        </Card>
      )}
    </Page>
  );
}
