import { useEffect, useRef, useState } from "preact/hooks";
import { api, messageOf, whenStepUpNeeded } from "../api";
import { getPasskey, passkeysSupported } from "../webauthn";
import { Button, ErrorNote, Field } from "./ui";

/**
 * The prompt for a recent second-factor check (POST /v1/auth/mfa/step-up), opened by api.ts whenever
 * an action answers 403 MFA_REQUIRED; the action is retried once the check succeeds. A modal
 * <dialog>: the browser keeps focus inside it and Escape cancels.
 */
export function StepUpPrompt() {
  const dialog = useRef<HTMLDialogElement>(null);
  const pending = useRef<((ok: boolean) => void) | undefined>(undefined);
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    whenStepUpNeeded(
      () =>
        new Promise<boolean>((resolve) => {
          pending.current?.(false);
          pending.current = resolve;
          setError(undefined);
          setRecovery(false);
          dialog.current?.showModal();
        }),
    );
    return () => whenStepUpNeeded(undefined);
  }, []);

  const finish = (ok: boolean) => {
    const resolve = pending.current;
    pending.current = undefined;
    if (dialog.current?.open) dialog.current.close();
    resolve?.(ok);
  };

  const submit = async (e: Event) => {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const value = String(new FormData(form).get("factor") ?? "").trim();
    setBusy(true);
    setError(undefined);
    try {
      const { error: failed } = await api.POST("/auth/mfa/step-up", {
        body: recovery ? { recovery_code: value } : { code: value },
      });
      if (failed) throw new Error(messageOf(failed));
      form.reset();
      finish(true);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  // A passkey answers a challenge bound to this sign-in session (POST /v1/auth/mfa/step-up/options).
  const usePasskey = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const { data, error: refused } = await api.POST("/auth/mfa/step-up/options");
      if (refused || !data) throw new Error(messageOf(refused));
      const webauthn = await getPasskey(data.data as unknown as Record<string, unknown>);
      const { error: failed } = await api.POST("/auth/mfa/step-up", { body: { webauthn: webauthn as never } });
      if (failed) throw new Error(messageOf(failed));
      finish(true);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialog} class="dialog" aria-labelledby="step-up-title" onCancel={() => finish(false)}>
      <form onSubmit={submit} class="stack" key={recovery ? "recovery" : "code"}>
        <h2 id="step-up-title">Confirm it is you</h2>
        <p class="muted">This action needs a fresh check of your second factor.</p>
        {recovery ? (
          <Field label="Recovery code" hint="Each recovery code works once.">
            <input name="factor" autocomplete="off" required maxLength={64} spellcheck={false} />
          </Field>
        ) : (
          <Field label="Authentication code" hint="The 6-digit code your authenticator app shows.">
            <input name="factor" inputMode="numeric" autocomplete="one-time-code" required maxLength={8} />
          </Field>
        )}
        <ErrorNote error={error} />
        <div class="row">
          <Button type="submit" disabled={busy}>
            {busy ? "Checking…" : "Confirm"}
          </Button>
          {passkeysSupported() && (
            <Button variant="ghost" onClick={usePasskey} disabled={busy}>
              Use a passkey
            </Button>
          )}
          <Button variant="ghost" onClick={() => finish(false)}>
            Cancel
          </Button>
          <button
            type="button"
            class="link-button"
            onClick={() => {
              setRecovery(!recovery);
              setError(undefined);
            }}
          >
            {recovery ? "Use your authenticator app" : "Use a recovery code"}
          </button>
        </div>
      </form>
    </dialog>
  );
}
