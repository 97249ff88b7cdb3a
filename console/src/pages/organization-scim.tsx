import { useState } from "preact/hooks";
import { api, messageOf, type Schema, unwrap } from "../api";
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
  Secret,
  useLoad,
} from "../components/ui";

type ScimConnection = Schema<"ScimConnection">;
type DirectoryRole = ScimConnection["default_role"];
type Member = Schema<"OrganizationMember">;

/**
 * The form's group mapping, one `Group name = role` a line, as the API's `group_roles`; a line
 * that is not one is named back to the person rather than dropped.
 */
function groupRolesOf(text: string): Record<string, DirectoryRole> {
  const roles: Record<string, DirectoryRole> = {};
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    const m = /^(.+?)\s*=\s*(admin|member)$/i.exec(line);
    if (!m) throw new Error(`"${line}" is not "Group name = admin" or "Group name = member".`);
    roles[m[1]!] = m[2]!.toLowerCase() as DirectoryRole;
  }
  return roles;
}

/** One connection: where the IdP sends its changes, when it last did, its token's lifecycle, whom it manages. */
function ScimConnectionItem(props: {
  connection: ScimConnection;
  managed: Member[];
  onRotate: (c: ScimConnection) => void;
  onRevoke: (c: ScimConnection) => void;
}) {
  const c = props.connection;
  const active = c.status === "active";
  const mapping = Object.entries(c.group_roles);
  return (
    <li class="list-item" data-testid={`scim-connection-${c.id}`}>
      <div class="grow">
        <div class="item-title">
          {c.name} {active ? <Badge tone="ok">active</Badge> : <Badge tone="muted">revoked</Badge>}
        </div>
        <div class="muted small">
          Base URL <code>{c.base_url}</code> · token <code>{c.token_prefix}…</code>
        </div>
        <div class="muted small" data-testid="scim-last-sync">
          Last sync: {c.last_used_at ? fmtDate(c.last_used_at) : "never"} · added {fmtDay(c.created_at)}
          {c.rotated_at && ` · token rotated ${fmtDate(c.rotated_at)}`}
          {c.revoked_at && ` · revoked ${fmtDate(c.revoked_at)}`}
        </div>
        <div class="muted small">
          {mapping.length === 0
            ? `Every active user is a ${c.default_role}.`
            : `${mapping.map(([g, r]) => `${g} → ${r}`).join(", ")}; anyone else is a ${c.default_role}.`}
        </div>
        {active && (
          <div class="small" data-testid="scim-managed">
            {props.managed.length === 0
              ? "The directory manages no member yet."
              : `Manages ${props.managed.map((m) => m.email).join(", ")}.`}
          </div>
        )}
      </div>
      {active && (
        <div class="item-actions">
          <Button variant="ghost" onClick={() => props.onRotate(c)}>
            Rotate token of {c.name}
          </Button>
          <Button variant="danger" onClick={() => props.onRevoke(c)}>
            Revoke {c.name}
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * SCIM 2.0 provisioning (docs/sso.md "SCIM"): an organization's connections for its IdP's directory,
 * each token shown once (at creation and rotation), and the members the directory provisions.
 */
export function ScimPage(props: { id: string }) {
  const { id } = props;
  const path = { organization_id: id };
  const org = useLoad(() => unwrap(api.GET("/organizations/{organization_id}", { params: { path } })), [id]);
  const connections = useLoad(
    () => unwrap(api.GET("/organizations/{organization_id}/scim/connections", { params: { path } })),
    [id],
  );
  const members = useLoad(
    () => unwrap(api.GET("/organizations/{organization_id}/members", { params: { path } })),
    [id],
  );
  const [error, setError] = useState<unknown>();
  const [note, setNote] = useState<string>();
  const [token, setToken] = useState<{ name: string; token: string; baseUrl: string }>();
  const reload = () => {
    connections.reload();
    members.reload();
  };
  const begin = () => {
    setError(undefined);
    setNote(undefined);
    setToken(undefined);
  };

  const create = async (e: SubmitEvent) => {
    e.preventDefault();
    const formEl = e.currentTarget as HTMLFormElement;
    const form = new FormData(formEl);
    begin();
    let group_roles: Record<string, DirectoryRole>;
    try {
      group_roles = groupRolesOf(String(form.get("group_roles") ?? ""));
    } catch (err) {
      return setError(err);
    }
    const { data, error: failed } = await api.POST("/organizations/{organization_id}/scim/connections", {
      params: { path },
      body: {
        name: String(form.get("name")).trim(),
        default_role: String(form.get("default_role")) as DirectoryRole,
        group_roles,
      },
    });
    if (failed || !data) return setError(new Error(messageOf(failed)));
    formEl.reset();
    setToken({ name: data.data.name, token: data.data.token, baseUrl: data.data.base_url });
    reload();
  };
  const rotate = async (c: ScimConnection) => {
    if (!confirm(`Rotate the token of ${c.name}? The current token stops working at once.`)) return;
    begin();
    const { data, error: failed } = await api.POST(
      "/organizations/{organization_id}/scim/connections/{connection_id}/rotate",
      { params: { path: { ...path, connection_id: c.id } } },
    );
    reload();
    if (failed || !data) return setError(new Error(messageOf(failed)));
    setToken({ name: data.data.name, token: data.data.token, baseUrl: data.data.base_url });
  };
  const revoke = async (c: ScimConnection) => {
    if (!confirm(`Revoke ${c.name}? Its token stops working for good; its members stay, managed here.`)) return;
    begin();
    const { error: failed } = await api.DELETE("/organizations/{organization_id}/scim/connections/{connection_id}", {
      params: { path: { ...path, connection_id: c.id } },
    });
    reload();
    if (failed) return setError(new Error(messageOf(failed)));
    setNote(`${c.name} was revoked: its token is refused from now on, and its members are managed here.`);
  };

  const everyone = members.data?.members ?? [];
  const managed = everyone.filter((m) => m.managed_by !== null);
  const nameOf = (connectionId: string | null) =>
    connections.data?.find((c) => c.id === connectionId)?.name ?? connectionId ?? "";
  return (
    <Page title={`${org.data?.name ?? "Organization"}: provisioning`}>
      <OrgTabs id={id} current="scim" />
      <ErrorNote error={error ?? connections.error ?? members.error} />
      {note && (
        <p class="note note-ok" role="status" data-testid="scim-note">
          {note}
        </p>
      )}
      {token && (
        <Secret
          label={`SCIM token for ${token.name}`}
          value={token.token}
          note={`Copy it now: you won't see it again. Enter it at your identity provider as the bearer token, with the base URL ${token.baseUrl}.`}
        />
      )}
      <div class="split">
        <Card title="SCIM connections">
          {connections.data && connections.data.length === 0 ? (
            <Empty>
              No SCIM connection yet. Add one so your identity provider creates, updates and removes members here.
            </Empty>
          ) : (
            <ul class="list" data-testid="scim-connections">
              {connections.data?.map((c) => (
                <ScimConnectionItem
                  key={c.id}
                  connection={c}
                  managed={everyone.filter((m) => m.managed_by === c.id)}
                  onRotate={rotate}
                  onRevoke={revoke}
                />
              ))}
            </ul>
          )}
        </Card>
        <Card title="Add a SCIM connection">
          <form class="stack" onSubmit={create}>
            <Field label="SCIM connection name">
              <input name="name" required maxLength={100} placeholder="Okta" />
            </Field>
            <Field label="Role of everyone else">
              <select name="default_role">
                <option value="member">member</option>
                <option value="admin">admin</option>
              </select>
            </Field>
            <Field label="Group roles" hint="One a line: Group name = admin, or Group name = member. Never owner.">
              <textarea name="group_roles" rows={3} placeholder="Session Admins = admin" />
            </Field>
            <p class="muted small">
              Only addresses at the organization's verified domains are provisioned (
              <a href={`/organizations/${id}/sso`}>Single sign-on</a>).
            </p>
            <Button type="submit">Create SCIM connection</Button>
          </form>
        </Card>
      </div>
      <Card title="Members the directory manages">
        {members.data && managed.length === 0 ? (
          <Empty>No member is provisioned by a directory: everyone is managed here.</Empty>
        ) : (
          <DataTable
            label="Members the directory manages"
            testId="scim-members"
            rows={managed}
            rowKey={(m) => m.user_id}
            columns={[
              {
                header: "Member",
                cell: (m) => (
                  <>
                    <div>{m.username}</div>
                    <div class="muted small">{m.email}</div>
                  </>
                ),
              },
              { header: "Role", cell: (m) => <Badge tone="muted">{m.role}</Badge> },
              { header: "Directory", cell: (m) => nameOf(m.managed_by) },
              { header: "Joined", class: "nowrap", cell: (m) => fmtDay(m.joined_at) },
            ]}
          />
        )}
      </Card>
    </Page>
  );
}
