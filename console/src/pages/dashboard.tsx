import { api, unwrap } from "../api";
import { DailyBars } from "../components/charts";
import { GettingStarted } from "../components/getting-started";
import { Card, ErrorNote, fmtDay, Page, plural, Stat, StatusBadge, useLoad } from "../components/ui";

/** Credits, plan, status, next billing date and this month's usage (GET /v1/billing, /v1/users/me/stats). */
export function DashboardPage() {
  const billing = useLoad(() => unwrap(api.GET("/billing")));
  const stats = useLoad(() => unwrap(api.GET("/users/me/stats", { params: { query: { period: "month" } } })));
  const b = billing.data;
  const s = stats.data;
  const status = (b as { status?: string } | undefined)?.status ?? "active";
  return (
    <Page
      title="Dashboard"
      actions={
        <a class="btn btn-primary" href="/sessions/new">
          New session
        </a>
      }
    >
      <ErrorNote error={billing.error ?? stats.error} />
      <GettingStarted />
      <div class="stats-grid">
        <Stat
          testId="credits-remaining"
          label="Credits remaining"
          value={b ? b.credits.remaining.toLocaleString("en-US") : "…"}
          hint={b ? `${b.credits.used.toLocaleString("en-US")} used this period` : undefined}
        />
        <Stat
          label="Plan"
          value={b ? <span class="capitalize">{b.tier}</span> : "…"}
          hint={b ? <StatusBadge status={status} /> : undefined}
        />
        <Stat label="Next billing date" value={b ? fmtDay(b.next_billing_date) : "…"} />
        <Stat
          testId="month-usage"
          label="This month"
          value={b ? plural(b.usage.current_month.sessions, "session") : "…"}
          hint={b ? plural(b.usage.current_month.api_calls, "API call") : undefined}
        />
      </div>
      <div class="split even">
        <Card title="Sessions per day, last 30 days">
          {s ? (
            <div data-testid="sessions-chart">
              <DailyBars
                label="Sessions per day, last 30 days"
                days={s.daily_breakdown.map((d) => ({ date: d.date, values: [d.sessions] }))}
                series={[{ name: "sessions", one: "session", class: "series-a" }]}
              />
            </div>
          ) : (
            <p class="muted">Loading…</p>
          )}
        </Card>
        {/* Credits are on a scale of their own: a session costs 5 to 60 of them. */}
        <Card title="Credits used per day, last 30 days">
          {s ? (
            <div data-testid="credits-chart">
              <DailyBars
                label="Credits used per day, last 30 days"
                days={s.daily_breakdown.map((d) => ({ date: d.date, values: [d.credits_used] }))}
                series={[{ name: "credits used", one: "credit used", class: "series-b" }]}
              />
            </div>
          ) : (
            <p class="muted">Loading…</p>
          )}
        </Card>
        <Card title="API calls per day, last 30 days">
          {s ? (
            <div data-testid="api-calls-chart">
              <DailyBars
                label="API calls per day, last 30 days"
                days={s.daily_breakdown.map((d) => ({ date: d.date, values: [d.api_calls] }))}
                series={[{ name: "API calls", one: "API call", class: "series-c" }]}
              />
            </div>
          ) : (
            <p class="muted">Loading…</p>
          )}
        </Card>
      </div>
      {s && (
        <div class="stats-grid">
          <Stat label="Sessions completed" value={s.sessions.completed} hint={`${s.sessions.failed} failed`} />
          <Stat
            label="Success rate"
            value={s.sessions.completed + s.sessions.failed === 0 ? "—" : `${Math.round(s.success_rate * 100)}%`}
            hint={s.sessions.completed + s.sessions.failed === 0 ? "no session has ended yet" : undefined}
          />
          <Stat
            label="Average confidence"
            value={s.average_confidence === null ? "—" : `${Math.round(s.average_confidence * 100)}%`}
          />
          <Stat label="Credits used" value={s.credits_used.toLocaleString("en-US")} />
        </div>
      )}
    </Page>
  );
}
