import path from "node:path";
import { Miniflare } from "miniflare";
import type { ApiResult } from "./api";

/** The development KV namespace of wrangler.toml (the mail outbox lives there). */
const KV_ID = "00000000000000000000000000000001";

/**
 * The messages the development mailer of a `wrangler dev` kept for `ownerId` (a user's account mail:
 * `dev-mail:<user id>:…`), read from the server's own local state, newest first.
 */
export async function outboxOf(persistDir: string, ownerId: string): Promise<Array<{ subject: string; text: string }>> {
  const mf = new Miniflare({
    modules: true,
    script: "export default { fetch() { return new Response(null, { status: 204 }); } }",
    kvNamespaces: { KV: KV_ID },
    kvPersist: path.join(persistDir, "v3", "kv"),
  });
  try {
    const kv = await mf.getKVNamespace("KV");
    const { keys } = await kv.list({ prefix: `dev-mail:${ownerId}:` });
    const names = keys
      .map((k) => k.name)
      .sort()
      .reverse();
    const values = await Promise.all(names.map((n) => kv.get(n, "json")));
    return values.filter((v): v is { subject: string; text: string } => v !== null);
  } finally {
    await mf.dispose();
  }
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
