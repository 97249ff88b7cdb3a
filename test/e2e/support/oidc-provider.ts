import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { decodeJwt, exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import Provider from "oidc-provider";

/**
 * A real OpenID Provider: panva's `oidc-provider` (pinned in package.json), in this process on
 * 127.0.0.1, with its development login form (any password; the login names the account) and one
 * confidential client registered for our redirect URI. The HTTP server stays while the provider
 * behind it is rebuilt: `rotateKeys()` starts signing with a new key and publishes it beside the
 * old one, as an IdP's key rollover does (OpenID Connect Core §10.1.1). `tamperIdToken` lets a test
 * rewrite the ID token of the next token response, to act as a misbehaving or hostile provider.
 */
export interface OpAccount {
  email: string;
  email_verified: boolean;
  groups?: string[];
}

export interface SigningKey {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

export interface OpenIdProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The key the provider signs with now. */
  currentKey(): SigningKey;
  /** Publishes a new key first (it signs from now on) and keeps the previous ones published. */
  rotateKeys(): Promise<SigningKey>;
  /** The ID tokens the token endpoint issued, in order (after any tampering). */
  issuedIdTokens: string[];
  /** Rewrites the ID token of the next token response (one-shot). */
  tamperIdToken(rewrite: (idToken: string) => Promise<string>): void;
  stop(): Promise<void>;
}

export async function newSigningKey(kid: string): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const base = { kid, alg: "RS256", use: "sig" };
  return {
    kid,
    privateJwk: { ...(await exportJWK(privateKey)), ...base },
    publicJwk: { ...(await exportJWK(publicKey)), ...base },
  };
}

/** Re-signs `idToken`'s claims (changed by `change`) with `key`: what a hostile or confused provider would send. */
export async function resign(idToken: string, key: SigningKey, change: (claims: Record<string, unknown>) => void) {
  const claims = { ...decodeJwt(idToken) } as Record<string, unknown>;
  change(claims);
  return new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid: key.kid, typ: "JWT" }).sign(key.privateJwk);
}

export async function startOpenIdProvider(opts: {
  redirectUri: string;
  accounts: (login: string) => OpAccount;
}): Promise<OpenIdProvider> {
  const clientId = "session-analysis";
  const clientSecret = crypto.randomUUID();
  const cookieKey = crypto.randomUUID();
  const keys: SigningKey[] = [await newSigningKey("op-key-1")];
  const issuedIdTokens: string[] = [];
  let tamper: ((idToken: string) => Promise<string>) | null = null;
  let handler: ReturnType<Provider["callback"]> | null = null;

  const server: Server = createServer((req, res) => {
    if (handler) handler(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const build = () => {
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [opts.redirectUri],
          grant_types: ["authorization_code"],
          response_types: ["code"],
          token_endpoint_auth_method: "client_secret_basic",
          id_token_signed_response_alg: "RS256",
        },
      ],
      jwks: { keys: keys.map((k) => k.privateJwk) as never },
      cookies: { keys: [cookieKey] },
      claims: {
        openid: ["sub"],
        email: ["email", "email_verified"],
        profile: ["preferred_username"],
        groups: ["groups"],
      },
      scopes: ["openid", "email", "profile", "groups", "offline_access"],
      pkce: { required: () => true },
      features: { devInteractions: { enabled: true } },
      // The claims in the ID token itself, as Google, Okta and Entra ID send them.
      conformIdTokenClaims: false,
      ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 },
      async findAccount(_ctx, sub) {
        const account = opts.accounts(sub);
        return {
          accountId: sub,
          async claims() {
            return { sub, preferred_username: sub, ...account };
          },
        };
      },
      // The employee already agreed to their employer's app: no consent screen (oidc-provider's
      // "skip consent" recipe), so the login form is the only page.
      async loadExistingGrant(ctx) {
        const accountId = ctx.oidc.session?.accountId;
        if (!accountId) return undefined;
        const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId });
        grant.addOIDCScope("openid email profile groups");
        grant.addOIDCClaims(["email", "email_verified", "preferred_username", "groups"]);
        await grant.save();
        return grant;
      },
    });
    provider.use(async (ctx, next) => {
      await next();
      const body = ctx.body as { id_token?: string } | undefined;
      if (ctx.path === "/token" && ctx.method === "POST" && body && typeof body.id_token === "string") {
        if (tamper) {
          const rewrite = tamper;
          tamper = null;
          body.id_token = await rewrite(body.id_token);
        }
        issuedIdTokens.push(body.id_token);
      }
    });
    handler = provider.callback();
  };
  build();

  return {
    issuer,
    clientId,
    clientSecret,
    issuedIdTokens,
    currentKey: () => keys[0]!,
    async rotateKeys() {
      keys.unshift(await newSigningKey(`op-key-${keys.length + 1}`));
      build();
      return keys[0]!;
    },
    tamperIdToken(rewrite) {
      tamper = rewrite;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A browser's part of the sign-in, as plain HTTP with a cookie jar: our login address, the
 * provider's login form (filled with `login`), then every redirect until our callback, whose answer
 * is returned. `callbackUrl` and `cookie` let a test replay it.
 */
export async function signInThrough(opts: {
  start: string;
  callbackPrefix: string;
  login: string;
  /** Headers for requests to our server (its CF-Connecting-IP: the test's own sign-in budget). */
  ourHeaders?: Record<string, string>;
}) {
  const ours = new URL(opts.start).origin;
  const jar = new Map<string, Map<string, string>>();
  const cookieFor = (url: URL) =>
    [...(jar.get(url.origin) ?? new Map()).entries()].map(([k, v]) => `${k}=${v}`).join("; ");
  const go = async (raw: string, init: RequestInit = {}) => {
    const url = new URL(raw);
    const headers = new Headers(init.headers);
    if (url.origin === ours) for (const [k, v] of Object.entries(opts.ourHeaders ?? {})) headers.set(k, v);
    const cookie = cookieFor(url);
    if (cookie) headers.set("cookie", cookie);
    const res = await fetch(url, { ...init, headers, redirect: "manual" });
    const cookies = jar.get(url.origin) ?? new Map<string, string>();
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(set) || value === "") cookies.delete(name);
      else cookies.set(name, value);
    }
    jar.set(url.origin, cookies);
    return res;
  };

  let res = await go(opts.start);
  let current = opts.start;
  for (let hop = 0; hop < 20; hop++) {
    const location = res.headers.get("location");
    if (location) {
      current = new URL(location, current).toString();
      if (current.startsWith(opts.callbackPrefix)) {
        const cookie = cookieFor(new URL(current));
        const callback = await go(current);
        // A sign-in page's "Sign in with SSO" comes back as a 303 to that page (no body): `location`
        // and the browser's cookies for our origin (`ourCookie`) let the test follow it.
        const json = (callback.headers.get("content-type") ?? "").includes("json");
        return {
          status: callback.status,
          body: json ? await callback.json() : null,
          callbackUrl: current,
          cookie,
          location: callback.headers.get("location"),
          ourCookie: () => cookieFor(new URL(ours)),
        };
      }
      res = await go(current);
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no redirect and no form at ${current} (${res.status}): ${html.slice(0, 300)}`);
    const form = new URLSearchParams();
    for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) form.set(m[1]!, m[2]!);
    if (html.includes('name="login"')) {
      form.set("login", opts.login);
      form.set("password", "any password");
    }
    current = new URL(action, current).toString();
    res = await go(current, { method: "POST", body: form });
  }
  throw new Error("too many redirects");
}
