import { useState } from "preact/hooks";
import { api, messageOf, type Schema, unwrap } from "../api";
import {
  Badge,
  Button,
  Card,
  Empty,
  ErrorNote,
  Field,
  fmtDate,
  Page,
  Secret,
  StatusBadge,
  useLoad,
} from "../components/ui";

type Event = Schema<"CreateWebhookRequest">["events"][number];
const EVENTS: Event[] = [
  "session.completed",
  "session.failed",
  "analysis.ready",
  "billing.payment_succeeded",
  "webhook.disabled",
];
type Webhook = Schema<"Webhook">;
type DeliveryLog = Schema<"WebhookDeliveryLog">;
const STATUSES = ["", "failed,dead", "succeeded", "pending,retrying", "skipped"] as const;
const STATUS_LABELS: Record<(typeof STATUSES)[number], string> = {
  "": "Any status",
  "failed,dead": "Failed",
  succeeded: "Succeeded",
  "pending,retrying": "In progress",
  skipped: "Skipped",
};
/** A datetime-local input's value for `ms` (local time, to the minute). */
const localInput = (ms: number) => {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};

function EventPicker(props: { checked: readonly string[] }) {
  return (
    <fieldset class="checks">
      <legend>Events</legend>
      {EVENTS.map((ev) => (
        <label key={ev} class="check">
          <input type="checkbox" name="event" value={ev} defaultChecked={props.checked.includes(ev)} />{" "}
          <code>{ev}</code>
        </label>
      ))}
    </fieldset>
  );
}

export function WebhooksPage() {
  const hooks = useLoad(() => unwrap(api.GET("/webhooks")));
  const [secret, setSecret] = useState<string>();
  const [error, setError] = useState<unknown>();
  const [open, setOpen] = useState<string>();

  const create = async (e: SubmitEvent) => {
    e.preventDefault();
    const formEl = e.currentTarget as HTMLFormElement;
    const form = new FormData(formEl);
    setError(undefined);
    const { data, error: failed } = await api.POST("/webhooks", {
      body: {
        url: String(form.get("url")),
        events: form.getAll("event") as Event[],
        description: String(form.get("description") ?? ""),
      },
    });
    if (failed || !data) return setError(new Error(messageOf(failed)));
    setSecret(data.data.secret);
    setOpen(data.data.id);
    formEl.reset();
    hooks.reload();
  };

  const list = hooks.data?.webhooks ?? [];
  return (
    <Page title="Webhooks">
      {secret && (
        <Secret
          label="Signing secret of the new webhook"
          value={secret}
          note="Verify deliveries with it (Standard Webhooks). It is not shown again."
        />
      )}
      <ErrorNote error={error ?? hooks.error} />
      <div class="split">
        <div class="stack">
          {hooks.data && list.length === 0 && (
            <Card>
              <Empty>No webhooks yet.</Empty>
            </Card>
          )}
          {list.map((w) => (
            <WebhookCard
              key={w.id}
              webhook={w}
              open={open === w.id}
              onToggle={() => setOpen(open === w.id ? undefined : w.id)}
              onChanged={hooks.reload}
            />
          ))}
        </div>
        <Card title="Add a webhook">
          <form class="stack" onSubmit={create}>
            <Field
              label="Endpoint URL"
              hint="https in production. In local development http://localhost:PORT and private addresses work too."
            >
              <input name="url" type="url" required placeholder="https://example.com/hooks" />
            </Field>
            <EventPicker checked={["session.completed"]} />
            <Field label="Description">
              <input name="description" maxLength={200} />
            </Field>
            <Button type="submit">Add webhook</Button>
          </form>
        </Card>
      </div>
    </Page>
  );
}

function WebhookCard(props: { webhook: Webhook; open: boolean; onToggle: () => void; onChanged: () => void }) {
  const w = props.webhook;
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<unknown>();
  const [note, setNote] = useState<string>();
  const [rotated, setRotated] = useState<string>();
  const [status, setStatus] = useState<(typeof STATUSES)[number]>("");
  const [eventType, setEventType] = useState("");
  const [more, setMore] = useState<DeliveryLog["deliveries"]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const query = {
    limit: 20,
    ...(status ? { status } : {}),
    ...(eventType ? { event_type: eventType } : {}),
  };
  const deliveries = useLoad(async () => {
    setMore([]);
    if (!props.open) return undefined;
    const log = await unwrap(
      api.GET("/webhooks/{webhook_id}/deliveries", { params: { path: { webhook_id: w.id }, query } }),
    );
    setCursor(log.pagination.next_cursor);
    return log;
  }, [props.open, w.id, status, eventType]);
  const path = { webhook_id: w.id };
  const loadMore = async () => {
    if (!cursor) return;
    const { data, error: failed } = await api.GET("/webhooks/{webhook_id}/deliveries", {
      params: { path, query: { ...query, cursor } },
    });
    if (failed || !data) return setError(new Error(messageOf(failed)));
    setMore([...more, ...data.data.deliveries]);
    setCursor(data.data.pagination.next_cursor);
  };
  const rotate = async () => {
    if (!confirm("Rotate the signing secret? The current one keeps working for 24 hours.")) return;
    const { data, error: failed } = await api.POST("/webhooks/{webhook_id}/rotate-secret", { params: { path } });
    if (failed || !data) return setError(new Error(messageOf(failed)));
    setRotated(data.data.secret);
    props.onChanged();
  };
  const recover = async (e: SubmitEvent) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    const since = new Date(String(form.get("since"))).toISOString();
    const { data, error: failed } = await api.POST("/webhooks/{webhook_id}/recover", {
      params: { path },
      body: { since },
    });
    if (failed || !data) return setError(new Error(messageOf(failed)));
    const { queued, remaining } = data.data;
    setNote(
      `Recovery queued: ${queued} deliver${queued === 1 ? "y" : "ies"}${remaining ? `, ${remaining} more to recover` : ""}.`,
    );
    setTimeout(deliveries.reload, 1500);
  };

  const save = async (e: SubmitEvent) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    const { error: failed } = await api.PUT("/webhooks/{webhook_id}", {
      params: { path },
      body: {
        url: String(form.get("url")),
        events: form.getAll("event") as Event[],
        description: String(form.get("description") ?? ""),
        active: form.get("active") === "on",
      },
    });
    if (failed) return setError(new Error(messageOf(failed)));
    setEditing(false);
    props.onChanged();
  };
  const ping = async () => {
    const { error: failed } = await api.POST("/webhooks/{webhook_id}/test", { params: { path } });
    if (failed) return setError(new Error(messageOf(failed)));
    setNote("Test ping queued.");
    setTimeout(deliveries.reload, 1500);
  };
  const replay = async (deliveryId: string) => {
    const { error: failed } = await api.POST("/webhooks/{webhook_id}/deliveries/{delivery_id}/replay", {
      params: { path: { webhook_id: w.id, delivery_id: deliveryId } },
    });
    if (failed) return setError(new Error(messageOf(failed)));
    setNote("Replay queued.");
    setTimeout(deliveries.reload, 1500);
  };
  const remove = async () => {
    if (!confirm("Delete this webhook?")) return;
    const { error: failed } = await api.DELETE("/webhooks/{webhook_id}", { params: { path } });
    if (failed) return setError(new Error(messageOf(failed)));
    props.onChanged();
  };

  return (
    <Card
      class="webhook"
      title={w.url}
      actions={
        <Badge tone={w.active ? "ok" : w.disabled_at ? "bad" : "muted"}>
          {w.active ? "active" : w.disabled_at ? "disabled" : "inactive"}
        </Badge>
      }
    >
      {w.disabled_at && (
        <p class="note" role="alert" data-testid="webhook-disabled">
          Disabled {fmtDate(w.disabled_at)}: every delivery failed since {fmtDate(w.failing_since)}. Fix the endpoint,
          make it active again (Edit), then recover what it missed.
        </p>
      )}
      {rotated && (
        <Secret
          label="New signing secret"
          value={rotated}
          note="Deliveries are signed with both secrets for 24 hours, then with this one only. It is not shown again."
        />
      )}
      <p class="muted small">
        {w.events.join(", ")} · last delivery {fmtDate(w.last_triggered)}
        {w.description ? ` · ${w.description}` : ""}
        {w.rotation_overlap_ends_at && Date.parse(w.rotation_overlap_ends_at) > Date.now()
          ? ` · previous secret signs too until ${fmtDate(w.rotation_overlap_ends_at)}`
          : ""}
      </p>
      <div class="item-actions">
        <Button variant="ghost" onClick={props.onToggle} aria-expanded={props.open}>
          {props.open ? "Hide deliveries" : "Deliveries"}
        </Button>
        <Button variant="ghost" onClick={ping}>
          Send test ping
        </Button>
        <Button variant="ghost" onClick={() => setEditing(!editing)}>
          Edit
        </Button>
        <Button variant="ghost" onClick={rotate}>
          Rotate secret
        </Button>
        <Button variant="danger" onClick={remove}>
          Delete
        </Button>
      </div>
      {note && (
        <p class="note" role="status">
          {note}
        </p>
      )}
      <ErrorNote error={error} />
      {editing && (
        <form class="stack edit" onSubmit={save}>
          <Field label="Endpoint URL">
            <input name="url" type="url" required defaultValue={w.url} />
          </Field>
          <EventPicker checked={w.events} />
          <Field label="Description">
            <input name="description" defaultValue={w.description} />
          </Field>
          <label class="check">
            <input type="checkbox" name="active" defaultChecked={w.active} /> Active
          </label>
          <Button type="submit">Save</Button>
        </form>
      )}
      {props.open && (
        <div class="deliveries" data-testid="deliveries">
          <div class="card-header">
            <h3>Delivery log</h3>
            <Button variant="ghost" onClick={deliveries.reload}>
              Refresh
            </Button>
          </div>
          <div class="filters">
            <Field label="Status">
              <select
                value={status}
                onChange={(e) => setStatus((e.currentTarget as HTMLSelectElement).value as (typeof STATUSES)[number])}
              >
                {STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Event type">
              <select value={eventType} onChange={(e) => setEventType((e.currentTarget as HTMLSelectElement).value)}>
                <option value="">Any event</option>
                {[...EVENTS, "webhook.test"].map((ev) => (
                  <option key={ev} value={ev}>
                    {ev}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <form class="stack recover" onSubmit={recover}>
            <Field
              label="Recover failed deliveries since"
              hint="Resends failed, dead and skipped deliveries (up to 14 days back)."
            >
              <input name="since" type="datetime-local" required defaultValue={localInput(Date.now() - 86_400_000)} />
            </Field>
            <Button type="submit" variant="ghost" disabled={!w.active}>
              Recover
            </Button>
          </form>
          {deliveries.data && deliveries.data.deliveries.length === 0 && <Empty>No deliveries yet.</Empty>}
          <ul class="list">
            {[...(deliveries.data?.deliveries ?? []), ...more].map((d) => (
              <li key={d.id} class="list-item delivery">
                <div class="grow">
                  <div class="item-title">
                    <code>{d.event_type}</code> <StatusBadge status={d.status} />
                  </div>
                  <div class="muted small">
                    {fmtDate(d.created_at)} · {d.attempts} attempt{d.attempts === 1 ? "" : "s"}
                  </div>
                  <ol class="attempts">
                    {d.attempt_log.map((a) => (
                      <li key={a.attempt}>
                        #{a.attempt} · {a.status_code ?? "no response"} · {a.duration_ms} ms · {fmtDate(a.attempted_at)}
                        {a.error ? ` · ${a.error}` : ""}
                      </li>
                    ))}
                  </ol>
                </div>
                <div class="item-actions">
                  <Button variant="ghost" onClick={() => replay(d.id)}>
                    Replay
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          {cursor && (
            <Button variant="ghost" onClick={loadMore}>
              Load more
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}
