/** Seeding through the API (and the bench-only bulk route) for npm run bench. */
import { apiClient } from "../test/e2e/support/api";
import { verifyEmail } from "../test/e2e/support/mail";

export interface BenchUser {
  id: string;
  token: string;
}

/** The data of a successful call; anything else throws with the server's answer (HTML pages reduced to text). */
export async function call(base: string, method: string, path: string, body?: unknown, token?: string) {
  const res = await apiClient(() => base).call(method, path, token, body);
  if (res.status >= 300) {
    const text = res.body
      ? JSON.stringify(res.body)
      : res.text
          .replace(/<style[\s\S]*?<\/style>/g, "")
          .replace(/<[^>]+>/g, " ")
          .replace(/\s+/g, " ");
    throw new Error(`${method} ${path} → ${res.status} ${text.slice(0, 600)}`);
  }
  return res.body.data;
}

/**
 * A user on `tier`: a paid tier's trial (and so its rate limits) starts when the email is verified
 * (docs/decisions.md), so the mailed link is followed, from the development mailbox.
 */
export async function registerUser(base: string, label: string, tier = "enterprise"): Promise<BenchUser> {
  const email = `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@bench.example`;
  const data = await call(base, "POST", "/v1/auth/register", {
    email,
    username: label.replace(/[^A-Za-z0-9_]/g, "_").slice(0, 30),
    password: "bench-password-1",
    tier,
    marketing_consent: false,
  });
  await verifyEmail(base, email);
  return { id: data.user.id, token: data.token };
}

export async function apiKeyFor(base: string, user: BenchUser): Promise<string> {
  const data = await call(
    base,
    "POST",
    "/v1/api-keys",
    { name: "bench", scopes: ["remote-viewing:read", "dowsing:read"] },
    user.token,
  );
  return data.key;
}

/** An enterprise user whose balance never stops a load of creations (the bench entry sets it). */
export async function fundedUser(base: string, label: string): Promise<BenchUser> {
  const user = await registerUser(base, label);
  await call(base, "POST", `/__bench/credits?user_id=${user.id}&credits=100000000`);
  return user;
}

/** Headers of the transport and the body, which the bench entry's own answer sets for itself. */
const NOT_MIRRORED = new Set(["content-type", "content-length", "content-encoding", "transfer-encoding", "date"]);

/**
 * The reads' subject: a caller, an API key of theirs that reads sessions, and one session made through
 * the API. The bench entry is given the headers GET /v1/sessions/{id} answers with, for its ceiling
 * route (/__bench/d1-session-answer, bench/worker/entry.ts).
 */
export async function readTarget(base: string): Promise<{ caller: BenchUser; apiKey: string; sessionId: string }> {
  const caller = await fundedUser(base, "caller");
  const apiKey = await apiKeyFor(base, caller);
  const session = await call(
    base,
    "POST",
    "/v1/sessions",
    { cue: "Benchmark target", session_type: "remote_viewing", parameters: { duration: 30 } },
    caller.token,
  );
  const answered = await fetch(`${base}/v1/sessions/${session.id}`, {
    headers: { authorization: `Bearer ${caller.token}` },
  });
  await answered.arrayBuffer();
  const headers: [string, string][] = [];
  answered.headers.forEach((value, name) => {
    if (!NOT_MIRRORED.has(name)) headers.push([name, value]);
  });
  await (await fetch(`${base}/__bench/answer-headers`, { method: "PUT", body: JSON.stringify(headers) })).arrayBuffer();
  return { caller, apiKey, sessionId: session.id };
}

// Below 2^53 so the id arithmetic stays exact in JavaScript and SQLite.
let idBase = Date.now() * 1_000;

/** Bulk rows for `user`, in chunks so no single statement runs long. */
export async function bulkSessions(base: string, user: BenchUser, count: number) {
  for (let done = 0; done < count; done += 5_000) {
    const n = Math.min(5_000, count - done);
    await call(base, "POST", `/__bench/seed-sessions?user_id=${user.id}&count=${n}&days=365&id_base=${idBase}`);
    idBase += n;
  }
}

/** Authenticated API calls on each of the last `days` days: a year of stats reads them too. */
export async function bulkApiUsage(base: string, user: BenchUser, days: number) {
  await call(base, "POST", `/__bench/seed-api-usage?user_id=${user.id}&days=${days}`);
}
