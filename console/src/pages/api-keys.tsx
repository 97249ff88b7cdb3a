import { useState } from "preact/hooks";
import { api, idempotencyKey, messageOf, SCOPES, type Schema, unwrap } from "../api";
import { FirstRequest } from "../components/getting-started";
import { Badge, Button, Card, Empty, ErrorNote, Field, fmtDate, fmtDay, Page, Secret, useLoad } from "../components/ui";

type Scope = Schema<"CreateApiKeyRequest">["scopes"][number];
/** Scopes a key can carry (the API refuses any the signed-in user lacks). */
export const KEY_SCOPES: Scope[] = [
  "remote-viewing:read",
  "remote-viewing:write",
  "remote-viewing:delete",
  "dowsing:read",
  "dowsing:write",
  "dowsing:delete",
  "analytics:read",
  "analytics:export",
  "profile",
  "email",
];

/**
 * Scopes to tick, each with what it allows in words: the served document's scope table (the oauth2
 * flows, as the typed client carries it; what the OAuth consent page shows too).
 */
export function ScopePicker(props: { name: string; scopes: readonly Scope[]; checked: readonly string[] }) {
  return (
    <fieldset class="checks scopes">
      <legend>Scopes</legend>
      {props.scopes.map((s) => (
        <label key={s} class="check">
          <input type="checkbox" name={props.name} value={s} defaultChecked={props.checked.includes(s)} />{" "}
          <code>{s}</code>
          <span class="scope-description">{SCOPES[s]}</span>
        </label>
      ))}
    </fieldset>
  );
}

export function ApiKeysPage() {
  const keys = useLoad(() => unwrap(api.GET("/api-keys")));
  const [secret, setSecret] = useState<{ label: string; value: string; canReadSessions: boolean }>();
  const [error, setError] = useState<unknown>();

  const create = async (e: Event) => {
    e.preventDefault();
    const formEl = e.currentTarget as HTMLFormElement;
    const form = new FormData(formEl);
    setError(undefined);
    const { data, error: failed } = await api.POST("/api-keys", {
      body: { name: String(form.get("name")), scopes: form.getAll("scope") as Scope[] },
      params: { header: { "idempotency-key": idempotencyKey() } },
    });
    if (failed || !data) return setError(new Error(messageOf(failed)));
    setSecret({
      label: `Your new key “${data.data.name}”`,
      value: data.data.key,
      canReadSessions: data.data.scopes.some((s) => s === "remote-viewing:read" || s === "dowsing:read"),
    });
    formEl.reset();
    keys.reload();
  };

  const rotate = async (id: string) => {
    const { data, error: failed } = await api.POST("/api-keys/{key_id}/rotate", {
      params: { path: { key_id: id } },
      body: { grace_period_seconds: 0 },
    });
    if (failed || !data) return setError(new Error(messageOf(failed)));
    setSecret({
      label: `The rotated key “${data.data.name}” (the old one stopped working)`,
      value: data.data.key,
      canReadSessions: false,
    });
    keys.reload();
  };

  const revoke = async (id: string) => {
    if (!confirm("Revoke this key? Requests using it will fail at once.")) return;
    const { error: failed } = await api.DELETE("/api-keys/{key_id}", { params: { path: { key_id: id } } });
    if (failed) setError(new Error(messageOf(failed)));
    keys.reload();
  };

  return (
    <Page title="API keys">
      {secret && <Secret label={secret.label} value={secret.value} />}
      {secret?.canReadSessions && (
        <Card title="Try it: list your sessions with the new key">
          <FirstRequest apiKey={secret.value} />
        </Card>
      )}
      <ErrorNote error={error ?? keys.error} />
      <div class="split">
        <Card title="Your keys">
          {keys.data && keys.data.api_keys.length === 0 ? (
            <Empty>No API keys yet. Create one with the form: a script sends it as the X-API-Key header.</Empty>
          ) : (
            <ul class="list" data-testid="api-keys">
              {keys.data?.api_keys.map((k) => {
                const state = k.revoked ? "revoked" : k.expired ? "expired" : "active";
                return (
                  <li key={k.id} class="list-item">
                    <div class="grow">
                      <div class="item-title">
                        {k.name} <Badge tone={state === "active" ? "ok" : "muted"}>{state}</Badge>
                      </div>
                      <div class="muted small">
                        <code>{k.prefix}…</code> · created {fmtDay(k.created_at)} · expires {fmtDay(k.expires_at)} ·
                        last used {fmtDate(k.last_used_at)}
                      </div>
                      <div class="tags">
                        {k.scopes.map((s) => (
                          <code key={s} class="tag">
                            {s}
                          </code>
                        ))}
                      </div>
                    </div>
                    {state === "active" && (
                      <div class="item-actions">
                        <Button variant="ghost" onClick={() => rotate(k.id)}>
                          Rotate
                        </Button>
                        <Button variant="danger" onClick={() => revoke(k.id)}>
                          Revoke
                        </Button>
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </Card>
        <Card title="Create a key">
          <form class="stack" onSubmit={create}>
            <Field label="Name">
              <input name="name" required maxLength={100} placeholder="nightly export" />
            </Field>
            <ScopePicker name="scope" scopes={KEY_SCOPES} checked={["remote-viewing:read", "remote-viewing:write"]} />
            <Button type="submit">Create key</Button>
          </form>
        </Card>
      </div>
    </Page>
  );
}
