import {
  type ApiError,
  createSessionAnalysisClient,
  type paths,
  SCOPES,
  type Schema,
} from "../../clients/typescript/src/index";

export type { paths, Schema };
export { SCOPES };

/**
 * The console talks to the public API only, through the typed client. It holds
 * no token: the browser sends the HttpOnly session cookie, and unsafe requests
 * echo the readable CSRF cookie as X-CSRF-Token (docs/security.md "Console").
 */
const CSRF_COOKIES = ["__Host-sas_csrf", "sas_csrf"];
const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

function csrfToken(): string | undefined {
  for (const part of document.cookie.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name && CSRF_COOKIES.includes(name)) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

/** One renewal at a time: the refresh cookie is single use. */
let renewing: Promise<boolean> | undefined;
function renewSession(): Promise<boolean> {
  // Signed in means the readable CSRF cookie that sign-in set beside the refresh cookie: without
  // it there is no session to renew, and the console does not ask (a signed-out page load).
  if (!csrfToken()) return Promise.resolve(false);
  renewing ??= fetch("/console/session/refresh", { method: "POST", credentials: "same-origin" })
    .then((r) => r.ok)
    .catch(() => false)
    .finally(() => {
      renewing = undefined;
    });
  return renewing;
}

let onSignedOut: () => void = () => undefined;
export function whenSignedOut(handler: () => void) {
  onSignedOut = handler;
}

/**
 * The organization the console acts for (null: the signed-in user). Sent as
 * X-Organization-Id on every call, as the API documents for acting as an
 * organization (docs/decisions.md "Organizations"). Only an id, not a credential:
 * kept per tab in sessionStorage.
 */
const ACTING = "sas.acting-organization";
export function actingOrganization(): string | null {
  return sessionStorage.getItem(ACTING);
}
export function setActingOrganization(id: string | null) {
  if (id) sessionStorage.setItem(ACTING, id);
  else sessionStorage.removeItem(ACTING);
  window.dispatchEvent(new Event("sas:acting"));
}

const NOT_SESSION_401 = new Set([
  "INVALID_CREDENTIALS",
  "MFA_CODE_INVALID",
  "MFA_CHALLENGE_INVALID",
  "PASSKEY_INVALID",
]);

async function errorCodeOf(res: Response): Promise<string | undefined> {
  const body = (await res
    .clone()
    .json()
    .catch(() => undefined)) as { error?: { code?: string } } | undefined;
  return body?.error?.code;
}

/**
 * Who asks the user for a second factor when an action answers MFA_REQUIRED: the StepUpPrompt the
 * signed-in shell mounts. It resolves true once POST /v1/auth/mfa/step-up succeeded, false when the
 * user cancelled (the action's own 403 is then shown).
 */
let stepUpAsker: (() => Promise<boolean>) | undefined;
export function whenStepUpNeeded(asker: (() => Promise<boolean>) | undefined) {
  stepUpAsker = asker;
}
function askStepUp(): Promise<boolean> {
  return stepUpAsker ? stepUpAsker() : Promise.resolve(false);
}

/**
 * A call that got no answer at all (offline, a reset connection) comes back as a refusal with a
 * message, like the API's own: every page's error path shows it instead of a form that silently
 * stays as it was. An abort the page asked for stays an abort.
 */
async function send(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (err) {
    if (request.signal.aborted) throw err;
    const message = "The service did not answer. Check your connection and try again.";
    return Response.json({ success: false, error: { message } }, { status: 503 });
  }
}

async function consoleFetch(request: Request): Promise<Response> {
  const withCsrf = () => {
    const r = request.clone();
    const token = csrfToken();
    if (!SAFE.has(r.method) && token) r.headers.set("X-CSRF-Token", token);
    // A call that passes an empty X-Organization-Id asks as the user, whatever the tab acts for.
    const acting = actingOrganization();
    if (r.headers.get("X-Organization-Id") === "") r.headers.delete("X-Organization-Id");
    else if (acting && !r.headers.has("X-Organization-Id")) r.headers.set("X-Organization-Id", acting);
    return r;
  };
  const first = await send(withCsrf());
  // A sensitive action of an account with a second factor needs a recent check (403 MFA_REQUIRED,
  // docs/security.md): the console asks for a code, records the step-up, then retries the action.
  if (first.status === 403 && (await errorCodeOf(first)) === "MFA_REQUIRED" && (await askStepUp())) {
    return send(withCsrf());
  }
  if (first.status !== 401 || request.url.includes("/v1/auth/")) return first;
  // A 401 about what the user typed (a wrong current password or code) is not an expired session.
  if (NOT_SESSION_401.has((await errorCodeOf(first)) ?? "")) return first;
  // The access cookie expired: renew once from the refresh cookie, then retry.
  if (await renewSession()) return send(withCsrf());
  onSignedOut();
  return first;
}

export const api = createSessionAnalysisClient({
  origin: location.origin,
  credentials: "same-origin",
  fetch: consoleFetch,
});

/** The message of a failed call's envelope. */
export function messageOf(error: unknown): string {
  const e = (error as { error?: ApiError } | undefined)?.error;
  if (e?.message) return e.message;
  return error instanceof Error ? error.message : "Something went wrong. Try again.";
}

/** A refused call: the envelope's message, with its catalogue code for pages that branch on it. */
export class CallError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/** `data` of a successful call, or throws a CallError with the envelope's message and code. */
export async function unwrap<T>(call: Promise<{ data?: { data: T }; error?: unknown }>): Promise<T> {
  const { data, error } = await call;
  if (error !== undefined || !data) throw new CallError(messageOf(error), (error as { error?: ApiError })?.error?.code);
  return data.data;
}

/** A password sign-in of an account with a second factor: what the second step answers. */
export interface MfaChallenge {
  challenge: string;
  expires_in: number;
  factors: Array<"totp" | "passkey" | "recovery_code">;
  /** Request options for the account's passkeys (when it has any): their challenge is this sign-in's. */
  webauthn?: Record<string, unknown>;
}

async function postSession(path: string, body: unknown): Promise<{ mfa_required?: true } & Partial<MfaChallenge>> {
  const res = await send(
    new Request(path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", ...(csrfToken() ? { "X-CSRF-Token": csrfToken()! } : {}) },
      body: JSON.stringify(body),
    }),
  );
  const json = await res.json().catch(() => undefined);
  if (!res.ok) throw new CallError(messageOf(json), (json as { error?: ApiError } | undefined)?.error?.code);
  return (json as { data: { mfa_required?: true } & Partial<MfaChallenge> }).data;
}

/** Signs in (cookies set), or answers the challenge an account with a second factor must complete. */
export async function signIn(email: string, password: string): Promise<MfaChallenge | undefined> {
  const data = await postSession("/console/session", { email, password });
  return data.mfa_required ? (data as MfaChallenge) : undefined;
}

/** The second step: an authenticator code or a recovery code for the challenge (cookies set). */
export async function completeSignIn(
  challenge: string,
  proof: { code: string } | { recovery_code: string } | { webauthn: Record<string, unknown> },
) {
  await postSession("/console/session/mfa", { challenge, ...proof });
}

/** Passwordless: a discoverable passkey chosen in the browser's own dialog signs in (cookies set). */
export async function signInWithPasskey(assert: (options: Record<string, unknown>) => Promise<unknown>) {
  const options = await unwrap(api.POST("/auth/passkey/options"));
  await postSession("/console/session/passkey", { webauthn: await assert(options) });
}

export async function signOut(): Promise<void> {
  await fetch("/console/session", {
    method: "DELETE",
    credentials: "same-origin",
    headers: csrfToken() ? { "X-CSRF-Token": csrfToken()! } : {},
  });
}

export const idempotencyKey = () => crypto.randomUUID();
