// Run by scripts/scim2-tester.sh (which creates the pinned venv). Starts `wrangler dev` on a free
// 127.0.0.1 port, sets up an organization with a verified domain (SSO_DOMAIN_VERIFICATION=skip, as in
// development) and a SCIM connection, and runs scripts/scim2_tester_run.py (scim2-tester's every
// check) against the connection's base URL with its token. Exits with the tester's status.
import { spawn } from "node:child_process";
import { verifyEmail } from "../test/e2e/support/mail";
import { startWrangler } from "../test/e2e/support/wrangler";

async function call(base: string, method: string, path: string, token: string | undefined, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as { data?: Record<string, unknown> };
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data ?? {};
}

// The tester sends a few hundred requests in a minute through one connection: limits a thousandfold.
const server = await startWrangler({
  logLevel: "warn",
  vars: { RATE_LIMIT_QUOTA_SCALE: "1000", SSO_DOMAIN_VERIFICATION: "skip" },
});
let code = 1;
const started = Date.now();
try {
  const base = server.url;
  const email = `scim2-tester.${Date.now()}@example.com`;
  await call(base, "POST", "/v1/auth/register", undefined, {
    email,
    username: "scimtester",
    password: "Correct-horse-battery-42",
  });
  await verifyEmail(base, email);
  const token = (await call(base, "POST", "/v1/auth/login", undefined, { email, password: "Correct-horse-battery-42" }))
    .token as string;
  const orgId = (await call(base, "POST", "/v1/organizations", token, { name: "scim2-tester" })).id as string;
  const domain = `scim2-tester-${Date.now().toString(36)}.example`;
  const added = await call(base, "POST", `/v1/organizations/${orgId}/sso/domains`, token, { domain });
  await call(base, "POST", `/v1/organizations/${orgId}/sso/domains/${added.id}/verify`, token);
  const connection = await call(base, "POST", `/v1/organizations/${orgId}/scim/connections`, token, {
    name: "scim2-tester",
  });
  console.log(`scim2-tester: against ${connection.base_url}`);
  code = await new Promise<number>((resolve) => {
    const child = spawn(
      ".venv/scim2-tester/bin/python",
      ["scripts/scim2_tester_run.py", String(connection.base_url), String(connection.token), domain],
      { stdio: "inherit" },
    );
    // The tester bounds each request (30 s); this only stops a run that hangs far beyond its few minutes.
    const timer = setTimeout(() => child.kill("SIGTERM"), 600_000);
    child.on("exit", (status) => {
      clearTimeout(timer);
      resolve(status ?? 1);
    });
  });
} catch (err) {
  console.error(`scim2-tester: ${String(err)}`);
} finally {
  await server.stop();
}
console.log(`scim2-tester: ${code === 0 ? "passed" : "failed"} in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(code);
