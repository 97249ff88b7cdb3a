import { useState } from "preact/hooks";
import { api, messageOf, type Schema, unwrap } from "../api";
import { Badge, Button, Card, Empty, ErrorNote, Field, fmtDay, Page, Secret, useLoad } from "../components/ui";
import { KEY_SCOPES, ScopePicker } from "./api-keys";

type Body = Schema<"CreateOAuthClientRequest">;

/** Register, list and delete OAuth clients (/v1/oauth/clients). */
export function OAuthClientsPage() {
  const clients = useLoad(() => unwrap(api.GET("/oauth/clients")));
  const [secret, setSecret] = useState<{ id: string; secret: string | null }>();
  const [error, setError] = useState<unknown>();

  const create = async (e: SubmitEvent) => {
    e.preventDefault();
    const formEl = e.currentTarget as HTMLFormElement;
    const form = new FormData(formEl);
    setError(undefined);
    const { data, error: failed } = await api.POST("/oauth/clients", {
      body: {
        name: String(form.get("name")),
        client_type: form.get("client_type") as Body["client_type"],
        redirect_uris: String(form.get("redirect_uris") ?? "")
          .split(/\s+/)
          .filter(Boolean),
        grant_types: form.getAll("grant") as Body["grant_types"],
        scopes: form.getAll("scope") as Body["scopes"],
      },
    });
    if (failed || !data) return setError(new Error(messageOf(failed)));
    setSecret({ id: data.data.client_id, secret: data.data.client_secret });
    formEl.reset();
    clients.reload();
  };

  const remove = async (id: string) => {
    if (!confirm("Delete this client? Its tokens stop working.")) return;
    const { error: failed } = await api.DELETE("/oauth/clients/{client_id}", { params: { path: { client_id: id } } });
    if (failed) setError(new Error(messageOf(failed)));
    clients.reload();
  };

  return (
    <Page title="OAuth clients">
      {secret &&
        (secret.secret ? (
          <Secret label={`Client secret of ${secret.id}`} value={secret.secret} />
        ) : (
          <p class="note" role="status">
            Registered public client <code>{secret.id}</code> (no secret: it uses PKCE).
          </p>
        ))}
      <ErrorNote error={error ?? clients.error} />
      <div class="split">
        <Card title="Your clients">
          {clients.data && clients.data.clients.length === 0 ? (
            <Empty>
              No OAuth clients yet. Register one with the form to let your app act for people who consent to it.
            </Empty>
          ) : (
            <ul class="list">
              {clients.data?.clients.map((c) => (
                <li key={c.client_id} class="list-item">
                  <div class="grow">
                    <div class="item-title">
                      {c.name} <Badge tone="info">{c.client_type}</Badge>
                    </div>
                    <div class="muted small">
                      <code>{c.client_id}</code> · {c.grant_types.join(", ")} · created {fmtDay(c.created_at)}
                    </div>
                    {c.redirect_uris.length > 0 && <div class="muted small">{c.redirect_uris.join(" ")}</div>}
                  </div>
                  <div class="item-actions">
                    <Button variant="danger" onClick={() => remove(c.client_id)}>
                      Delete
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title="Register a client">
          <form class="stack" onSubmit={create}>
            <Field label="Name" hint="Shown to users on the consent screen.">
              <input name="name" required maxLength={100} />
            </Field>
            <Field label="Type">
              <select name="client_type">
                <option value="confidential">confidential (a server with a secret)</option>
                <option value="public">public (browser or native app, PKCE)</option>
              </select>
            </Field>
            <Field label="Redirect URIs" hint="One per line; https, or http on loopback.">
              <textarea name="redirect_uris" rows={2} placeholder="https://app.example/callback" />
            </Field>
            <fieldset class="checks">
              <legend>Grant types</legend>
              <label class="check">
                <input type="checkbox" name="grant" value="authorization_code" defaultChecked /> authorization_code
              </label>
              <label class="check">
                <input type="checkbox" name="grant" value="client_credentials" /> client_credentials
              </label>
            </fieldset>
            <ScopePicker name="scope" scopes={KEY_SCOPES} checked={["remote-viewing:read"]} />
            <Button type="submit">Register client</Button>
          </form>
        </Card>
      </div>
    </Page>
  );
}
