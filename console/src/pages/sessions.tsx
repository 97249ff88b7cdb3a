import { useEffect, useState } from "preact/hooks";
import { api, idempotencyKey, messageOf, type paths, type Schema, unwrap } from "../api";
import {
  Button,
  Card,
  DataTable,
  Empty,
  ErrorNote,
  Field,
  fmtDate,
  fmtPct,
  Page,
  Pager,
  StatusBadge,
  useLoad,
} from "../components/ui";
import { navigate } from "../router";

type ListQuery = paths["/sessions"]["get"]["parameters"]["query"];
const STATUSES = ["pending", "processing", "completed", "failed", "cancelled"] as const;
const TYPES = ["remote_viewing", "dowsing", "precognition", "intuitive_analysis"] as const;
const ANALYSIS = ["visual", "spatial", "temporal"] as const;
const PAGE = 20;

const label = (s: string) => s.replace(/_/g, " ");

/** The list with the API's own filters and sort (GET /v1/sessions). */
export function SessionsPage() {
  const params = new URLSearchParams(location.search);
  const [query, setQuery] = useState<NonNullable<ListQuery>>({
    status: (params.get("status") as (typeof STATUSES)[number]) || undefined,
    session_type: (params.get("session_type") as (typeof TYPES)[number]) || undefined,
    sort_by: (params.get("sort_by") as "created_at") || "created_at",
    order: (params.get("order") as "desc") || "desc",
    limit: PAGE,
    offset: 0,
  });
  const list = useLoad(() => unwrap(api.GET("/sessions", { params: { query } })), [JSON.stringify(query)]);
  const set = (patch: Partial<NonNullable<ListQuery>>) => {
    const next = { ...query, offset: 0, ...patch };
    setQuery(next);
    const qs = new URLSearchParams();
    for (const k of ["status", "session_type", "sort_by", "order"] as const) if (next[k]) qs.set(k, String(next[k]));
    history.replaceState(null, "", `/sessions${qs.size ? `?${qs}` : ""}`);
  };
  const p = list.data?.pagination;

  return (
    <Page
      title="Sessions"
      actions={
        <a class="btn btn-primary" href="/sessions/new">
          New session
        </a>
      }
    >
      <Card>
        <div class="filters">
          <Field label="Status">
            <select
              value={query.status ?? ""}
              onChange={(e) => set({ status: (e.currentTarget.value || undefined) as never })}
            >
              <option value="">Any</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {label(s)}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Type">
            <select
              value={query.session_type ?? ""}
              onChange={(e) => set({ session_type: (e.currentTarget.value || undefined) as never })}
            >
              <option value="">Any</option>
              {TYPES.map((s) => (
                <option key={s} value={s}>
                  {label(s)}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Sort by">
            <select value={query.sort_by} onChange={(e) => set({ sort_by: e.currentTarget.value as never })}>
              <option value="created_at">created</option>
              <option value="completed_at">completed</option>
              <option value="confidence_score">confidence</option>
            </select>
          </Field>
          <Field label="Order">
            <select value={query.order} onChange={(e) => set({ order: e.currentTarget.value as never })}>
              <option value="desc">newest / highest first</option>
              <option value="asc">oldest / lowest first</option>
            </select>
          </Field>
        </div>
        <ErrorNote error={list.error} />
        {list.data && list.data.sessions.length === 0 ? (
          <Empty>
            No sessions yet. <a href="/sessions/new">Create your first session</a>.
          </Empty>
        ) : (
          <DataTable
            label="Sessions"
            rows={list.data?.sessions}
            rowKey={(s) => s.id}
            columns={[
              { header: "Cue", class: "cue", cell: (s) => <a href={`/sessions/${s.id}`}>{s.cue}</a> },
              { header: "Type", cell: (s) => label(s.session_type) },
              { header: "Status", cell: (s) => <StatusBadge status={s.status} /> },
              { header: "Confidence", cell: (s) => fmtPct(s.confidence_score) },
              { header: "Credits", cell: (s) => s.credits_used },
              { header: "Created", class: "nowrap", cell: (s) => fmtDate(s.created_at) },
            ]}
          />
        )}
        <Pager pagination={p} onOffset={(offset) => setQuery({ ...query, offset })} />
      </Card>
    </Page>
  );
}

type Quote = Schema<"SessionQuote">;
const LINE_LABEL: Record<Quote["lines"][number]["kind"], (q: number, type: string) => string> = {
  base: (_, type) => `Base price (${type})`,
  duration_minutes: (q) => `${q} started minute${q === 1 ? "" : "s"}`,
  extra_analysis_types: (q) => `${q} extra analysis type${q === 1 ? "" : "s"}`,
  priority: (q) => (q === 1 ? "Normal priority" : `High priority (× ${q})`),
};

/** Asks after a transient failure before the preview shows the error (3.5 s of waits without Retry-After). */
const QUOTE_ATTEMPTS = 4;

/**
 * How long to wait before asking again after a transient failure, or undefined when asking again
 * cannot help. Transient: no answer at all (the fetch rejected), 429 (RFC 6585 §4, honouring its
 * Retry-After, RFC 9110 §10.2.3) and 5xx (RFC 9110 §15.6: 503 and 502 say "try again later").
 */
function retryDelay(response: Response | undefined, attempt: number): number | undefined {
  if (attempt >= QUOTE_ATTEMPTS) return undefined;
  if (response && response.status !== 429 && response.status < 500) return undefined;
  const after = Number(response?.headers.get("Retry-After"));
  return Number.isFinite(after) && after > 0 ? Math.min(after, 10) * 1000 : 500 * 2 ** (attempt - 1);
}

/**
 * The price from the API (POST /v1/sessions/quote): the console holds no copy of
 * the formula. Asked again a moment after the priced fields stop changing, and
 * after a transient failure, so a preview recovers on its own as a person expects.
 */
function useQuote(type: (typeof TYPES)[number], duration: number, analysis: string[], priority: string) {
  const [quote, setQuote] = useState<{ data?: Quote; error?: unknown }>({});
  const key = JSON.stringify([type, duration, analysis, priority]);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout>;
    const ask = async (attempt: number) => {
      let answer: { data?: { data: Quote }; error?: unknown; response?: Response };
      try {
        answer = await api.POST("/sessions/quote", {
          body: {
            session_type: type,
            parameters: {
              duration,
              analysis_types: analysis as Schema<"SessionParametersInput">["analysis_types"],
              priority: priority as "normal",
            },
          },
        });
      } catch (err) {
        answer = { error: err };
      }
      if (!live) return;
      if (answer.data) return setQuote({ data: answer.data.data });
      const delay = retryDelay(answer.response, attempt);
      if (delay === undefined) setQuote({ error: answer.error });
      else timer = setTimeout(() => ask(attempt + 1), delay);
    };
    timer = setTimeout(() => ask(1), 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key]);
  return quote;
}

export function NewSessionPage() {
  const [type, setType] = useState<(typeof TYPES)[number]>("remote_viewing");
  const [duration, setDuration] = useState(300);
  const [analysis, setAnalysis] = useState<string[]>(["visual"]);
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [priority, setPriority] = useState("normal");
  const quote = useQuote(type, duration, analysis, priority);
  const price = quote.data?.credits_required;
  const remaining = quote.data?.credits_remaining;

  const submit = async (e: Event) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    setBusy(true);
    setError(undefined);
    try {
      const tags = String(form.get("tags") ?? "")
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean);
      const body: Schema<"CreateSessionRequest"> = {
        cue: String(form.get("cue")),
        session_type: type,
        parameters: {
          duration,
          analysis_types: analysis as Schema<"SessionParametersInput">["analysis_types"],
          confidence_threshold: Number(form.get("threshold")),
          priority: form.get("priority") as "normal",
        },
        metadata: { tags, ...(form.get("case_id") ? { case_id: String(form.get("case_id")) } : {}) },
      };
      const { data, error: failed } = await api.POST("/sessions", {
        body,
        params: { header: { "idempotency-key": idempotencyKey() } },
      });
      if (failed || !data) throw new Error(messageOf(failed));
      navigate(`/sessions/${data.data.id}`);
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };

  return (
    <Page title="New session">
      <div class="split">
        <Card>
          <form class="stack" onSubmit={submit}>
            <Field label="Cue" hint="The question or target, up to 2,000 characters.">
              <textarea name="cue" required maxLength={2000} rows={3} />
            </Field>
            <div class="row">
              <Field label="Session type">
                <select name="session_type" value={type} onChange={(e) => setType(e.currentTarget.value as never)}>
                  {TYPES.map((t) => (
                    <option key={t} value={t}>
                      {label(t)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label="Duration (seconds)" hint="30–3600">
                <input
                  name="duration"
                  type="number"
                  min={30}
                  max={3600}
                  step={30}
                  value={duration}
                  onInput={(e) => setDuration(Math.min(3600, Math.max(30, Number(e.currentTarget.value) || 30)))}
                />
              </Field>
            </div>
            <fieldset class="checks">
              <legend>Analysis types</legend>
              {ANALYSIS.map((a) => (
                <label key={a} class="check">
                  <input
                    type="checkbox"
                    checked={analysis.includes(a)}
                    onChange={(e) =>
                      setAnalysis(
                        e.currentTarget.checked
                          ? [...analysis, a]
                          : analysis.length > 1
                            ? analysis.filter((x) => x !== a)
                            : analysis,
                      )
                    }
                  />{" "}
                  {a}
                </label>
              ))}
            </fieldset>
            <div class="row">
              <Field label="Confidence threshold" hint="Findings below it are left out.">
                <input name="threshold" type="number" min={0} max={1} step={0.05} value={0.5} />
              </Field>
              <Field label="Priority">
                <select name="priority" value={priority} onChange={(e) => setPriority(e.currentTarget.value)}>
                  <option value="normal">normal</option>
                  <option value="high">high</option>
                </select>
              </Field>
            </div>
            <div class="row">
              <Field label="Case id (optional)">
                <input name="case_id" maxLength={100} />
              </Field>
              <Field label="Tags (comma separated)">
                <input name="tags" />
              </Field>
            </div>
            <ErrorNote error={error} />
            <Button type="submit" disabled={busy}>
              {busy ? "Creating…" : `Create session · ${price ?? "…"} credits`}
            </Button>
          </form>
        </Card>
        <Card title="Price" class="price-card">
          <ErrorNote error={quote.error} />
          <div class="price" data-testid="price-preview">
            <span class="price-value">{price ?? "…"}</span> credits
          </div>
          <ul class="price-lines">
            {quote.data?.lines
              .filter((l) => l.kind !== "priority" || l.credits > 0)
              .map((l) => (
                <li key={l.kind}>
                  <span>{LINE_LABEL[l.kind](l.quantity, label(type))}</span>
                  <span>{l.credits}</span>
                </li>
              ))}
          </ul>
          {quote.data && remaining !== undefined && (
            <p class={quote.data.sufficient ? "muted" : "note note-error"}>
              {remaining.toLocaleString("en-US")} credits available
              {quote.data.sufficient ? "." : " — not enough: buy credits under Billing."}
            </p>
          )}
        </Card>
      </div>
    </Page>
  );
}
