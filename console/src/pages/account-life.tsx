import { useState } from "preact/hooks";
import { api, messageOf, signOut, unwrap } from "../api";
import { Button, Card, Empty, ErrorNote, Field, Page, useLoad } from "../components/ui";
import { navigate } from "../router";
import { AuthCard } from "./auth";

const tokenInUrl = () => new URLSearchParams(location.search).get("token") ?? "";
const when = (iso: string) => new Date(iso).toLocaleString();

/** Active sign-ins: end one, or every other one ("sign out everywhere else"). */
export function SignInsCard() {
  const list = useLoad(() => unwrap(api.GET("/users/me/sessions")));
  const [error, setError] = useState<unknown>();
  const end = async (id: string) => {
    setError(undefined);
    const { error: failed } = await api.DELETE("/users/me/sessions/{sign_in_id}", {
      params: { path: { sign_in_id: id } },
    });
    if (failed) setError(new Error(messageOf(failed)));
    list.reload();
  };
  const endOthers = async () => {
    setError(undefined);
    const { error: failed } = await api.DELETE("/users/me/sessions");
    if (failed) setError(new Error(messageOf(failed)));
    list.reload();
  };
  const sessions = list.data?.sessions ?? [];
  return (
    <Card
      title="Where you are signed in"
      actions={
        sessions.length > 1 ? (
          <Button variant="ghost" onClick={() => void endOthers()}>
            Sign out everywhere else
          </Button>
        ) : undefined
      }
    >
      <ErrorNote error={list.error ?? error} />
      {sessions.length === 0 ? (
        <Empty>{list.loading ? "Loading…" : "No active sign-ins."}</Empty>
      ) : (
        <ul class="stack" aria-label="Active sign-ins">
          {sessions.map((s) => (
            <li key={s.id} class="row">
              <div>
                <strong>{s.client}</strong> {s.current && <span class="badge badge-ok">This browser</span>}
                <div class="muted small">
                  {s.country ? `${s.country} · ` : ""}signed in {when(s.created_at)} · last used {when(s.last_used_at)}
                </div>
              </div>
              {!s.current && (
                <Button variant="ghost" onClick={() => void end(s.id)} aria-label={`Sign out ${s.client}`}>
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Change email: confirmed from the new address; until then nothing changes. */
export function ChangeEmailCard() {
  const [sent, setSent] = useState<string>();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    const newEmail = String(form.get("new_email") ?? "");
    setBusy(true);
    setError(undefined);
    const { error: failed } = await api.POST("/users/me/email", {
      body: { new_email: newEmail, password: String(form.get("password") ?? "") },
    });
    setBusy(false);
    if (failed) setError(new Error(messageOf(failed)));
    else setSent(newEmail);
  };
  return (
    <Card title="Change email">
      {sent ? (
        <p class="note note-ok" role="status">
          We mailed a confirmation link to {sent}. Your email changes when you open it; then sign in again.
        </p>
      ) : (
        <form onSubmit={submit} class="stack form-narrow">
          <Field label="New email">
            <input name="new_email" type="email" autocomplete="email" required maxLength={254} />
          </Field>
          <Field label="Your password">
            <input name="password" type="password" autocomplete="current-password" required />
          </Field>
          <ErrorNote error={error} />
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? "Please wait…" : "Send the confirmation link"}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

/** Delete the account, with the password; the only owner of an organization is told which. */
export function DeleteAccountCard() {
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    setBusy(true);
    setError(undefined);
    const { error: failed } = await api.DELETE("/users/me", { body: { password: String(form.get("password") ?? "") } });
    if (failed) {
      setBusy(false);
      setError(new Error(messageOf(failed)));
      return;
    }
    await signOut();
    location.assign("/signin?account_deleted=1");
  };
  return (
    <Card title="Delete account" class="card-danger">
      <p class="small">
        Deleting ends every sign-in, API key and OAuth grant, cancels your running sessions (refunded as usual) and
        erases your email, your name and what your sessions contained. Your ledger stays, under a pseudonym. If you are
        the only owner of an organization, make someone else an owner (or delete it) first.
      </p>
      <form onSubmit={submit} class="stack form-narrow">
        <Field label="Password to confirm">
          <input name="password" type="password" autocomplete="current-password" required />
        </Field>
        <ErrorNote error={error} />
        <div>
          <Button type="submit" variant="danger" disabled={busy}>
            {busy ? "Please wait…" : "Delete my account"}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** Pending invitations to the signed-in person's verified email. */
export function InvitationsCard() {
  const list = useLoad(() => unwrap(api.GET("/users/me/invitations")));
  const invitations = list.data?.invitations ?? [];
  return (
    <Card title="Invitations">
      <ErrorNote error={list.error} />
      {list.data && !list.data.email_verified ? (
        <p class="small">Verify your email to see the invitations sent to it.</p>
      ) : invitations.length === 0 ? (
        <Empty>{list.loading ? "Loading…" : "No pending invitations."}</Empty>
      ) : (
        <ul class="stack" aria-label="Pending invitations">
          {invitations.map((i) => (
            <li key={i.id}>
              <a href={`/invitations/${i.id}`}>{i.organization.name}</a>{" "}
              <span class="muted small">
                as {i.role}, from {i.inviter}, until {when(i.expires_at)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The invitation mail's link (/invitations/<id>): organization, inviter and role; accept in one click. */
export function InvitationPage(props: { id: string }) {
  const list = useLoad(() => unwrap(api.GET("/users/me/invitations")));
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const invitation = list.data?.invitations.find((i) => i.id === props.id);
  const accept = async () => {
    setBusy(true);
    setError(undefined);
    const { error: failed } = await api.POST("/users/me/invitations/{invitation_id}/accept", {
      params: { path: { invitation_id: props.id } },
    });
    setBusy(false);
    if (failed) setError(new Error(messageOf(failed)));
    else navigate("/organizations");
  };
  // A link from before invitations had pages (/invitations/accept?token=…): accept with its token.
  const acceptWithToken = async () => {
    setBusy(true);
    setError(undefined);
    const { error: failed } = await api.POST("/organizations/invitations/accept", { body: { token: tokenInUrl() } });
    setBusy(false);
    if (failed) setError(new Error(messageOf(failed)));
    else navigate("/organizations");
  };
  return (
    <Page title="Invitation">
      <Card>
        <ErrorNote error={list.error ?? error} />
        {list.loading ? (
          <p>Loading…</p>
        ) : list.data && !list.data.email_verified ? (
          <p>Verify your email address first: the invitation is for its proven holder.</p>
        ) : invitation ? (
          <div class="stack">
            <p>
              <strong>{invitation.inviter}</strong> invited you to join <strong>{invitation.organization.name}</strong>{" "}
              as <strong>{invitation.role}</strong>. The invitation expires {when(invitation.expires_at)}.
            </p>
            <div>
              <Button onClick={() => void accept()} disabled={busy}>
                {busy ? "Please wait…" : `Join ${invitation.organization.name}`}
              </Button>
            </div>
          </div>
        ) : props.id === "accept" && tokenInUrl() ? (
          <Button onClick={() => void acceptWithToken()} disabled={busy}>
            {busy ? "Please wait…" : "Accept the invitation"}
          </Button>
        ) : (
          <p>
            This invitation is not pending for your address: it was accepted, revoked, has expired, or was sent to
            another email. <a href="/account">Your invitations</a>
          </p>
        )}
      </Card>
    </Page>
  );
}

/** The email change link (/confirm-email?token=…), mailed to the new address. */
export function ConfirmEmailPage() {
  const [token] = useState(tokenInUrl);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    setError(undefined);
    const { error: failed } = await api.POST("/auth/email/change/confirm", { body: { token } });
    setBusy(false);
    if (failed) setError(new Error(messageOf(failed)));
    else {
      setDone(true);
      await signOut();
    }
  };
  return (
    <AuthCard title="Confirm your new email">
      {done ? (
        <p class="note note-ok" role="status">
          Your email address was changed. <a href="/signin">Sign in</a> with the new address.
        </p>
      ) : (
        <div class="stack">
          <p>Make this address your account's email. Every sign-in ends; you then sign in with it.</p>
          <ErrorNote error={error} />
          <Button onClick={() => void confirm()} disabled={busy || !token}>
            {busy ? "Please wait…" : "Confirm the new email"}
          </Button>
        </div>
      )}
    </AuthCard>
  );
}
