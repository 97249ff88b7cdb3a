import { type ComponentChildren, render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { api, type Schema, signOut, whenSignedOut } from "./api";
import { ApiKeysPage } from "./pages/api-keys";
import { AuthPage } from "./pages/auth";
import { BillingPage } from "./pages/billing";
import { DashboardPage } from "./pages/dashboard";
import { OAuthClientsPage } from "./pages/oauth-clients";
import { SessionPage } from "./pages/session";
import { NewSessionPage, SessionsPage } from "./pages/sessions";
import { WebhooksPage } from "./pages/webhooks";
import { navigate, onLinkClick, usePath } from "./router";
import "./styles.css";

type User = Schema<"User">;

/**
 * Navigation. Pages for capabilities that land later (organizations, SSO, plan
 * change) add an entry here and a case in `route`.
 */
const NAV = [
  { href: "/", label: "Dashboard" },
  { href: "/sessions", label: "Sessions" },
  { href: "/api-keys", label: "API keys" },
  { href: "/webhooks", label: "Webhooks" },
  { href: "/billing", label: "Billing" },
  { href: "/oauth-clients", label: "OAuth clients" },
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
  return (
    <section class="page">
      <h1>Not found</h1>
      <p>
        No console page at <code>{path}</code>. <a href="/">Back to the dashboard</a>.
      </p>
    </section>
  );
}

function Shell(props: { user: User; onSignOut: () => void }) {
  const path = usePath();
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
      <main id="main" class="content">
        {route(path)}
      </main>
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
