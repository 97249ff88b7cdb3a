import { useState } from "preact/hooks";
import { api, idempotencyKey, messageOf, type Schema, unwrap } from "../api";
import {
  Badge,
  Button,
  Card,
  DataTable,
  Empty,
  ErrorNote,
  Field,
  fmtDate,
  fmtDay,
  fmtMoney,
  Page,
  plural,
  Stat,
  StatusBadge,
  useLoad,
} from "../components/ui";

type Tier = Schema<"PlanChangeRequest">["tier"];
type Transaction = Schema<"Transaction">;

const CUE_LENGTH = 40;
const words = (code: string) => code.replace(/_/g, " ");

/**
 * A history row as a sentence: "Session “Describe the…” · remote viewing", "Purchase of 100 credits".
 * Movements without a better wording keep the API's own description.
 */
export function HistoryDescription(props: { t: Transaction }) {
  const { t } = props;
  if (t.session && (t.type === "session_debit" || t.type === "session_refund" || t.type === "session_reprice")) {
    const cue = t.session.cue.length > CUE_LENGTH ? `${t.session.cue.slice(0, CUE_LENGTH).trimEnd()}…` : t.session.cue;
    const lead = {
      session_debit: "Session",
      session_refund: "Refund for session",
      session_reprice: "Repricing of session",
    }[t.type];
    return (
      <span>
        {lead} “<a href={`/sessions/${t.session.id}`}>{cue}</a>” · {words(t.session.session_type)}
      </span>
    );
  }
  if (t.type === "credit_purchase") return <span>Purchase of {plural(t.credits, "credit")}</span>;
  return <span>{t.description}</span>;
}
const TIERS: Tier[] = ["basic", "professional", "enterprise"];

/** Plan, plan change, payment methods, buying credits and the transaction history (/v1/billing/*). */
export function BillingPage() {
  const billing = useLoad(() => unwrap(api.GET("/billing")));
  const packages = useLoad(() => unwrap(api.GET("/billing/packages")));
  const methods = useLoad(() => unwrap(api.GET("/billing/payment-methods")));
  const historyLoad = useLoad(() => unwrap(api.GET("/billing/history", { params: { query: { limit: 20 } } })));
  const [error, setError] = useState<unknown>();
  const [note, setNote] = useState<string>();
  const [busy, setBusy] = useState(false);
  const b = billing.data;
  const cards = methods.data?.payment_methods ?? [];
  const plans = packages.data?.plans ?? [];

  const addCard = async (e: SubmitEvent) => {
    e.preventDefault();
    const formEl = e.currentTarget as HTMLFormElement;
    const form = new FormData(formEl);
    const [month, year] = String(form.get("expiry")).split("/");
    setError(undefined);
    const { error: failed } = await api.POST("/billing/payment-methods", {
      body: {
        number: String(form.get("number")).replace(/\s+/g, ""),
        exp_month: Number(month),
        exp_year: 2000 + Number(year),
        cvc: String(form.get("cvc")),
        set_default: cards.length === 0 || form.get("default") === "on",
      },
    });
    if (failed) return setError(new Error(messageOf(failed)));
    formEl.reset();
    methods.reload();
    billing.reload();
  };

  const cardAction = async (call: Promise<{ error?: unknown }>, done: string) => {
    setError(undefined);
    setNote(undefined);
    const { error: failed } = await call;
    if (failed) return setError(new Error(messageOf(failed)));
    setNote(done);
    methods.reload();
    billing.reload();
  };
  const makeDefault = (id: string) =>
    cardAction(
      api.POST("/billing/payment-methods/{payment_method_id}/default", { params: { path: { payment_method_id: id } } }),
      "Default card changed.",
    );
  const removeCard = (id: string) =>
    cardAction(
      api.DELETE("/billing/payment-methods/{payment_method_id}", { params: { path: { payment_method_id: id } } }),
      "Card removed.",
    );

  const changePlan = async (e: SubmitEvent) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    const method = String(form.get("method") ?? "");
    setBusy(true);
    setError(undefined);
    setNote(undefined);
    const { data, error: failed } = await api.PUT("/billing/plan", {
      body: { tier: String(form.get("tier")) as Tier, ...(method ? { payment_method_id: method } : {}) },
    });
    setBusy(false);
    if (failed || !data) return setError(new Error(messageOf(failed)));
    const r = data.data;
    setNote(
      r.billing.pending_tier
        ? `Your plan changes to ${r.billing.pending_tier} on ${fmtDay(r.billing.current_period_end)}.`
        : r.charge
          ? `Now on ${r.billing.tier}: charged ${fmtMoney(r.charge.amount, r.charge.currency)} for the rest of the period, ${r.charge.credits.toLocaleString("en-US")} credits added.`
          : `Now on ${r.billing.tier}.`,
    );
    billing.reload();
    historyLoad.reload();
  };

  const buy = async (e: SubmitEvent) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    setBusy(true);
    setError(undefined);
    setNote(undefined);
    const { data, error: failed } = await api.POST("/billing/credits/purchase", {
      body: {
        credit_package: String(form.get("package")) as never,
        payment_method_id: String(form.get("method")),
        quantity: Number(form.get("quantity")),
      },
      params: { header: { "idempotency-key": idempotencyKey() } },
    });
    setBusy(false);
    // A refused charge is recorded as a failed transaction: the history shows it either way.
    historyLoad.reload();
    if (failed || !data) return setError(new Error(messageOf(failed)));
    setNote(
      `Bought ${data.data.credits_purchased.toLocaleString("en-US")} credits for ${fmtMoney(data.data.amount, data.data.currency)}. New balance: ${data.data.new_balance.toLocaleString("en-US")}.`,
    );
    billing.reload();
    historyLoad.reload();
  };

  return (
    <Page title="Billing">
      <ErrorNote error={error ?? billing.error} />
      {note && (
        <p class="note note-ok" role="status" data-testid="purchase-result">
          {note}
        </p>
      )}
      <div class="stats-grid">
        <Stat
          testId="billing-plan"
          label="Plan"
          value={b ? <span class="capitalize">{b.tier}</span> : "…"}
          hint={
            b ? (
              <>
                {fmtMoney(b.monthly_fee, b.currency)} / month <StatusBadge status={b.status} />
                {b.trial_ends_at && <div>trial ends {fmtDay(b.trial_ends_at)}</div>}
                {b.pending_tier && (
                  <div data-testid="pending-tier">
                    changes to <span class="capitalize">{b.pending_tier}</span> on {fmtDay(b.current_period_end)}
                  </div>
                )}
              </>
            ) : undefined
          }
        />
        <Stat
          testId="billing-credits"
          label="Credits remaining"
          value={b ? b.credits.remaining.toLocaleString("en-US") : "…"}
          hint={b ? `${b.credits.included.toLocaleString("en-US")} included` : undefined}
        />
        <Stat
          label="Next billing date"
          value={b ? fmtDay(b.next_billing_date) : "…"}
          hint={b ? `credits reset ${fmtDay(b.credits.reset_date)}` : undefined}
        />
      </div>
      <Card title="Change plan">
        <form class="row plan-change" onSubmit={changePlan}>
          <Field label="Plan">
            <select name="tier" key={`${b?.tier}-${b?.pending_tier}`}>
              {TIERS.map((t) => {
                const plan = plans.find((p) => p.tier === t);
                return (
                  <option key={t} value={t} selected={t === (b?.pending_tier ?? b?.tier)}>
                    {t[0]!.toUpperCase() + t.slice(1)}
                    {plan
                      ? ` — ${plan.monthly_fee ? `${fmtMoney(plan.monthly_fee, plan.currency)}/month` : "free"}`
                      : ""}
                    {t === b?.tier ? " (current)" : ""}
                  </option>
                );
              })}
            </select>
          </Field>
          <Field label="Charge card">
            <select name="method">
              <option value="">Default payment method</option>
              {cards.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.brand} ···· {c.last_four}
                </option>
              ))}
            </select>
          </Field>
          <div>
            <Button type="submit" disabled={busy}>
              Change plan
            </Button>
          </div>
        </form>
        <p class="muted small">Upgrades apply now, prorated; downgrades at the end of the period.</p>
        <ul class="plans" data-testid="plans">
          {plans.map((p) => (
            <li key={p.tier}>
              <strong class="capitalize">{p.tier}</strong>{" "}
              {p.monthly_fee ? `${fmtMoney(p.monthly_fee, p.currency)} a month` : "free"}:{" "}
              {p.included_credits.toLocaleString("en-US")} credits included each period,{" "}
              {p.requests_per_minute.toLocaleString("en-US")} requests a minute,{" "}
              {p.concurrent_sessions.toLocaleString("en-US")} sessions at once.
            </li>
          ))}
        </ul>
      </Card>
      <div class="split">
        <Card title="Buy credits">
          {cards.length === 0 ? (
            <Empty>Add a card under Payment methods first; then choose a package here.</Empty>
          ) : (
            <form class="stack" onSubmit={buy}>
              <Field label="Package">
                <select name="package">
                  {packages.data?.packages.map((p) => (
                    <option key={p.code} value={p.code}>
                      {p.name} — {p.credits.toLocaleString("en-US")} credits for {fmtMoney(p.price, p.currency)}
                    </option>
                  ))}
                </select>
              </Field>
              <div class="row">
                <Field label="Quantity">
                  <input name="quantity" type="number" min={1} max={10} defaultValue="1" />
                </Field>
                <Field label="Card">
                  <select name="method" key={cards.find((c) => c.is_default)?.id}>
                    {cards.map((c) => (
                      <option key={c.id} value={c.id} selected={c.is_default}>
                        {c.brand} ···· {c.last_four}
                      </option>
                    ))}
                  </select>
                </Field>
              </div>
              <Button type="submit" disabled={busy}>
                {busy ? "Charging…" : "Buy credits"}
              </Button>
            </form>
          )}
        </Card>
        <Card title="Payment methods">
          <ul class="list">
            {cards.map((c) => (
              <li key={c.id} class="list-item">
                <div class="grow">
                  <span class="capitalize">{c.brand}</span> ···· {c.last_four}{" "}
                  <span class="muted">expires {c.expiry}</span>
                </div>
                {c.is_default ? (
                  <Badge tone="info">default</Badge>
                ) : (
                  <Button variant="ghost" class="btn-small" onClick={() => makeDefault(c.id)}>
                    Make default
                  </Button>
                )}
                <Button
                  variant="danger"
                  class="btn-small"
                  aria-label={`Remove ${c.brand} ending ${c.last_four}`}
                  onClick={() => removeCard(c.id)}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
          <form class="stack" onSubmit={addCard}>
            <Field label="Card number" hint="Test mode: 4242 4242 4242 4242 succeeds.">
              <input
                name="number"
                inputMode="numeric"
                autocomplete="cc-number"
                required
                placeholder="4242 4242 4242 4242"
              />
            </Field>
            <div class="row">
              <Field label="Expiry (MM/YY)">
                <input name="expiry" required pattern="\d{1,2}/\d{2}" placeholder="12/30" autocomplete="cc-exp" />
              </Field>
              <Field label="CVC">
                <input name="cvc" required pattern="\d{3,4}" inputMode="numeric" autocomplete="cc-csc" />
              </Field>
            </div>
            {cards.length > 0 && (
              <label class="check">
                <input type="checkbox" name="default" /> Make default
              </label>
            )}
            <Button type="submit" variant="ghost">
              Add card
            </Button>
          </form>
        </Card>
      </div>
      <Card
        title="History"
        actions={
          <a class="btn btn-ghost" href="/v1/exports/transactions?format=csv" download>
            Export CSV
          </a>
        }
      >
        <DataTable
          label="Transactions"
          testId="transactions"
          rows={historyLoad.data?.transactions}
          rowKey={(t) => t.id}
          columns={[
            { header: "Date", class: "nowrap", cell: (t) => fmtDate(t.created_at) },
            { header: "Description", cell: (t) => <HistoryDescription t={t} /> },
            { header: "Status", cell: (t) => <StatusBadge status={t.status} /> },
            {
              header: "Credits",
              numeric: true,
              // A failed charge added nothing: never shown as credits gained.
              class: (t) => (t.status === "failed" ? "muted" : t.credits >= 0 ? "pos" : "neg"),
              cell: (t) =>
                t.status === "failed"
                  ? "none added"
                  : `${t.credits > 0 ? "+" : ""}${t.credits.toLocaleString("en-US")}`,
            },
            { header: "Amount", numeric: true, cell: (t) => (t.amount ? fmtMoney(t.amount, t.currency) : "—") },
          ]}
        />
      </Card>
    </Page>
  );
}
