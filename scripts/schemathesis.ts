// Run by scripts/schemathesis.sh (which creates the pinned venv). Starts `wrangler dev` on a free
// 127.0.0.1 port, sets up who the fuzzer acts as — a registered user given credits through a test
// card purchase, an API key with every scope made by the development admin — and runs Schemathesis over
// the served document: every operation, the checks issue 34 lists, stateful runs over the
// document's links, bounded in examples and time, the seed printed for replay.
import { spawn } from "node:child_process";
import { ALL_SCOPES } from "../src/domain/identity/scopes";
import { verifyEmail } from "../test/e2e/support/mail";
import { RETRY_FRONT_ENV, startWrangler } from "../test/e2e/support/wrangler";

const CHECKS = [
  "not_a_server_error",
  "status_code_conformance",
  "content_type_conformance",
  "response_headers_conformance",
  "response_schema_conformance",
  "negative_data_rejection",
  "positive_data_acceptance",
  "use_after_free",
  "ensure_resource_availability",
  "ignored_auth",
];
const seed = process.env.SCHEMATHESIS_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
const maxExamples = process.env.SCHEMATHESIS_MAX_EXAMPLES ?? "10";
const budgetSeconds = Number(process.env.SCHEMATHESIS_SECONDS ?? "240");

async function call(base: string, method: string, path: string, token: string | undefined, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      "Content-Type": "application/json",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as { data?: Record<string, unknown> };
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data ?? {};
}

/** Extra arguments for the CLI, e.g. `--include-path /sessions` while fixing one operation. */
const extraArgs = (process.env.SCHEMATHESIS_ARGS ?? "").split(" ").filter(Boolean);
/** Where each pass writes its HAR (`main.har`, `ending.har`), when set. */
const reportDir = process.env.SCHEMATHESIS_REPORT_DIR;

// The server as deployed, but every rate limit and throttle allows a thousand times its budget in its
// real window (RATE_LIMIT_QUOTA_SCALE; docs/decisions.md, "API fuzzer"): the fuzzer's thousands of
// requests a minute from one address, anonymous ones included, never meet a limit, however fast the
// machine sends them, so no check tests a 429 instead of the operation (the limits have their own
// tests). A Stripe webhook secret is configured as in production, so the processor's endpoint
// verifies signatures instead of answering 503.
// Through the e2e suite's retrying front (test/e2e/support/retry-front.mjs): wrangler's dev proxy
// answers a request it dropped before the app saw it with its own 503, which not_a_server_error would
// report as the service's.
process.env[RETRY_FRONT_ENV] = "1";
const server = await startWrangler({
  logLevel: "warn",
  vars: { RATE_LIMIT_QUOTA_SCALE: "1000", STRIPE_WEBHOOK_SECRET: "whsec_schemathesis_fuzzer" },
});
let code = 1;
try {
  const base = server.url;
  const password = "Correct-horse-battery-42";
  const register = (email: string, username: string) =>
    call(base, "POST", "/v1/auth/register", undefined, { email, username, password });
  // The development admin (ADMIN_EMAILS): an administrator once its holder verifies the address
  // (the mailed token, read from the development mailbox), so the key can carry every scope, the
  // :admin ones included. Signing in again gives a token of the administrator.
  const email = "admin@example.com";
  await register(email, "schemathesis");
  await verifyEmail(base, email);
  const token = (await call(base, "POST", "/v1/auth/login", undefined, { email, password })).token as string;
  // Credits by a test card purchase, not the signup grant (which may come to need a verified email).
  await call(base, "POST", "/v1/billing/credits/purchase", token, {
    credit_package: "starter",
    payment_method_id: "pm_card_visa",
  });
  const newKey = async (name: string) =>
    (await call(base, "POST", "/v1/api-keys", token, { name, scopes: ALL_SCOPES })).key as string;
  const key = await newKey("schemathesis");
  // A second key for the operations that end the credential they are called with (below).
  const lastKey = await newKey("schemathesis-last");

  console.log(`schemathesis: seed ${seed} (replay: SCHEMATHESIS_SEED=${seed} scripts/schemathesis.sh)`);
  const run = (name: string, auth: string, filter: string[], seconds: number, label: string) =>
    new Promise<number>((resolve) => {
      const args = [
        "--config-file",
        "scripts/schemathesis.toml",
        "run",
        // The document's own servers: /v1 for the API, the origin for the authorization server's paths.
        `${base}/v1/openapi.json`,
        "-H",
        `Authorization: Bearer ${auth}`,
        "--checks",
        CHECKS.join(","),
        "--max-examples",
        maxExamples,
        "--seed",
        seed,
        "--max-time",
        String(seconds - 5),
        "--request-timeout",
        "20",
        // Only a request with no answer at all (docs/decisions.md, "API fuzzer").
        "--request-retries",
        "2",
        "--no-color",
        // Every request and answer of the pass (HAR), tokens masked, to read a failure after the run.
        ...(reportDir ? ["--report", "har", "--report-har-path", `${reportDir}/${name}.har`] : []),
        ...filter,
        ...extraArgs,
      ];
      console.log(`schemathesis: ${label}`);
      const child = spawn(".venv/schemathesis/bin/schemathesis", args, {
        stdio: "inherit",
        // scripts/schemathesis_hooks.py: a unique Idempotency-Key per generated request.
        env: { ...process.env, PYTHONPATH: "scripts", SCHEMATHESIS_HOOKS: "schemathesis_hooks" },
      });
      // --max-time ends the run with its report; this only stops one that overruns it badly.
      const timer = setTimeout(() => child.kill("SIGTERM"), (seconds + 90) * 1000);
      child.on("exit", (status) => {
        clearTimeout(timer);
        resolve(status ?? 1);
      });
    });
  // Signing out revokes the credential presented, revoking or rotating a key ends it, and an
  // administrator may change their own role: run anywhere in the main pass they would leave every
  // later request a 401 or 403. They run last, with a key of their own.
  const last = ["logout", "revokeApiKey", "rotateApiKey", "setUserServiceRole"];
  const lastSeconds = Math.max(30, Math.round(budgetSeconds * 0.15));
  const main = await run(
    "main",
    key,
    last.flatMap((id) => ["--exclude-operation-id", id]),
    budgetSeconds - lastSeconds,
    "every operation but those ending the credential, as an API key with every scope of the admin",
  );
  const ending = await run(
    "ending",
    lastKey,
    last.flatMap((id) => ["--include-operation-id", id]),
    lastSeconds,
    `then ${last.join(", ")}, with a key of their own`,
  );
  code = main || ending;
  if (code !== 0)
    console.log(
      `schemathesis: failed with seed ${seed}. Replay the run: SCHEMATHESIS_SEED=${seed} scripts/schemathesis.sh; ` +
        `one operation: add SCHEMATHESIS_ARGS="--include-operation-id <operationId>"; ` +
        "each failure above prints the curl that reproduces it.",
    );
} catch (err) {
  console.error(err, server.output());
} finally {
  await server.stop();
}
process.exit(code);
