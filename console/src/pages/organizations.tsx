import { useState } from "preact/hooks";
import { actingOrganization, api, messageOf, type Schema, setActingOrganization, unwrap } from "../api";
import { OrgTabs } from "../components/org-tabs";
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
  Page,
  Pager,
  Secret,
  StatusBadge,
  useLoad,
} from "../components/ui";
import { navigate } from "../router";

type Role = Schema<"Organization">["role"];
type Member = Schema<"OrganizationMember">;
const ROLES: Role[] = ["owner", "admin", "member"];
/** Least privilege first: the form's default (and what a reset returns to) is member. */
const INVITE_ROLES: Role[] = ["member", "admin", "owner"];
const RANK: Record<Role, number> = { member: 0, admin: 1, owner: 2 };
const atLeast = (role: Role | undefined, needed: Role) => role !== undefined && RANK[role] >= RANK[needed];

/** Tells the shell's organization switcher to reload its list. */
const organizationsChanged = () => window.dispatchEvent(new Event("sas:organizations"));

/** Calls the API and turns a failure into a thrown Error with the envelope's message. */
async function attempt(call: Promise<{ error?: unknown }>): Promise<void> {
  const { error } = await call;
  if (error !== undefined) throw new Error(messageOf(error));
}

/** The organizations you belong to, creating one, and accepting an invitation by its token. */
export function OrganizationsPage() {
  const orgs = useLoad(() => unwrap(api.GET("/organizations")));
  const [error, setError] = useState<unknown>();
  // Leaving navigates here: the organization left is named once (?left=<name>).
  const [note, setNote] = useState<string | undefined>(() => {
    const left = new URLSearchParams(location.search).get("left");
    return left ? `You left ${left}.` : undefined;
  });
  const acting = actingOrganization();

  const create = async (e: SubmitEvent) => {
    e.preventDefault();
    const formEl = e.currentTarget as HTMLFormElement;
    setError(undefined);
    const { data, error: failed } = await api.POST("/organizations", {
      body: { name: String(new FormData(formEl).get("name")) },
    });
    if (failed || !data) return setError(new Error(messageOf(failed)));
    formEl.reset();
    organizationsChanged();
    navigate(`/organizations/${data.data.id}`);
  };

  const accept = async (e: SubmitEvent) => {
    e.preventDefault();
    const formEl = e.currentTarget as HTMLFormElement;
    setError(undefined);
    setNote(undefined);
    const { data, error: failed } = await api.POST("/organizations/invitations/accept", {
      body: { token: String(new FormData(formEl).get("token")).trim() },
    });
    if (failed || !data) return setError(new Error(messageOf(failed)));
    formEl.reset();
    const joined = await unwrap(
      api.GET("/organizations/{organization_id}", { params: { path: { organization_id: data.data.organization_id } } }),
    ).catch(() => undefined);
    setNote(`You joined ${joined?.name ?? "the organization"} as ${data.data.role}.`);
    organizationsChanged();
    orgs.reload();
  };

  return (
    <Page title="Organizations">
      <ErrorNote error={error ?? orgs.error} />
      {note && (
        <p class="note note-ok" role="status">
          {note}
        </p>
      )}
      <div class="split">
        <Card title="Your organizations">
          {orgs.data && orgs.data.organizations.length === 0 ? (
            <Empty>
              You belong to no organization yet. Create one to share sessions, keys and billing with colleagues.
            </Empty>
          ) : (
            <ul class="list" data-testid="organizations">
              {orgs.data?.organizations.map((o) => (
                <li key={o.id} class="list-item">
                  <div class="grow">
                    <div class="item-title">
                      <a href={`/organizations/${o.id}`}>{o.name}</a> <Badge tone="info">{o.role}</Badge>
                      {acting === o.id && <Badge tone="ok">acting</Badge>}
                    </div>
                    <div class="muted small">
                      <code>{o.id}</code> · created {fmtDay(o.created_at)}
                    </div>
                  </div>
                  <div class="item-actions">
                    {acting === o.id ? (
                      <Button variant="ghost" onClick={() => setActingOrganization(null)}>
                        Act as yourself
                      </Button>
                    ) : (
                      <Button variant="ghost" onClick={() => setActingOrganization(o.id)}>
                        Act as {o.name}
                      </Button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <div class="stack">
          <Card title="Create an organization">
            <form class="stack" onSubmit={create}>
              <Field label="Organization name">
                <input name="name" required maxLength={100} placeholder="Acme Research" />
              </Field>
              <Button type="submit">Create organization</Button>
            </form>
          </Card>
          <Card title="Accept an invitation">
            <form class="stack" onSubmit={accept}>
              <Field label="Invitation token" hint="From the invitation email, sent to your account's address.">
                <input name="token" required autocomplete="off" />
              </Field>
              <Button type="submit" variant="ghost">
                Accept invitation
              </Button>
            </form>
          </Card>
        </div>
      </div>
    </Page>
  );
}

/**
 * Whether members need a second factor (docs/security.md "Organizations that require MFA"): owners
 * switch it; the API asks for a step-up (the console's prompt) and refuses an owner without a factor.
 */
function MfaRequirement(props: { organization: Schema<"Organization">; onChanged: () => void }) {
  const { organization } = props;
  const [error, setError] = useState<unknown>();
  const [note, setNote] = useState<string>();
  const owner = organization.role === "owner";
  // What the box shows while the change is on its way (a refusal puts the organization's state back).
  const [pending, setPending] = useState<boolean>();
  const toggle = async (on: boolean) => {
    setError(undefined);
    setNote(undefined);
    setPending(on);
    const { error: failed } = await api.PATCH("/organizations/{organization_id}", {
      params: { path: { organization_id: organization.id } },
      body: { require_mfa: on },
    });
    if (failed) {
      setPending(undefined);
      setError(failed);
    } else setNote(on ? "Members now need a second factor." : "Members no longer need a second factor.");
    props.onChanged();
  };
  return (
    <Card title="Two-step verification">
      <ErrorNote error={error} />
      {note && (
        <p class="note note-ok" role="status">
          {note}
        </p>
      )}
      {owner ? (
        <label class="check">
          <input
            type="checkbox"
            data-testid="require-mfa"
            checked={pending ?? organization.require_mfa}
            onChange={(e) => void toggle(e.currentTarget.checked)}
          />{" "}
          Require a second factor (authenticator app or passkey) of every member
        </label>
      ) : (
        <p class="small">
          {organization.require_mfa
            ? "This organization requires a second factor of every member."
            : "This organization does not require a second factor."}
        </p>
      )}
      <p class="muted small">
        Members without one keep their own resources but cannot reach the organization's until they add one on their{" "}
        <a href="/security">Security page</a>. Organization API keys are not affected.
      </p>
    </Card>
  );
}

/** Members, roles, ownership, invitations and the development mail outbox of one organization. */
export function OrganizationPage(props: { id: string }) {
  const { id } = props;
  const org = useLoad(
    () => unwrap(api.GET("/organizations/{organization_id}", { params: { path: { organization_id: id } } })),
    [id],
  );
  const me = useLoad(() => unwrap(api.GET("/users/me")));
  const members = useLoad(
    () => unwrap(api.GET("/organizations/{organization_id}/members", { params: { path: { organization_id: id } } })),
    [id],
  );
  const role = org.data?.role;
  const admin = atLeast(role, "admin");
  const invitations = useLoad(
    () =>
      admin
        ? unwrap(api.GET("/organizations/{organization_id}/invitations", { params: { path: { organization_id: id } } }))
        : Promise.resolve({ invitations: [] }),
    [id, admin],
  );
  const outbox = useLoad(
    () =>
      admin
        ? api
            .GET("/organizations/{organization_id}/mail-outbox", { params: { path: { organization_id: id } } })
            .then((r) => r.data?.data ?? null)
        : Promise.resolve(null),
    [id, admin],
  );
  const [error, setError] = useState<unknown>();
  const [note, setNote] = useState<string>();
  const [token, setToken] = useState<{ email: string; token: string; sent: boolean }>();
  const path = { organization_id: id };
  const orgName = org.data?.name ?? "the organization";

  /** Runs a change; its confirmation names the organization (a person may be in several). */
  const run = async (call: () => Promise<void>, after: () => void, done?: string) => {
    setError(undefined);
    setNote(undefined);
    try {
      await call();
      if (done) setNote(done);
    } catch (e) {
      setError(e);
    }
    after();
  };
  const refreshPeople = () => {
    org.reload();
    members.reload();
    invitations.reload();
    outbox.reload();
  };

  const invite = async (e: SubmitEvent) => {
    e.preventDefault();
    const formEl = e.currentTarget as HTMLFormElement;
    const form = new FormData(formEl);
    setError(undefined);
    const { data, error: failed } = await api.POST("/organizations/{organization_id}/invitations", {
      params: { path },
      body: { email: String(form.get("email")), role: String(form.get("role")) as Role },
    });
    if (failed || !data) return setError(new Error(messageOf(failed)));
    setToken({ email: data.data.email, token: data.data.token, sent: data.data.email_sent });
    setNote(`${data.data.email} is invited to ${orgName} as ${data.data.role}.`);
    formEl.reset();
    invitations.reload();
    outbox.reload();
  };

  const changeRole = (userId: string, name: string, next: Role) =>
    run(
      () =>
        attempt(
          api.PUT("/organizations/{organization_id}/members/{user_id}", {
            params: { path: { ...path, user_id: userId } },
            body: { role: next },
          }),
        ),
      refreshPeople,
      `${name} is now ${next === "admin" ? "an admin" : `a ${next}`} of ${orgName}.`,
    );
  const remove = (userId: string, name: string) => {
    if (!confirm(`Remove ${name} from the organization? They lose access at once.`)) return;
    return run(
      () =>
        attempt(
          api.DELETE("/organizations/{organization_id}/members/{user_id}", {
            params: { path: { ...path, user_id: userId } },
          }),
        ),
      refreshPeople,
      `${name} was removed from ${orgName}.`,
    );
  };
  const transfer = (userId: string, name: string) => {
    if (!confirm(`Make ${name} the owner of ${orgName}? You become an admin.`)) return;
    return run(
      () =>
        attempt(
          api.POST("/organizations/{organization_id}/transfer-ownership", {
            params: { path },
            body: { user_id: userId },
          }),
        ),
      refreshPeople,
      `${name} now owns ${orgName}; you are an admin.`,
    );
  };
  const leave = async () => {
    if (!confirm(`Leave ${orgName}? You lose access to its sessions, keys and billing.`)) return;
    setError(undefined);
    const { error: failed } = await api.POST("/organizations/{organization_id}/leave", { params: { path } });
    if (failed) return setError(new Error(messageOf(failed)));
    if (actingOrganization() === id) setActingOrganization(null);
    organizationsChanged();
    navigate(`/organizations?left=${encodeURIComponent(orgName)}`);
  };
  const revoke = (invitationId: string) =>
    run(
      () =>
        attempt(
          api.DELETE("/organizations/{organization_id}/invitations/{invitation_id}", {
            params: { path: { ...path, invitation_id: invitationId } },
          }),
        ),
      () => invitations.reload(),
      `Invitation revoked; it can no longer join anyone to ${orgName}.`,
    );

  const self = me.data?.id;
  const manageable = (m: Member) => admin && m.user_id !== self && (role === "owner" || m.role !== "owner");
  // An organization keeps an owner: its only owner hands it over before leaving (or deletes it).
  const everyone = members.data?.members ?? [];
  const soleOwner = role === "owner" && everyone.filter((m) => m.role === "owner").length === 1;
  const successors = everyone.filter((m) => m.user_id !== self);
  const transferTo = (e: SubmitEvent) => {
    e.preventDefault();
    const userId = String(new FormData(e.currentTarget as HTMLFormElement).get("user_id"));
    const who = successors.find((m) => m.user_id === userId);
    if (who) void transfer(who.user_id, who.username);
  };
  return (
    <Page
      title={org.data?.name ?? "Organization"}
      actions={
        <>
          {soleOwner && (
            <Button onClick={() => document.getElementById("transfer-to")?.focus()}>Transfer ownership</Button>
          )}
          <Button variant="ghost" onClick={leave}>
            Leave organization
          </Button>
        </>
      }
    >
      <OrgTabs id={id} current="members" />
      <ErrorNote error={error ?? org.error ?? members.error} />
      {note && (
        <p class="note note-ok" role="status" data-testid="org-note">
          {note}
        </p>
      )}
      {soleOwner && (
        <Card title="Transfer ownership">
          <p class="small">
            You are the only owner of {orgName}. Hand it to another member before you leave: you stay on as an admin.
          </p>
          {successors.length === 0 ? (
            <Empty>No one else is a member yet: invite a colleague below, then make them the owner.</Empty>
          ) : (
            <form class="row plan-change" onSubmit={transferTo}>
              <Field label="New owner">
                <select id="transfer-to" name="user_id">
                  {successors.map((m) => (
                    <option key={m.user_id} value={m.user_id}>
                      {m.username} ({m.email})
                    </option>
                  ))}
                </select>
              </Field>
              <div>
                <Button type="submit">Make them the owner</Button>
              </div>
            </form>
          )}
        </Card>
      )}
      {org.data && <MfaRequirement organization={org.data} onChanged={refreshPeople} />}
      {token && (
        <Secret
          label={`Invitation token for ${token.email}`}
          value={token.token}
          note={
            token.sent
              ? "Emailed to them; also shown here once. They accept it signed in with that address."
              : "Not emailed: send it to them yourself. It is not shown again."
          }
        />
      )}
      <Card title="Members">
        <DataTable
          label="Members"
          testId="members"
          rows={members.data?.members}
          rowKey={(m) => m.user_id}
          columns={[
            {
              header: "Member",
              cell: (m) => (
                <>
                  <div>
                    {m.username} {m.managed_by && <Badge tone="info">directory</Badge>}
                  </div>
                  <div class="muted small">{m.email}</div>
                </>
              ),
            },
            {
              header: "Role",
              cell: (m) =>
                manageable(m) ? (
                  <select
                    aria-label={`Role of ${m.username}`}
                    value={m.role}
                    onChange={(e) => changeRole(m.user_id, m.username, e.currentTarget.value as Role)}
                  >
                    {ROLES.filter((r) => role === "owner" || r !== "owner").map((r) => (
                      <option key={r} value={r}>
                        {r}
                      </option>
                    ))}
                  </select>
                ) : (
                  <Badge tone={m.role === "owner" ? "info" : "muted"}>{m.role}</Badge>
                ),
            },
            ...(admin
              ? [
                  {
                    header: "Second factor",
                    cell: (m: Member) =>
                      m.mfa_enabled ? <Badge tone="ok">on</Badge> : <Badge tone="warn">none</Badge>,
                  },
                ]
              : []),
            { header: "Joined", class: "nowrap", cell: (m) => fmtDay(m.joined_at) },
            {
              header: <span class="visually-hidden">Actions</span>,
              cell: (m) => (
                <div class="item-actions">
                  {role === "owner" && m.user_id !== self && (
                    <Button variant="ghost" onClick={() => transfer(m.user_id, m.username)}>
                      Make owner
                    </Button>
                  )}
                  {manageable(m) && (
                    <Button variant="danger" onClick={() => remove(m.user_id, m.username)}>
                      Remove
                    </Button>
                  )}
                </div>
              ),
            },
          ]}
        />
      </Card>
      {admin && (
        <div class="split">
          <Card title="Invitations">
            {invitations.data && invitations.data.invitations.length === 0 ? (
              <Empty>No pending invitations. Invite a colleague by email below.</Empty>
            ) : (
              <ul class="list" data-testid="invitations">
                {invitations.data?.invitations.map((i) => (
                  <li key={i.id} class="list-item">
                    <div class="grow">
                      <div class="item-title">
                        {i.email} <Badge tone="info">{i.role}</Badge> <StatusBadge status={i.status} />
                      </div>
                      <div class="muted small">
                        sent {fmtDate(i.created_at)} · expires {fmtDay(i.expires_at)}
                      </div>
                    </div>
                    {i.status === "pending" && (
                      <div class="item-actions">
                        <Button variant="danger" onClick={() => revoke(i.id)}>
                          Revoke
                        </Button>
                      </div>
                    )}
                  </li>
                ))}
              </ul>
            )}
            <form class="stack" onSubmit={invite}>
              <div class="row">
                <Field label="Email to invite">
                  <input name="email" type="email" required placeholder="colleague@example.com" />
                </Field>
                <Field label="Invite as">
                  <select name="role">
                    {INVITE_ROLES.filter((r) => role === "owner" || r !== "owner").map((r) => (
                      <option key={r} value={r}>
                        {r}
                      </option>
                    ))}
                  </select>
                </Field>
              </div>
              <Button type="submit">Send invitation</Button>
            </form>
          </Card>
          <Card title="Mail outbox (development)">
            {outbox.data === null ? (
              <Empty>The mail outbox exists only outside production.</Empty>
            ) : outbox.data && outbox.data.messages.length === 0 ? (
              <Empty>No mail sent for this organization yet.</Empty>
            ) : (
              <ul class="list" data-testid="mail-outbox">
                {outbox.data?.messages.map((m) => (
                  <li key={m.id} class="list-item">
                    <div class="grow">
                      <div class="item-title">{m.subject}</div>
                      <div class="muted small">
                        to {m.to} · {fmtDate(m.created_at)}
                      </div>
                      <pre class="mail">{m.text}</pre>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      )}
    </Page>
  );
}

const AUDIT_PAGE = 20;
type AuditQuery = { action?: string; actor_id?: string; since?: string; until?: string; offset: number };
type AuditEntry = Schema<"AuditEntry">;

const shown = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));

/** An entry's change as lines a person reads: "role: member → admin", one per changed field, none cut off. */
function changeLines(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.map((k) => {
    const had = before !== null && k in before;
    const has = after !== null && k in after;
    if (had && has) return `${k}: ${shown(before[k])} → ${shown(after[k])}`;
    if (has) return `${k}: ${shown(after?.[k])}`;
    return `${k}: ${shown(before?.[k])} (removed)`;
  });
}

function AuditChange(props: { entry: AuditEntry }) {
  const { before, after } = props.entry;
  if (!before && !after) return <span class="muted">—</span>;
  return (
    <details class="change">
      <summary>
        {changeLines(before, after).map((line) => (
          <span key={line} class="change-line">
            {line}
          </span>
        ))}
      </summary>
      <pre class="change-json">{JSON.stringify({ before, after }, null, 2)}</pre>
    </details>
  );
}

/** Who acted: the person's name and email beside their id, or the organization key's credential. */
function AuditActor(props: { entry: AuditEntry }) {
  const a = props.entry.actor;
  if (!a.user_id) return <code class="small">{a.credential}</code>;
  return (
    <div>
      <div>{a.username ?? "deleted account"}</div>
      {a.email && <div class="muted small">{a.email}</div>}
      <code class="muted small">{a.user_id}</code>
    </div>
  );
}

/** The organization's audit log, newest first, with the API's filters and pagination (admins). */
export function AuditLogPage(props: { id: string }) {
  const { id } = props;
  const org = useLoad(
    () => unwrap(api.GET("/organizations/{organization_id}", { params: { path: { organization_id: id } } })),
    [id],
  );
  const members = useLoad(
    () => unwrap(api.GET("/organizations/{organization_id}/members", { params: { path: { organization_id: id } } })),
    [id],
  );
  const [query, setQuery] = useState<AuditQuery>({ offset: 0 });
  const log = useLoad(
    () =>
      unwrap(
        api.GET("/organizations/{organization_id}/audit-log", {
          params: { path: { organization_id: id }, query: { ...query, limit: AUDIT_PAGE } },
        }),
      ),
    [id, JSON.stringify(query)],
  );
  const filter = (e: SubmitEvent) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    const text = (k: string) => String(form.get(k) ?? "").trim() || undefined;
    // <input type="date"> gives a day; the API takes inclusive ISO 8601 instants.
    const since = text("since");
    const until = text("until");
    setQuery({
      action: text("action"),
      actor_id: text("actor_id"),
      since: since ? `${since}T00:00:00.000Z` : undefined,
      until: until ? `${until}T23:59:59.999Z` : undefined,
      offset: 0,
    });
  };
  // People to filter by: the members, and anyone else the page's entries name (someone who left).
  const people = new Map<string, string>();
  for (const m of members.data?.members ?? []) people.set(m.user_id, `${m.username} (${m.email})`);
  for (const e of log.data?.entries ?? [])
    if (e.actor.user_id && !people.has(e.actor.user_id))
      people.set(
        e.actor.user_id,
        `${e.actor.username ?? "deleted account"}${e.actor.email ? ` (${e.actor.email})` : ""}`,
      );
  const p = log.data?.pagination;
  return (
    <Page title={`${org.data?.name ?? "Organization"}: audit log`}>
      <OrgTabs id={id} current="audit" />
      <ErrorNote error={log.error} />
      <Card>
        <form class="filters" onSubmit={filter}>
          <Field label="Action">
            <input name="action" placeholder="member.role_changed" pattern="[a-z_]+\.[a-z_]+" />
          </Field>
          <Field label="Person">
            <select name="actor_id" value={query.actor_id ?? ""}>
              <option value="">Anyone</option>
              {[...people].map(([userId, label]) => (
                <option key={userId} value={userId}>
                  {label}
                </option>
              ))}
            </select>
          </Field>
          <Field label="From">
            <input name="since" type="date" />
          </Field>
          <Field label="To">
            <input name="until" type="date" />
          </Field>
          <div>
            <Button type="submit" variant="ghost">
              Apply filters
            </Button>
          </div>
        </form>
        {log.data && log.data.entries.length === 0 ? (
          <Empty>No entries match. Clear a filter, or pick another person or dates.</Empty>
        ) : (
          <DataTable
            label="Audit log"
            testId="audit-log"
            rows={log.data?.entries}
            rowKey={(a) => a.id}
            columns={[
              { header: "When", class: "nowrap", cell: (a) => fmtDate(a.created_at) },
              { header: "Action", cell: (a) => <code>{a.action}</code> },
              { header: "Actor", cell: (a) => <AuditActor entry={a} /> },
              { header: "Target", cell: (a) => <code>{`${a.target.type}:${a.target.id}`}</code> },
              { header: "Change", class: "small change-cell", cell: (a) => <AuditChange entry={a} /> },
            ]}
          />
        )}
        <Pager pagination={p} onOffset={(offset) => setQuery({ ...query, offset })} />
      </Card>
    </Page>
  );
}
