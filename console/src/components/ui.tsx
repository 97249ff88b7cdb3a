import type { ButtonHTMLAttributes, ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { messageOf } from "../api";

export function Page(props: { title: string; actions?: ComponentChildren; children: ComponentChildren }) {
  useEffect(() => {
    document.title = `${props.title} · Session Analysis`;
  }, [props.title]);
  return (
    <section class="page">
      <header class="page-header">
        <h1>{props.title}</h1>
        {props.actions && <div class="page-actions">{props.actions}</div>}
      </header>
      {props.children}
    </section>
  );
}

export function Card(props: {
  title?: string;
  children: ComponentChildren;
  class?: string;
  actions?: ComponentChildren;
}) {
  return (
    <div class={`card ${props.class ?? ""}`}>
      {(props.title || props.actions) && (
        <div class="card-header">
          {props.title && <h2>{props.title}</h2>}
          {props.actions}
        </div>
      )}
      {props.children}
    </div>
  );
}

export function Stat(props: { label: string; value: ComponentChildren; hint?: ComponentChildren; testId?: string }) {
  return (
    <div class="stat" data-testid={props.testId}>
      <div class="stat-label">{props.label}</div>
      <div class="stat-value">{props.value}</div>
      {props.hint && <div class="stat-hint">{props.hint}</div>}
    </div>
  );
}

export function Badge(props: { tone?: "ok" | "warn" | "bad" | "info" | "muted"; children: ComponentChildren }) {
  return <span class={`badge badge-${props.tone ?? "muted"}`}>{props.children}</span>;
}

const STATUS_TONE: Record<string, "ok" | "warn" | "bad" | "info" | "muted"> = {
  completed: "ok",
  succeeded: "ok",
  active: "ok",
  processing: "info",
  pending: "warn",
  retrying: "warn",
  trialing: "info",
  failed: "bad",
  dead: "bad",
  past_due: "bad",
  cancelled: "muted",
  skipped: "muted",
  revoked: "bad",
  expired: "muted",
};

export function StatusBadge(props: { status: string }) {
  return <Badge tone={STATUS_TONE[props.status] ?? "muted"}>{props.status.replace(/_/g, " ")}</Badge>;
}

export function ErrorNote(props: { error: unknown }) {
  if (!props.error) return null;
  return (
    <p class="note note-error" role="alert">
      {messageOf(props.error)}
      {codeOf(props.error) === "ORGANIZATION_MFA_REQUIRED" && (
        <>
          {" "}
          <a href="/security">Add a second factor on the Security page</a>.
        </>
      )}
    </p>
  );
}

/** The catalogue code of a refusal: a CallError's, or a failed call's envelope. */
function codeOf(error: unknown): string | undefined {
  const e = error as { code?: unknown; error?: { code?: unknown } };
  const code = e.code ?? e.error?.code;
  return typeof code === "string" ? code : undefined;
}

/**
 * A table that scrolls sideways on narrow screens; focusable so keyboard users
 * can scroll it (axe scrollable-region-focusable, WCAG 2.1.1).
 */
function TableWrap(props: { label: string; children: ComponentChildren }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard
    <section class="table-wrap" tabIndex={0} aria-label={props.label}>
      {props.children}
    </section>
  );
}

/** One column of a DataTable: its header and how a row fills its cell. */
export interface Column<T> {
  header: ComponentChildren;
  /** The header as words, shown beside the cell when a narrow screen stacks the row (default: `header` if text). */
  label?: string;
  cell: (row: T) => ComponentChildren;
  /** Right-aligned figures, header included. */
  numeric?: boolean;
  /** More classes on the column's cells (`nowrap`, `small`, or per row: `pos` / `neg`). */
  class?: string | ((row: T) => string);
}

/**
 * A list resource as a table: column headers scoped for screen readers, one row
 * per item, inside a keyboard-scrollable region named `label`. On a narrow screen
 * (styles.css, max-width 820px) each row stacks into a card, every cell labelled
 * with its column, so no status, credits or amount sits off-screen behind a scroll.
 */
export function DataTable<T>(props: {
  label: string;
  testId?: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
}) {
  const cellClass = (c: Column<T>, row: T) =>
    [c.numeric ? "num" : "", typeof c.class === "function" ? c.class(row) : (c.class ?? "")].join(" ").trim() ||
    undefined;
  return (
    <TableWrap label={props.label}>
      <table class="stacking" data-testid={props.testId}>
        <thead>
          <tr>
            {props.columns.map((c, i) => (
              <th key={i} scope="col" class={c.numeric ? "num" : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows?.map((row) => (
            <tr key={props.rowKey(row)}>
              {props.columns.map((c, i) => (
                <td
                  key={i}
                  class={cellClass(c, row)}
                  data-label={c.label ?? (typeof c.header === "string" ? c.header : undefined)}
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

/** Previous/next over an offset-paginated list (the API's `pagination`). */
export function Pager(props: {
  pagination: { total: number; limit: number; offset: number; has_more: boolean } | undefined;
  onOffset: (offset: number) => void;
}) {
  const p = props.pagination;
  if (!p || p.total <= p.limit) return null;
  return (
    <div class="pager">
      <span class="muted">
        {p.offset + 1}–{Math.min(p.offset + p.limit, p.total)} of {p.total}
      </span>
      <Button variant="ghost" disabled={p.offset === 0} onClick={() => props.onOffset(Math.max(0, p.offset - p.limit))}>
        Previous
      </Button>
      <Button variant="ghost" disabled={!p.has_more} onClick={() => props.onOffset(p.offset + p.limit)}>
        Next
      </Button>
    </div>
  );
}

export function Empty(props: { children: ComponentChildren }) {
  return <p class="empty">{props.children}</p>;
}

export function Field(props: { label: string; hint?: string; children: ComponentChildren }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is passed in as a child
    <label class="field">
      <span class="field-label">{props.label}</span>
      {props.children}
      {props.hint && <span class="field-hint">{props.hint}</span>}
    </label>
  );
}

export function Button(props: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: "primary" | "ghost" | "danger" }) {
  const { variant = "primary", class: cls, ...rest } = props;
  return <button type="button" class={`btn btn-${variant} ${cls ?? ""}`} {...rest} />;
}

/** A secret shown once, with a copy button. */
export function Secret(props: { label: string; value: string; note?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div class="secret" role="status">
      <div class="secret-label">{props.label}</div>
      <div class="secret-row">
        <code data-testid="secret-value">{props.value}</code>
        <Button
          variant="ghost"
          onClick={async () => {
            await navigator.clipboard?.writeText(props.value).catch(() => undefined);
            setCopied(true);
          }}
        >
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
      <p class="secret-note">{props.note ?? "Store it now: it is not shown again."}</p>
    </div>
  );
}

/** Loads once (and again when `deps` change); `reload` refetches. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[] = []) {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => live && setState({ data, loading: false }),
      (error) => live && setState({ error, loading: false }),
    );
    return () => {
      live = false;
    };
  }, [...deps, tick]);
  return { ...state, reload: () => setTick((t) => t + 1) };
}

export const fmtDate = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" }) : "—";
export const fmtTime = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "medium" }) : "—";
export const fmtDay = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" }) : "—";
export const fmtMoney = (amount: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency }).format(amount);
export const fmtPct = (x: number | null | undefined) =>
  x === null || x === undefined ? "—" : `${Math.round(x * 100)}%`;

/** "1 session", "2 sessions", "1,000 API calls". */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
