import { createHash } from "node:crypto";
import path from "node:path";
import { Miniflare } from "miniflare";
import { unstable_readConfig } from "wrangler";
import type { ApiResult } from "./api";

const ROOT = path.resolve(import.meta.dirname, "../../..");

/** Where the shared server keeps its local state (set by shared-server.ts for every test process). */
export const SHARED_PERSIST_ENV = "SAS_E2E_SHARED_PERSIST";

export function sharedPersistDir(): string {
  const dir = process.env[SHARED_PERSIST_ENV];
  if (!dir) throw new Error(`${SHARED_PERSIST_ENV} is not set: is the e2e global setup running?`);
  return dir;
}

/**
 * The newest verification token the development mailer sent to a user, read from the server's own
 * KV outbox (`dev-mail:<user id>:…`, src/db/mail-outbox.ts) in its local persistence, as the
 * Workers-pool helper does with the binding (test/support/email.ts): the mail really sent, not a
 * shortcut. A second Miniflare opens the same local KV for the read.
 */
export async function mailedVerificationToken(userId: string, persistDir = sharedPersistDir()): Promise<string> {
  return withLocalKv(persistDir, async (kv) => {
    const { keys } = await kv.list({ prefix: `dev-mail:${userId}:` });
    for (const { name } of [...keys].reverse()) {
      const token = tokenIn((await kv.get(name, "json")) as MailRecord | null);
      if (token) return token;
    }
    throw new Error(`no verification mail for ${userId} in ${persistDir}`);
  });
}

/** The same, for a user known by email only (one who signed up in the browser): the newest mail to it. */
export async function mailedVerificationTokenTo(email: string, persistDir = sharedPersistDir()): Promise<string> {
  return withLocalKv(persistDir, async (kv) => {
    let best: { id: string; token: string } | undefined;
    let cursor: string | undefined;
    do {
      const page = await kv.list({ prefix: "dev-mail:user_", cursor });
      for (const { name } of page.keys) {
        const mail = (await kv.get(name, "json")) as MailRecord | null;
        const token = tokenIn(mail);
        if (token && mail?.to === email && (!best || mail.id > best.id)) best = { id: mail.id, token };
      }
      cursor = page.list_complete ? undefined : page.cursor;
    } while (cursor);
    if (!best) throw new Error(`no verification mail to ${email} in ${persistDir}`);
    return best.token;
  });
}

interface MailRecord {
  id: string;
  to: string;
  text?: string;
}

const tokenIn = (mail: MailRecord | null) => /"token": "(sev_[A-Za-z0-9_-]+)"/.exec(mail?.text ?? "")?.[1];

type LocalKv = Awaited<ReturnType<Miniflare["getKVNamespace"]>>;

/**
 * Opens the server's local KV with a second Miniflare for one read. The running `wrangler dev`
 * holds the same SQLite files and may lock them for a moment while it writes (the read then
 * answers 500), so a read that fails is tried again on a fresh handle, up to five times.
 */
async function withLocalKv<T>(persistDir: string, read: (kv: LocalKv) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const mf = new Miniflare({
      modules: true,
      script: "export default { fetch() { return new Response(null, { status: 404 }); } };",
      kvPersist: path.join(persistDir, "v3", "kv"),
      kvNamespaces: { KV: developmentKvId() },
    });
    try {
      return await read(await mf.getKVNamespace("KV"));
    } catch (err) {
      if (attempt === 5 || !/failed: 5\d\d/.test(String(err))) throw err;
    } finally {
      await mf.dispose();
    }
    await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
  }
}

/** Verify a registered user's email as its holder does: the mailed token, through POST /v1/auth/email/verify. */
export async function verifyEmail(
  baseUrl: string,
  user: string | { email: string },
  persistDir = sharedPersistDir(),
): Promise<void> {
  const token =
    typeof user === "string"
      ? await mailedVerificationToken(user, persistDir)
      : await mailedVerificationTokenTo(user.email, persistDir);
  const res = await fetch(`${baseUrl}/v1/auth/email/verify`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token }),
    signal: AbortSignal.timeout(15_000),
  });
  if (res.status !== 200) throw new Error(`verify failed: ${res.status} ${await res.text()}`);
}

/**
 * The messages the development mailer of a `wrangler dev` kept for `ownerId` (a user's account mail:
 * `dev-mail:<user id>:…`), read from the server's own local state, newest first.
 */
export async function outboxOf(persistDir: string, ownerId: string): Promise<Array<{ subject: string; text: string }>> {
  return withLocalKv(persistDir, async (kv) => {
    const { keys } = await kv.list({ prefix: `dev-mail:${ownerId}:` });
    const names = keys
      .map((k) => k.name)
      .sort()
      .reverse();
    const values = await Promise.all(names.map((n) => kv.get(n, "json")));
    return values.filter((v): v is { subject: string; text: string } => v !== null);
  });
}

/**
 * Verify a user's email as its holder does against a running server: the token from the
 * verification mail the server really sent, spent through POST /v1/auth/email/verify.
 */
export async function verifyEmailOn(
  server: { persistDir: string },
  call: (method: string, path: string, token?: string, body?: unknown) => Promise<ApiResult>,
  userId: string,
): Promise<void> {
  const mail = (await outboxOf(server.persistDir, userId)).find((m) => m.subject === "Verify your email address");
  const token = /"token": "(sev_[A-Za-z0-9_-]+)"/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error(`no verification mail for ${userId}`);
  const res = await call("POST", "/v1/auth/email/verify", undefined, { token });
  if (res.status !== 200) throw new Error(`verify failed: ${res.status} ${res.text}`);
}

/**
 * A person's mailbox on a running server: every message the development mail adapter sent to
 * `email` (`dev-mail-to:<SHA-256 of the lower-cased address>:…`, src/db/mail-outbox.ts), newest first.
 */
export async function mailboxOf(
  persistDir: string,
  email: string,
): Promise<Array<{ type?: string; subject: string; text: string }>> {
  const hash = createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
  return withLocalKv(persistDir, async (kv) => {
    const { keys } = await kv.list({ prefix: `dev-mail-to:${hash}:` });
    const names = keys
      .map((k) => k.name)
      .sort()
      .reverse();
    const values = await Promise.all(names.map((n) => kv.get(n, "json")));
    return values.filter((v): v is { type?: string; subject: string; text: string } => v !== null);
  });
}

/** The development KV namespace of wrangler.toml (the mail outbox lives there). */
function developmentKvId(): string {
  const config = unstable_readConfig({ config: path.join(ROOT, "wrangler.toml") });
  const ns = config.kv_namespaces.find((k: { binding: string }) => k.binding === "KV");
  if (!ns?.id) throw new Error("wrangler.toml has no KV binding");
  return ns.preview_id ?? ns.id;
}
