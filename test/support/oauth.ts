import { PASSWORD, registerUser, type TestUser } from "./factories";
import { api, BASE, randomIp, workerFetch } from "./http";

export { adminUser } from "./factories";

export interface TestClient {
  client_id: string;
  client_secret: string | null;
  redirect_uris: string[];
}

export const REDIRECT = "https://app.example/callback";

export async function createClient(token: string, overrides: Record<string, unknown> = {}): Promise<TestClient> {
  const res = await api("POST", "/v1/oauth/clients", {
    token,
    body: {
      name: "Test App",
      client_type: "confidential",
      redirect_uris: [REDIRECT],
      grant_types: ["authorization_code", "client_credentials"],
      scopes: ["profile", "remote-viewing:read", "analytics:read"],
      ...overrides,
    },
  });
  if (res.status !== 201) throw new Error(`create client: ${res.status} ${res.text}`);
  return res.body.data;
}

export const basic = (id: string, secret: string) =>
  `Basic ${btoa(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`)}`;

/** POST a form to an authorization-server endpoint. */
export async function postForm(
  path: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
  fetch: (request: Request) => Promise<Response> = (r) => workerFetch(r),
) {
  const res = await fetch(
    new Request(`${BASE}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": randomIp(), ...headers },
      body: new URLSearchParams(form),
    }),
  );
  const text = await res.text();
  let body: any;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, body, text };
}

export async function clientCredentialsToken(client: TestClient, scope?: string) {
  const res = await postForm(
    "/oauth2/token",
    { grant_type: "client_credentials", ...(scope !== undefined ? { scope } : {}) },
    { authorization: basic(client.client_id, client.client_secret!) },
  );
  if (res.status !== 200) throw new Error(`client_credentials: ${res.status} ${res.text}`);
  return res.body as { access_token: string; scope: string; expires_in: number };
}

export async function pkcePair() {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  const verifier = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  const challenge = btoa(String.fromCharCode(...digest))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
  return { verifier, challenge };
}

/** A tiny cookie-keeping browser for the authorize page (no redirects followed). */
export class Browser {
  private cookies = new Map<string, string>();
  /** Each browser has its own client address, so per-IP sign-in throttling only bites where a test means it to. */
  readonly ip = randomIp();

  /** `send`: the worker by default, or an app with a pinned clock (support/http.ts appAt). */
  constructor(private readonly send: (request: Request) => Promise<Response> = (r) => workerFetch(r)) {}

  async request(method: string, path: string, form?: Record<string, string>, headers: Record<string, string> = {}) {
    const h = new Headers(headers);
    if (!h.has("cf-connecting-ip")) h.set("cf-connecting-ip", this.ip);
    if (this.cookies.size) h.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    if (form) h.set("content-type", "application/x-www-form-urlencoded");
    const res = await this.send(
      new Request(`${BASE}${path}`, {
        method,
        headers: h,
        body: form ? new URLSearchParams(form) : undefined,
        redirect: "manual",
      }),
    );
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const i = pair!.indexOf("=");
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      if (/max-age=0/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: res.status, headers: res.headers, text: await res.text(), location: res.headers.get("location") };
  }

  /** The hidden fields of the first form on a page. */
  static hiddenFields(html: string): Record<string, string> {
    const fields: Record<string, string> = {};
    const form = html.slice(html.indexOf("<form"), html.indexOf("</form>"));
    for (const m of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
      fields[m[1]!] = decodeEntities(m[2]!);
    return fields;
  }
}

const decodeEntities = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

export function authorizePath(params: Record<string, string>) {
  return `/oauth2/authorize?${new URLSearchParams(params)}`;
}

/** Sign in and approve on the authorize page; returns the redirect URL. */
export async function authorizeAndApprove(browser: Browser, user: { email: string }, params: Record<string, string>) {
  const page = await browser.request("GET", authorizePath(params));
  if (page.status !== 200) throw new Error(`authorize page: ${page.status} ${page.location ?? page.text}`);
  if (page.text.includes('value="login"')) {
    const login = await browser.request("POST", "/oauth2/authorize", {
      ...Browser.hiddenFields(page.text),
      email: user.email,
      password: PASSWORD,
    });
    if (login.status !== 303) throw new Error(`login: ${login.status} ${login.text}`);
    return authorizeAndApprove(browser, user, params);
  }
  const approve = await browser.request("POST", "/oauth2/authorize", {
    ...Browser.hiddenFields(page.text),
    action: "approve",
  });
  if (approve.status !== 303) throw new Error(`approve: ${approve.status} ${approve.text}`);
  return new URL(approve.location!);
}

/** A user, a confidential client of theirs, and an authorization code obtained with PKCE. */
export async function codeFlow(opts: { client?: Record<string, unknown>; scope?: string } = {}) {
  const user: TestUser = await registerUser();
  const client = await createClient(user.token, opts.client);
  const { verifier, challenge } = await pkcePair();
  const state = crypto.randomUUID();
  const back = await authorizeAndApprove(new Browser(), user, {
    response_type: "code",
    client_id: client.client_id,
    redirect_uri: REDIRECT,
    scope: opts.scope ?? "profile remote-viewing:read",
    state,
    code_challenge: challenge,
    code_challenge_method: "S256",
  });
  return { user, client, verifier, state, code: back.searchParams.get("code")!, back };
}

export function exchangeCode(client: TestClient, code: string, verifier: string, extra: Record<string, string> = {}) {
  return postForm(
    "/oauth2/token",
    { grant_type: "authorization_code", code, redirect_uri: REDIRECT, code_verifier: verifier, ...extra },
    client.client_secret ? { authorization: basic(client.client_id, client.client_secret) } : {},
  );
}

/**
 * An access token of an authorization-code grant (PKCE) that `user` approved for `client` with
 * `scope`, and the scope granted; a public client names itself at the token endpoint (RFC 6749 §4.1.3).
 */
export async function approvedAccessToken(
  user: { email: string },
  client: TestClient,
  opts: { scope: string; resource?: string },
): Promise<{ token: string; scope: string }> {
  const { verifier, challenge } = await pkcePair();
  const resource: Record<string, string> = opts.resource ? { resource: opts.resource } : {};
  const back = await authorizeAndApprove(new Browser(), user, {
    response_type: "code",
    client_id: client.client_id,
    redirect_uri: REDIRECT,
    scope: opts.scope,
    code_challenge: challenge,
    code_challenge_method: "S256",
    ...resource,
  });
  const res = await exchangeCode(client, back.searchParams.get("code")!, verifier, {
    ...(client.client_secret ? {} : { client_id: client.client_id }),
    ...resource,
  });
  if (res.status !== 200) throw new Error(`token: ${res.status} ${res.text}`);
  return { token: res.body.access_token as string, scope: res.body.scope as string };
}
