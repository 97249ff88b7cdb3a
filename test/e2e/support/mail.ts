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
 * The newest verification token the development mail adapter sent to a user, read from the
 * server's own KV mailbox of the user's address (`dev-mail-to:<SHA-256 of the address>:…`,
 * src/db/mail-outbox.ts) in its local persistence, as the Workers-pool helper does with the
 * bindings (test/support/email.ts): the mail really sent, not a shortcut. The address is the
 * user's row in the same local D1; a second Miniflare opens both for the read.
 */
export async function mailedVerificationToken(userId: string, persistDir = sharedPersistDir()): Promise<string> {
  return withLocalState(persistDir, async ({ kv, db }) => {
    const token = newestToken(await mailboxIn(kv, await emailOfUser(db, userId)));
    if (!token) throw new Error(`no verification mail for ${userId} in ${persistDir}`);
    return token;
  });
}

/** The same, for a user known by email only (one who signed up in the browser): the newest mail to it. */
export async function mailedVerificationTokenTo(email: string, persistDir = sharedPersistDir()): Promise<string> {
  return withLocalState(persistDir, async ({ kv }) => {
    const token = newestToken(await mailboxIn(kv, email));
    if (!token) throw new Error(`no verification mail to ${email} in ${persistDir}`);
    return token;
  });
}

interface MailRecord {
  id: string;
  to: string;
  text?: string;
}

const tokenIn = (mail: MailRecord | null) => /"token": "(sev_[A-Za-z0-9_-]+)"/.exec(mail?.text ?? "")?.[1];

/** The token of the newest verification mail of a mailbox (newest first), if any. */
const newestToken = (mailbox: MailRecord[]) =>
  mailbox.map(tokenIn).find((token): token is string => token !== undefined);

type LocalKv = Awaited<ReturnType<Miniflare["getKVNamespace"]>>;
type LocalD1 = Awaited<ReturnType<Miniflare["getD1Database"]>>;

/** Every message the development adapter sent to `email`, newest first. */
async function mailboxIn(kv: LocalKv, email: string): Promise<Array<MailRecord & { subject: string; text: string }>> {
  const hash = createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
  const { keys } = await kv.list({ prefix: `dev-mail-to:${hash}:` });
  const names = keys
    .map((k) => k.name)
    .sort()
    .reverse();
  const values = await Promise.all(names.map((n) => kv.get(n, "json")));
  return values.filter((v): v is MailRecord & { subject: string; text: string } => v !== null);
}

async function emailOfUser(db: LocalD1, userId: string): Promise<string> {
  const row = await db.prepare("SELECT email FROM users WHERE id = ?").bind(userId).first<{ email: string }>();
  if (!row) throw new Error(`no user ${userId}`);
  return row.email;
}

/**
 * How a read fails while the running server holds the SQLite files: KV answers 500, D1 "internal
 * error" (SQLITE_BUSY inside workerd).
 */
const TRANSIENT = /failed: 5\d\d|internal error|SQLITE_BUSY|database is locked/i;

/**
 * Opens the server's local KV and D1 with a second Miniflare for one read. The running `wrangler dev`
 * holds the same SQLite files and may lock them for a moment while it writes (the read then
 * fails, see TRANSIENT), so a read that fails so is tried again on a fresh handle, up to five times.
 */
async function withLocalState<T>(
  persistDir: string,
  read: (state: { kv: LocalKv; db: LocalD1 }) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const mf = new Miniflare({
      modules: true,
      script: "export default { fetch() { return new Response(null, { status: 404 }); } };",
      kvPersist: path.join(persistDir, "v3", "kv"),
      kvNamespaces: { KV: developmentKvId() },
      d1Persist: path.join(persistDir, "v3", "d1"),
      d1Databases: { DB: developmentD1Id() },
    });
    try {
      return await read({ kv: await mf.getKVNamespace("KV"), db: await mf.getD1Database("DB") });
    } catch (err) {
      if (attempt === 5 || !TRANSIENT.test(String(err))) throw err;
    } finally {
      await mf.dispose();
    }
    await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
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
 * The messages the development mail adapter of a `wrangler dev` kept for `ownerId`, read from the
 * server's own local state, newest first: a user's account mail is the mailbox of the user's
 * address; an organization's, its outbox (`dev-mail:<organization id>:…`).
 */
async function outboxOf(persistDir: string, ownerId: string): Promise<Array<{ subject: string; text: string }>> {
  return withLocalState(persistDir, async ({ kv, db }) => {
    if (ownerId.startsWith("user_")) return mailboxIn(kv, await emailOfUser(db, ownerId));
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

/** The development D1 database of wrangler.toml (the users' addresses live there). */
function developmentD1Id(): string {
  const config = unstable_readConfig({ config: path.join(ROOT, "wrangler.toml") });
  const db = config.d1_databases.find((d: { binding: string }) => d.binding === "DB");
  const id = db?.preview_database_id ?? db?.database_id;
  if (!id) throw new Error("wrangler.toml has no D1 binding DB");
  return id;
}

/**
 * A person's mailbox on a running server: every message the development mail adapter sent to
 * `email` (`dev-mail-to:<SHA-256 of the lower-cased address>:…`, src/db/mail-outbox.ts), newest first.
 */
export async function mailboxOf(
  persistDir: string,
  email: string,
): Promise<Array<{ type?: string; subject: string; text: string }>> {
  return withLocalState(persistDir, ({ kv }) => mailboxIn(kv, email));
}

/** The development KV namespace of wrangler.toml (the mail outbox lives there). */
function developmentKvId(): string {
  const config = unstable_readConfig({ config: path.join(ROOT, "wrangler.toml") });
  const ns = config.kv_namespaces.find((k: { binding: string }) => k.binding === "KV");
  if (!ns?.id) throw new Error("wrangler.toml has no KV binding");
  return ns.preview_id ?? ns.id;
}
