import { useState } from "preact/hooks";
import { api, messageOf, type Schema, unwrap } from "../api";
import { OrgTabs } from "../components/org-tabs";
import { Badge, Button, Card, Empty, ErrorNote, Field, fmtDay, Page, useLoad } from "../components/ui";

type Connection = Schema<"SsoConnection">;
type Kind = Connection["kind"];
const KIND_LABEL: Record<Kind, string> = { saml: "SAML", ldap: "LDAP", oidc: "OpenID Connect" };

/** Where an OIDC connection's settings name its provider (the list carries every kind's settings). */
const issuerOf = (c: Connection) => ("issuer" in c.config ? c.config.issuer : undefined);

/**
 * One connection: what to enter at the IdP, and the changes the API takes from the console:
 * enforcement on or off, a new OIDC client secret (write-only: never shown back), deletion.
 */
function ConnectionItem(props: {
  connection: Connection;
  onChange: (c: Connection, body: Record<string, unknown>, done: string) => Promise<boolean>;
  onDelete: (c: Connection) => void;
}) {
  const c = props.connection;
  const [replacing, setReplacing] = useState(false);
  const replaceSecret = async (e: SubmitEvent) => {
    e.preventDefault();
    const secret = String(new FormData(e.currentTarget as HTMLFormElement).get("client_secret"));
    if (await props.onChange(c, { client_secret: secret }, `${c.name}'s client secret was replaced.`))
      setReplacing(false);
  };
  return (
    <li class="list-item">
      <div class="grow">
        <div class="item-title">
          {c.name} <Badge tone="info">{KIND_LABEL[c.kind]}</Badge>
          {c.enforced && <Badge tone="warn">enforced</Badge>}
        </div>
        <div class="muted small">
          <code>{c.id}</code> · added {fmtDay(c.created_at)}
        </div>
        {c.sp && (
          <div class="muted small">
            ACS URL <code>{c.sp.acsUrl}</code> · entity ID <code>{c.sp.entityId}</code>
          </div>
        )}
        {c.kind === "oidc" && (
          <div class="muted small">
            Issuer <code>{issuerOf(c)}</code> · redirect URI to register <code>{c.rp?.redirect_uri}</code> · client
            secret {c.has_client_secret ? "set" : "missing"}
          </div>
        )}
        {replacing && (
          <form class="row" onSubmit={replaceSecret}>
            <Field label={`New client secret for ${c.name}`}>
              <input name="client_secret" type="password" required maxLength={1024} autocomplete="off" />
            </Field>
            <div class="item-actions">
              <Button type="submit" variant="ghost">
                Save secret
              </Button>
              <Button variant="ghost" onClick={() => setReplacing(false)}>
                Cancel
              </Button>
            </div>
          </form>
        )}
      </div>
      <div class="item-actions">
        <Button
          variant="ghost"
          onClick={() =>
            props.onChange(
              c,
              { enforced: !c.enforced },
              c.enforced ? `${c.name} is no longer enforced.` : `${c.name} is now enforced.`,
            )
          }
        >
          {c.enforced ? `Stop enforcing ${c.name}` : `Enforce ${c.name}`}
        </Button>
        {c.kind === "oidc" && !replacing && (
          <Button variant="ghost" onClick={() => setReplacing(true)}>
            Replace client secret
          </Button>
        )}
        <Button variant="danger" onClick={() => props.onDelete(c)}>
          Delete {c.name}
        </Button>
      </div>
    </li>
  );
}

/** Email domains (with their verification) and SAML, LDAP and OpenID Connect connections (admins). */
export function SsoPage(props: { id: string }) {
  const { id } = props;
  const path = { organization_id: id };
  const org = useLoad(() => unwrap(api.GET("/organizations/{organization_id}", { params: { path } })), [id]);
  const domains = useLoad(
    () => unwrap(api.GET("/organizations/{organization_id}/sso/domains", { params: { path } })),
    [id],
  );
  const connections = useLoad(
    () => unwrap(api.GET("/organizations/{organization_id}/sso/connections", { params: { path } })),
    [id],
  );
  const [error, setError] = useState<unknown>();
  const [note, setNote] = useState<string>();
  const [kind, setKind] = useState<Kind>("saml");

  const addDomain = async (e: SubmitEvent) => {
    e.preventDefault();
    const formEl = e.currentTarget as HTMLFormElement;
    setError(undefined);
    const { error: failed } = await api.POST("/organizations/{organization_id}/sso/domains", {
      params: { path },
      body: { domain: String(new FormData(formEl).get("domain")).trim() },
    });
    if (failed) return setError(new Error(messageOf(failed)));
    formEl.reset();
    domains.reload();
  };
  const verify = async (domainId: string) => {
    setError(undefined);
    const { error: failed } = await api.POST("/organizations/{organization_id}/sso/domains/{domain_id}/verify", {
      params: { path: { ...path, domain_id: domainId } },
    });
    if (failed) setError(new Error(messageOf(failed)));
    domains.reload();
  };
  const addConnection = async (e: SubmitEvent) => {
    e.preventDefault();
    const formEl = e.currentTarget as HTMLFormElement;
    const form = new FormData(formEl);
    const text = (k: string) => String(form.get(k) ?? "").trim();
    const common = { name: text("name"), enforced: form.get("enforced") === "on" };
    const body =
      kind === "saml"
        ? {
            kind,
            ...common,
            saml: {
              idp_entity_id: text("idp_entity_id"),
              sso_url: text("sso_url"),
              certificates: [text("certificate")],
            },
          }
        : kind === "ldap"
          ? {
              kind,
              ...common,
              ldap: {
                url: text("url"),
                start_tls: form.get("start_tls") === "on",
                bind_mode: "template" as const,
                bind_dn_template: text("bind_dn_template"),
                base_dn: text("base_dn"),
              },
            }
          : {
              kind,
              ...common,
              oidc: {
                issuer: text("issuer"),
                client_id: text("client_id"),
                scopes: text("scopes").split(/\s+/).filter(Boolean),
              },
              // Not trimmed: a secret is the provider's exact string.
              client_secret: String(form.get("client_secret") ?? ""),
            };
    setError(undefined);
    setNote(undefined);
    const { error: failed } = await api.POST("/organizations/{organization_id}/sso/connections", {
      params: { path },
      body: body as never,
    });
    if (failed) return setError(new Error(messageOf(failed)));
    formEl.reset();
    setNote(`${common.name} was added.`);
    connections.reload();
  };
  const change = async (c: Connection, body: Record<string, unknown>, done: string) => {
    setError(undefined);
    setNote(undefined);
    const { error: failed } = await api.PATCH("/organizations/{organization_id}/sso/connections/{connection_id}", {
      params: { path: { ...path, connection_id: c.id } },
      body,
    });
    connections.reload();
    if (failed) {
      setError(new Error(messageOf(failed)));
      return false;
    }
    setNote(done);
    return true;
  };
  const remove = async (c: Connection) => {
    if (!confirm(`Delete ${c.name}? Sign-in through it stops at once.`)) return;
    setError(undefined);
    setNote(undefined);
    const { error: failed } = await api.DELETE("/organizations/{organization_id}/sso/connections/{connection_id}", {
      params: { path: { ...path, connection_id: c.id } },
    });
    connections.reload();
    if (failed) return setError(new Error(messageOf(failed)));
    setNote(`${c.name} was deleted; sign-in through it has stopped.`);
  };

  return (
    <Page title={`${org.data?.name ?? "Organization"}: single sign-on`}>
      <OrgTabs id={id} current="sso" />
      <ErrorNote error={error ?? domains.error ?? connections.error} />
      {note && (
        <p class="note note-ok" role="status" data-testid="sso-note">
          {note}
        </p>
      )}
      <div class="split">
        <Card title="Email domains">
          {domains.data && domains.data.length === 0 ? (
            <Empty>No domains claimed. Sign-in by SSO applies to addresses at a verified domain.</Empty>
          ) : (
            <ul class="list" data-testid="sso-domains">
              {domains.data?.map((d) => (
                <li key={d.id} class="list-item">
                  <div class="grow">
                    <div class="item-title">
                      {d.domain}{" "}
                      {d.verified ? <Badge tone="ok">verified</Badge> : <Badge tone="warn">unverified</Badge>}
                    </div>
                    {!d.verified && (
                      <div class="muted small">
                        Publish TXT <code>{d.txt_record.name}</code> = <code>{d.txt_record.value}</code>
                      </div>
                    )}
                  </div>
                  {!d.verified && (
                    <div class="item-actions">
                      <Button variant="ghost" onClick={() => verify(d.id)}>
                        Verify
                      </Button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
          <form class="stack" onSubmit={addDomain}>
            <Field label="Domain">
              <input name="domain" required placeholder="acme.example" />
            </Field>
            <Button type="submit" variant="ghost">
              Claim domain
            </Button>
          </form>
        </Card>
        <Card title="Connections">
          {connections.data && connections.data.length === 0 ? (
            <Empty>No SAML, LDAP or OpenID Connect connection yet. Add one below once a domain is verified.</Empty>
          ) : (
            <ul class="list" data-testid="sso-connections">
              {connections.data?.map((c) => (
                <ConnectionItem key={c.id} connection={c} onChange={change} onDelete={remove} />
              ))}
            </ul>
          )}
          <form class="stack" onSubmit={addConnection}>
            <div class="row">
              <Field label="Kind">
                <select value={kind} onChange={(e) => setKind(e.currentTarget.value as Kind)}>
                  <option value="saml">SAML</option>
                  <option value="ldap">LDAP</option>
                  <option value="oidc">OpenID Connect</option>
                </select>
              </Field>
              <Field label="Connection name">
                <input name="name" required maxLength={100} placeholder="Okta" />
              </Field>
            </div>
            {kind === "saml" && (
              <>
                <Field label="IdP entity ID">
                  <input name="idp_entity_id" required />
                </Field>
                <Field label="IdP SSO URL">
                  <input name="sso_url" type="url" required />
                </Field>
                <Field label="IdP signing certificate (PEM)">
                  <textarea name="certificate" required rows={3} />
                </Field>
              </>
            )}
            {kind === "ldap" && (
              <>
                <Field label="Directory URL">
                  <input name="url" required placeholder="ldaps://ldap.acme.example" />
                </Field>
                <Field label="Bind DN template" hint="Must contain {username}.">
                  <input name="bind_dn_template" required placeholder="uid={username},ou=people,dc=acme,dc=example" />
                </Field>
                <Field label="Base DN">
                  <input name="base_dn" required placeholder="dc=acme,dc=example" />
                </Field>
                <label class="check">
                  <input type="checkbox" name="start_tls" /> StartTLS (for an ldap:// URL)
                </label>
              </>
            )}
            {kind === "oidc" && (
              <>
                <Field
                  label="Issuer URL"
                  hint="As the provider's discovery document names it; its endpoints are read from there."
                >
                  <input name="issuer" type="url" required maxLength={2048} placeholder="https://acme.okta.com" />
                </Field>
                <Field label="Client ID">
                  <input name="client_id" required maxLength={512} autocomplete="off" />
                </Field>
                <Field label="Client secret" hint="Sealed at rest and never shown again.">
                  <input name="client_secret" type="password" required maxLength={1024} autocomplete="off" />
                </Field>
                <Field label="Scopes" hint="Besides openid, separated by spaces.">
                  <input name="scopes" defaultValue="email profile" maxLength={2000} />
                </Field>
                <p class="muted small">
                  Once added, the connection shows the redirect URI to register at the provider.
                </p>
              </>
            )}
            <label class="check">
              <input type="checkbox" name="enforced" /> Enforce (members at the domain must use it)
            </label>
            <Button type="submit" variant="ghost">
              Add connection
            </Button>
          </form>
        </Card>
      </div>
    </Page>
  );
}
