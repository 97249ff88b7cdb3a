import { type ComponentChildren, render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { actingOrganization, api, type Schema, setActingOrganization, signOut, unwrap, whenSignedOut } from "./api";
import { StepUpPrompt } from "./components/step-up";
import { Button, useLoad } from "./components/ui";
import {
  AccountPage,
  ForgotPasswordPage,
  ResetPasswordPage,
  VerifyEmailBanner,
  VerifyEmailPage,
} from "./pages/account";
import { ConfirmEmailPage, InvitationPage } from "./pages/account-life";
import { ApiKeysPage } from "./pages/api-keys";
import { AuthPage } from "./pages/auth";
import { BillingPage } from "./pages/billing";
import { DashboardPage } from "./pages/dashboard";
import { OAuthClientsPage } from "./pages/oauth-clients";
import { ScimPage } from "./pages/organization-scim";
import { SsoPage } from "./pages/organization-sso";
import { AuditLogPage, OrganizationPage, OrganizationsPage } from "./pages/organizations";
import { SecurityPage } from "./pages/security";
import { SessionPage } from "./pages/session";
import { NewSessionPage, SessionsPage } from "./pages/sessions";
import { WebhooksPage } from "./pages/webhooks";
import { navigate, onLinkClick, usePath } from "./router";
import "./styles.css";

type User = Schema<"User">;

/** Navigation: each entry has a case in `route`. */
const NAV = [
  { href: "/", label: "Dashboard" },
  { href: "/sessions", label: "Sessions" },
  { href: "/api-keys", label: "API keys" },
  { href: "/webhooks", label: "Webhooks" },
  { href: "/billing", label: "Billing" },
  { href: "/oauth-clients", label: "OAuth clients" },
  { href: "/organizations", label: "Organizations" },
  { href: "/account", label: "Account" },
  { href: "/security", label: "Security" },
];

function route(path: string): ComponentChildren {
  if (path === "/" || path === "/dashboard") return <DashboardPage />;
  if (path === "/sessions") return <SessionsPage />;
  if (path === "/sessions/new") return <NewSessionPage />;
  const session = /^\/sessions\/([^/]+)$/.exec(path);
  if (session) return <SessionPage id={decodeURIComponent(session[1]!)} />;
  if (path === "/api-keys") return <ApiKeysPage />;
  if (path === "/webhooks") return <WebhooksPage />;
  if (path === "/billing") return <BillingPage />;
  if (path === "/oauth-clients") return <OAuthClientsPage />;
  if (path === "/organizations") return <OrganizationsPage />;
  if (path === "/account") return <AccountPage />;
  if (path.startsWith("/invitations/"))
    return <InvitationPage id={decodeURIComponent(path.slice("/invitations/".length))} />;
  if (path === "/security") return <SecurityPage />;
  const org = /^\/organizations\/([^/]+)(\/audit-log|\/sso|\/scim)?$/.exec(path);
  if (org) {
    const id = decodeURIComponent(org[1]!);
    if (org[2] === "/audit-log") return <AuditLogPage id={id} />;
    if (org[2] === "/sso") return <SsoPage id={id} />;
    if (org[2] === "/scim") return <ScimPage id={id} />;
    return <OrganizationPage id={id} />;
  }
  return (
    <section class="page">
      <h1>Not found</h1>
      <p>
        No console page at <code>{path}</code>. <a href="/">Back to the dashboard</a>.
      </p>
    </section>
  );
}

/**
 * Whom the console acts for: the signed-in user, or one of their organizations
 * (X-Organization-Id on every call). Pages remount on a switch, so everything
 * shown is the chosen account's.
 */
function ActingSwitcher(props: { acting: string | null }) {
  const [orgs, setOrgs] = useState<Schema<"Organization">[]>([]);
  useEffect(() => {
    const load = () =>
      // The list is the user's own memberships, asked without acting for anyone.
      unwrap(api.GET("/organizations", { headers: { "X-Organization-Id": "" } })).then(
        (d) => {
          setOrgs(d.organizations);
          // An organization the user no longer belongs to cannot be acted for.
          const acting = actingOrganization();
          if (acting && !d.organizations.some((o) => o.id === acting)) setActingOrganization(null);
        },
        () => undefined,
      );
    void load();
    window.addEventListener("sas:organizations", load);
    return () => window.removeEventListener("sas:organizations", load);
  }, []);
  if (orgs.length === 0) return null;
  return (
    <label class="field switcher">
      <span class="field-label">Acting as</span>
      <select value={props.acting ?? ""} onChange={(e) => setActingOrganization(e.currentTarget.value || null)}>
        <option value="">Yourself</option>
        {orgs.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * On every page while the tab acts for an organization: which one, and the way back. The
 * switcher alone sits in the (collapsed, on phones) navigation, easy to forget.
 */
function ActingBanner(props: { acting: string }) {
  const orgs = useLoad(
    () => unwrap(api.GET("/organizations", { headers: { "X-Organization-Id": "" } })),
    [props.acting],
  );
  const name = orgs.data?.organizations.find((o) => o.id === props.acting)?.name;
  return (
    <section class="acting-banner" aria-label="Acting for an organization" data-testid="acting-banner">
      <span>
        Acting as <strong>{name ?? "an organization"}</strong>: the sessions, keys, webhooks and billing you see and
        change are the organization's.
      </span>
      <Button variant="ghost" class="btn-small" onClick={() => setActingOrganization(null)}>
        Switch back to yourself
      </Button>
    </section>
  );
}

function Shell(props: { user: User; onSignOut: () => void }) {
  const path = usePath();
  const [acting, setActing] = useState(actingOrganization());
  useEffect(() => {
    const update = () => setActing(actingOrganization());
    window.addEventListener("sas:acting", update);
    return () => window.removeEventListener("sas:acting", update);
  }, []);
  const [menu, setMenu] = useState(false);
  useEffect(() => setMenu(false), [path]);
  const active = (href: string) => (href === "/" ? path === "/" : path === href || path.startsWith(`${href}/`));
  return (
    <div class="shell">
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="topbar">
        <a class="brand" href="/">
          <img src="/favicon.svg" alt="" width={24} height={24} />
          <span>Session Analysis</span>
        </a>
        <button
          type="button"
          class="menu-button"
          aria-expanded={menu}
          aria-controls="nav"
          onClick={() => setMenu(!menu)}
        >
          Menu
        </button>
      </header>
      <nav id="nav" class={menu ? "sidebar open" : "sidebar"} aria-label="Console">
        <a class="brand desktop-only" href="/">
          <img src="/favicon.svg" alt="" width={24} height={24} />
          <span>Session Analysis</span>
        </a>
        <ActingSwitcher acting={acting} />
        <ul>
          {NAV.map((n) => (
            <li key={n.href}>
              <a href={n.href} aria-current={active(n.href) ? "page" : undefined}>
                {n.label}
              </a>
            </li>
          ))}
          <li>
            <a href="/v1/docs">API reference</a>
          </li>
        </ul>
        <div class="account">
          <div class="account-name">{props.user.username}</div>
          <div class="muted small">{props.user.email}</div>
          <button type="button" class="btn btn-ghost" onClick={props.onSignOut}>
            Sign out
          </button>
        </div>
      </nav>
      <main id="main" class="content" key={acting ?? "self"}>
        {acting && <ActingBanner acting={acting} />}
        {!props.user.email_verified && <VerifyEmailBanner email={props.user.email ?? "your email address"} />}
        {route(path)}
      </main>
      <StepUpPrompt />
    </div>
  );
}

function App() {
  const path = usePath();
  const [user, setUser] = useState<User | null | undefined>(undefined);
  const load = async () => {
    const { data } = await api.GET("/users/me");
    setUser(data?.data ?? null);
  };
  useEffect(() => {
    whenSignedOut(() => setUser(null));
    void load();
  }, []);

  if (user === undefined) return <p class="loading">Loading…</p>;
  if (path === "/forgot-password") return <ForgotPasswordPage />;
  if (path === "/reset-password") return <ResetPasswordPage />;
  if (path === "/confirm-email") return <ConfirmEmailPage />;
  if (path === "/verify-email") return <VerifyEmailPage signedIn={user !== null} onVerified={() => void load()} />;
  if (user === null) {
    return (
      <AuthPage
        mode={path === "/signup" ? "signup" : "signin"}
        onSignedIn={async () => {
          await load();
          if (path === "/signin" || path === "/signup") navigate("/");
        }}
      />
    );
  }
  if (path === "/signin" || path === "/signup") navigate("/");
  return (
    <Shell
      user={user}
      onSignOut={async () => {
        await signOut();
        setUser(null);
        navigate("/signin");
      }}
    />
  );
}

document.addEventListener("click", onLinkClick);
render(<App />, document.getElementById("app")!);
