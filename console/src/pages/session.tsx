import { useEffect, useState } from "preact/hooks";
import { api, CallError, messageOf, type Schema, unwrap } from "../api";
import { ConfidenceMeter, CoordinatePlot } from "../components/charts";
import { Button, Card, ErrorNote, fmtDate, fmtPct, fmtTime, Page, StatusBadge, useLoad } from "../components/ui";

type HistoryEntry = Schema<"AnalysisHistoryEntry">;
type Analysis = Schema<"Analysis">;
type Finding = Schema<"Finding">;
type Live = {
  status: string;
  stage: string | null;
  history: HistoryEntry[];
  connected: boolean;
};
const STAGES = ["initial_processing", "deep_analysis", "final_validation"] as const;
const TERMINAL = new Set(["completed", "failed", "cancelled"]);
const label = (s: string) => s.replace(/_/g, " ");

/**
 * Live progress over the session's WebSocket (/v1/ws/{id}, the browser sends the
 * session cookie; the Worker checks the Origin), then the results.
 */
function useLive(id: string | undefined, onTerminal: () => void): Live | undefined {
  const [live, setLive] = useState<Live>();
  useEffect(() => {
    if (!id) return;
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/v1/ws/${id}`);
    ws.onmessage = (e) => {
      const m = JSON.parse(String(e.data));
      if (m.type === "snapshot") {
        setLive({ status: m.status, stage: m.stage, history: m.history, connected: true });
        if (TERMINAL.has(m.status)) onTerminal();
      } else if (m.type === "stage") {
        setLive((l) => l && { ...l, stage: m.next_stage, history: [...l.history, m.entry] });
      } else if (m.type === "transition") {
        setLive((l) => l && { ...l, status: m.to, stage: m.stage });
        if (TERMINAL.has(m.to)) onTerminal();
      }
    };
    ws.onclose = () => setLive((l) => l && { ...l, connected: false });
    const ping = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send("ping"), 25_000);
    return () => {
      clearInterval(ping);
      ws.close();
    };
  }, [id]);
  return live;
}

export function SessionPage(props: { id: string }) {
  const session = useLoad(
    () => unwrap(api.GET("/sessions/{session_id}", { params: { path: { session_id: props.id } } })),
    [props.id],
  );
  const history = useLoad(
    () => unwrap(api.GET("/sessions/{session_id}/analysis/history", { params: { path: { session_id: props.id } } })),
    [props.id],
  );
  const notFound = session.error instanceof CallError && session.error.code === "SESSION_NOT_FOUND";
  const live = useLive(notFound ? undefined : props.id, () => {
    session.reload();
    history.reload();
  });
  const [error, setError] = useState<unknown>();
  const s = session.data;
  // The Analysis resource is the whole result (key findings, spatial and temporal data,
  // recommendations, metadata); the Session resource carries only its summary.
  const completed = s?.status === "completed";
  const analysis = useLoad(
    () =>
      completed
        ? unwrap(api.GET("/sessions/{session_id}/analysis", { params: { path: { session_id: props.id } } }))
        : Promise.resolve(undefined),
    [props.id, completed],
  );
  if (notFound) return <SessionNotFound id={props.id} />;
  const status = live?.status ?? s?.status;
  const entries: HistoryEntry[] =
    (live?.history.length ?? 0) >= (history.data?.analysis_history.length ?? 0)
      ? (live?.history ?? [])
      : history.data!.analysis_history;
  const done = new Set(entries.map((e) => e.stage));

  const cancel = async () => {
    const { error: failed } = await api.DELETE("/sessions/{session_id}", {
      params: { path: { session_id: props.id } },
    });
    if (failed) setError(new Error(messageOf(failed)));
    session.reload();
  };

  return (
    <Page
      title={s ? s.cue : "Session"}
      actions={
        status === "pending" || status === "processing" ? (
          <Button variant="danger" onClick={cancel}>
            Cancel session
          </Button>
        ) : undefined
      }
    >
      <ErrorNote error={session.error ?? error} />
      {s && (
        <div class="meta-row">
          <span data-testid="session-status">
            <StatusBadge status={status ?? s.status} />
          </span>
          <CopyId id={s.id} />
          <span>{label(s.session_type)}</span>
          <span>{s.credits_required} credits</span>
          <span>created {fmtDate(s.created_at)}</span>
          <span class={live?.connected ? "live on" : "live"}>{live?.connected ? "● live" : "○ not live"}</span>
        </div>
      )}
      <Card title="Progress">
        <ol class="stages" data-testid="stages">
          {STAGES.map((stage) => {
            const entry = entries.find((e) => e.stage === stage);
            const state = done.has(stage) ? "done" : live?.stage === stage || s?.stage === stage ? "active" : "todo";
            return (
              <li key={stage} class={`stage stage-${state}`} data-stage={stage} data-state={state}>
                <span class="stage-dot" aria-hidden="true" />
                <div>
                  <div class="stage-name">{label(stage)}</div>
                  <div class="muted small">
                    {entry
                      ? `${fmtTime(entry.timestamp)} · confidence ${fmtPct(entry.confidence)} · ${entry.notes}`
                      : state === "active"
                        ? "in progress…"
                        : "waiting"}
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      </Card>
      {s?.results && (
        <div class="split" data-testid="results">
          <Card title="Results">
            <p>{analysis.data?.results?.summary ?? s.results.summary}</p>
            {s.confidence_score !== null && (
              <ConfidenceMeter value={s.confidence_score} threshold={s.parameters.confidence_threshold} />
            )}
            <h3>Key findings</h3>
            <Findings items={analysis.data?.results?.key_findings} testId="key-findings" />
            <h3>Visual impressions</h3>
            <Findings items={analysis.data?.results?.detailed_analysis.visual_data ?? s.results.visual_data} />
          </Card>
          <Card title="Location">
            <CoordinatePlot
              latitude={s.results.coordinates.latitude}
              longitude={s.results.coordinates.longitude}
              radius={s.results.coordinates.accuracy_radius}
            />
            {analysis.data?.results && <Place analysis={analysis.data} />}
          </Card>
        </div>
      )}
      <ErrorNote error={analysis.error} />
      {analysis.data?.results && <AnalysisDetails analysis={analysis.data} />}
      {s?.error && (
        <Card title="Failure">
          <p>
            Processing failed with <code>{s.error.code}</code>; {s.credits_refunded} credits were refunded.
          </p>
        </Card>
      )}
      <Card title="History">
        <ol class="timeline" data-testid="timeline">
          <li>
            <strong>created</strong> <span class="muted">{fmtTime(s?.created_at)}</span>
          </li>
          {s?.started_at && (
            <li>
              <strong>processing started</strong> <span class="muted">{fmtTime(s.started_at)}</span>
            </li>
          )}
          {entries.map((e) => (
            <li key={e.stage + e.timestamp}>
              <strong>{label(e.stage)}</strong> <span class="muted">{fmtTime(e.timestamp)}</span>
              <div class="small">
                confidence {fmtPct(e.confidence)} · {e.notes}
              </div>
            </li>
          ))}
          {s?.completed_at && (
            <li>
              <strong>{s.status}</strong> <span class="muted">{fmtTime(s.completed_at)}</span>
            </li>
          )}
          {s?.cancelled_at && (
            <li>
              <strong>cancelled</strong> <span class="muted">{fmtTime(s.cancelled_at)}</span>
            </li>
          )}
        </ol>
      </Card>
    </Page>
  );
}

function SessionNotFound(props: { id: string }) {
  return (
    <Page title="Session not found">
      <Card>
        <p data-testid="session-not-found">
          There is no session <code>{props.id}</code> for the account you are acting as. It may belong to another
          account or organization, or the link may be mistyped.
        </p>
        <p>
          <a href="/sessions">Back to your sessions</a>
        </p>
      </Card>
    </Page>
  );
}

function CopyId(props: { id: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <span class="copy-id">
      <code data-testid="session-id">{props.id}</code>
      <Button
        variant="ghost"
        class="btn-small"
        aria-label="Copy session id"
        onClick={async () => {
          await navigator.clipboard?.writeText(props.id).catch(() => undefined);
          setCopied(true);
        }}
      >
        {copied ? "Copied" : "Copy"}
      </Button>
    </span>
  );
}

function Findings(props: { items: Finding[] | undefined; testId?: string }) {
  if (!props.items) return <p class="muted">Loading…</p>;
  return (
    <ul class="findings" data-testid={props.testId}>
      {props.items.map((f) => (
        <li key={`${f.type}-${f.description}`}>
          <span class="finding-type">{label(f.type)}</span>
          <span>{f.description}</span>
          <span class="muted">confidence {fmtPct(f.confidence)}</span>
        </li>
      ))}
      {props.items.length === 0 && <li class="muted">No finding above the threshold.</li>}
    </ul>
  );
}

function Place(props: { analysis: Analysis }) {
  const spatial = props.analysis.results!.detailed_analysis.spatial_data;
  return (
    <dl class="facts" data-testid="spatial">
      <dt>Terrain</dt>
      <dd>{spatial.terrain}</dd>
      <dt>Depth</dt>
      <dd>{spatial.depth}</dd>
    </dl>
  );
}

function AnalysisDetails(props: { analysis: Analysis }) {
  const { results, metadata } = props.analysis;
  const temporal = results!.detailed_analysis.temporal_data;
  return (
    <div class="split even">
      <Card title="Recommendations">
        <ul data-testid="recommendations">
          {results!.recommendations.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
        {results!.recommendations.length === 0 && <p class="muted">No recommendation for this session.</p>}
      </Card>
      <Card title="Time and analysis">
        <dl class="facts" data-testid="analysis-metadata">
          <dt>Time of event</dt>
          <dd>{fmtTime(temporal.time_of_event)}</dd>
          <dt>Current status</dt>
          <dd>{temporal.current_status}</dd>
          {metadata && (
            <>
              <dt>Model</dt>
              <dd>{metadata.model_version}</dd>
              <dt>Data points analysed</dt>
              <dd>{metadata.data_points_analyzed.toLocaleString("en-US")}</dd>
              <dt>Processing nodes</dt>
              <dd>{metadata.processing_nodes}</dd>
              <dt>Analysis time</dt>
              <dd>{metadata.analysis_duration} s</dd>
            </>
          )}
        </dl>
      </Card>
    </div>
  );
}
