import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { AuthorizationRequest } from "../../domain/identity/oauth/authorization-request";
import { SCOPES, type Scope } from "../../domain/identity/scopes";
import { sha256Base64url } from "../../lib/crypto";

/**
 * The authorize page's HTML: plain forms; the one script is the second step's passkey ceremony
 * (PASSKEY_SCRIPT). Every interpolated value is escaped by hono/html. The stylesheet and the script
 * are inline and allowed by their hashes in the page's CSP (see authorizePageCsp).
 */
const STYLE = `body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1d2330;margin:0}
main{max-width:26rem;margin:4rem auto;background:#fff;border-radius:.75rem;padding:2rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.3rem;margin-top:0}label{display:block;margin:.8rem 0 .3rem;font-weight:600}
input[type=email],input[type=password],input[type=text]{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #bbb;border-radius:.4rem}
button{padding:.6rem 1.2rem;border-radius:.4rem;border:1px solid #345;font-size:1rem;cursor:pointer;margin:.8rem .5rem 0 0}
button.primary{background:#2456c9;color:#fff;border-color:#2456c9}ul{padding-left:1.2rem}li{margin:.3rem 0}
.error{background:#fde8e8;color:#8a1c1c;padding:.6rem;border-radius:.4rem}.muted{color:#5b6270;font-size:.9rem}code{word-break:break-all}`;

/**
 * "Use a passkey" on the second step (WebAuthn Level 3 §5.1.4): the browser parses the options the
 * button carries (this sign-in's own challenge), asks the authenticator, and posts its toJSON() in
 * the form; the server verifies it against the challenge (challenge, origin, RP id, user
 * verification, counter). The button stays hidden in a browser without JSON WebAuthn support.
 */
const PASSKEY_SCRIPT = `{
const button = document.getElementById("use-passkey");
const form = document.getElementById("passkey-form");
const note = document.getElementById("passkey-error");
const PKC = globalThis.PublicKeyCredential;
if (button && form && note && PKC && typeof PKC.parseRequestOptionsFromJSON === "function") {
  button.hidden = false;
  button.addEventListener("click", async () => {
    note.hidden = true;
    try {
      const publicKey = PKC.parseRequestOptionsFromJSON(JSON.parse(button.dataset.options));
      const credential = await navigator.credentials.get({ publicKey });
      if (!credential) throw new Error("no passkey was chosen");
      form.elements.namedItem("webauthn").value = JSON.stringify(credential.toJSON());
      form.submit();
    } catch (err) {
      note.textContent = "The passkey was not used (" + (err && err.message ? err.message : err) + "). Try again, or enter a code.";
      note.hidden = false;
    }
  });
}
}`;

const cspHash = (source: string) =>
  sha256Base64url(source).then((h) => `'sha256-${h.replace(/-/g, "+").replace(/_/g, "/")}='`);
let hashes: Promise<[string, string]> | undefined;

/**
 * CSP for the page: nothing but our inline style (and, on the second step with a passkey, its
 * script: `script`); forms may post here and redirect to the client's origin.
 */
export async function authorizePageCsp(redirectOrigin?: string, opts: { script?: boolean } = {}): Promise<string> {
  hashes ??= Promise.all([cspHash(STYLE), cspHash(PASSKEY_SCRIPT)]);
  const [style, script] = await hashes;
  const formAction = ["'self'", ...(redirectOrigin ? [redirectOrigin] : [])].join(" ");
  const scripts = opts.script ? ` script-src ${script};` : "";
  return `default-src 'none'; style-src ${style};${scripts} form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`;
}

function page(title: string, body: HtmlEscapedString | Promise<HtmlEscapedString>) {
  return html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="referrer" content="no-referrer">
<title>${title} · Session Analysis</title><style>${STYLE}</style></head>
<body><main>${body}</main></body>
</html>`;
}

function hiddenFields(request: AuthorizationRequest, csrf: string) {
  return html`${Object.entries(request.params).map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}">`)}
<input type="hidden" name="csrf_token" value="${csrf}">`;
}

export function loginView(request: AuthorizationRequest, csrf: string, error?: string, email = "", ssoLogin = "") {
  return page(
    "Sign in",
    html`<h1>Sign in to continue to ${request.client.name}</h1>
${error ? html`<p class="error" role="alert">${error}</p>` : ""}
<form method="post" action="/oauth2/authorize">
${hiddenFields(request, csrf)}
<input type="hidden" name="action" value="login">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required value="${email}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button class="primary" type="submit">Sign in</button>
</form>
<form method="post" action="/oauth2/authorize" id="sso">
${hiddenFields(request, csrf)}
<input type="hidden" name="action" value="sso">
<label for="sso_login">Work email or company domain</label><input id="sso_login" name="sso_login" type="text" autocomplete="email" required value="${ssoLogin}">
<button type="submit">Sign in with SSO</button>
</form>`,
  );
}

/**
 * The second step of a password sign-in for an account with a second factor (docs/security.md): a
 * code form, and for an account with passkeys a "Use a passkey" button answering `passkey`, the
 * request options whose challenge is this sign-in's.
 */
export function mfaView(
  request: AuthorizationRequest,
  csrf: string,
  challenge: string,
  opts: { error?: string | undefined; passkey?: object | undefined } = {},
) {
  const { error, passkey } = opts;
  return page(
    "Second factor",
    html`<h1>Confirm it is you</h1>
${error ? html`<p class="error" role="alert">${error}</p>` : ""}
<form method="post" action="/oauth2/authorize">
${hiddenFields(request, csrf)}
<input type="hidden" name="action" value="mfa">
<input type="hidden" name="challenge" value="${challenge}">
<label for="mfa_code">Authenticator code or recovery code</label><input id="mfa_code" name="mfa_code" type="text" autocomplete="one-time-code" required>
<button class="primary" type="submit">Verify</button>
</form>
${
  passkey
    ? html`<form method="post" action="/oauth2/authorize" id="passkey-form">
${hiddenFields(request, csrf)}
<input type="hidden" name="action" value="mfa">
<input type="hidden" name="challenge" value="${challenge}">
<input type="hidden" name="webauthn" value="">
<button type="button" id="use-passkey" data-options="${JSON.stringify(passkey)}" hidden>Use a passkey</button>
<p id="passkey-error" class="error" role="alert" hidden></p>
</form>
<script>${raw(PASSKEY_SCRIPT)}</script>`
    : ""
}`,
  );
}

/** On to the organization's identity provider (see startSso for why not a redirect). */
export function ssoRedirectView(idpUrl: string) {
  return html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><meta http-equiv="refresh" content="0;url=${idpUrl}">
<title>Single sign-on · Session Analysis</title><style>${STYLE}</style></head>
<body><main><h1>Continuing to your organization's sign-in</h1>
<p><a id="continue" href="${idpUrl}">Continue</a> if nothing happens.</p></main></body>
</html>`;
}

/** Where the client's name comes from, in plain words: a name chosen by whoever registered it proves nothing. */
function registrationSource(request: AuthorizationRequest) {
  const client = request.client;
  if (client.source === "metadata_document")
    return html`This application is identified by its metadata document at <strong>${new URL(client.id).host}</strong>.`;
  if (client.source === "dynamic")
    return html`This application registered itself (dynamic registration): its name has not been verified.`;
  return html`This application was registered by a user of this service.`;
}

export function consentView(request: AuthorizationRequest, csrf: string, user: { email: string }, scopes: Scope[]) {
  return page(
    "Authorize",
    html`<h1>${request.client.name} wants to access your account</h1>
<p>Signed in as <strong>${user.email}</strong>.</p>
<p id="client-source" class="muted">${registrationSource(request)}</p>
<p>If you allow it, <strong>${request.client.name}</strong> will be able to${request.resource ? html`, through the service's MCP server (for AI assistants and agents)` : ""}:</p>
<ul id="scopes">${scopes.map((s) => html`<li data-scope="${s}">${SCOPES[s]} <span class="muted">(${s})</span></li>`)}</ul>
<p class="muted">You will be sent back to <code>${new URL(request.redirectUri).origin}</code>.</p>
<form method="post" action="/oauth2/authorize">
${hiddenFields(request, csrf)}
<button class="primary" type="submit" name="action" value="approve">Allow</button>
<button type="submit" name="action" value="deny">Deny</button>
</form>
<form method="post" action="/oauth2/authorize">
${hiddenFields(request, csrf)}
<button type="submit" name="action" value="switch">Use a different account</button>
</form>`,
  );
}

export function errorView(message: string) {
  return page(
    "Authorization error",
    html`<h1>This authorization request cannot be completed</h1>
<p class="error" role="alert">${message}</p>
<p class="muted">Return to the application and try again. If the problem persists, contact the application's developer.</p>`,
  );
}
