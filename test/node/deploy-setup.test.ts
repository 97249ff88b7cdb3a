import { execFile, spawnSync } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { CompactSign, compactVerify, importJWK } from "jose";
import { afterEach, describe, expect, it } from "vitest";

// scripts/deploy-setup.mjs, deploy.mjs and secrets.mjs against a fake `wrangler` first on PATH
// (test/node/support/fake-wrangler.mjs), which plays a Cloudflare account
// and records every call. The script is the thing under test; Cloudflare is not.
const root = path.resolve(import.meta.dirname, "../..");
const fake = path.join(root, "test/node/support/fake-wrangler.mjs");

interface Account {
  d1: Array<{ uuid: string; name: string }>;
  kv: Array<{ id: string; title: string }>;
  r2?: string[];
  queues: string[];
  secrets: Array<{ name: string; type: string }>;
  pendingMigrations: boolean;
  /** The D1 bindings whose migrations are applied (the fake keeps them per database). */
  migrated?: string[];
  calls: string[][];
  /** What `secret bulk` received on stdin (the fake keeps it; Cloudflare would not show it). */
  secretValues?: Record<string, string>;
  /** The version serving now; each deploy's config as it was read. */
  deployed?: string;
  deploys?: Array<{ version: string; config: string }>;
  /** The account's workers.dev subdomain, printed by `deploy` when the Worker is served there. */
  workersDevSubdomain?: string;
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function project(seed: Partial<Account> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), "deploy-setup-"));
  dirs.push(dir);
  copyFileSync(path.join(root, "wrangler.toml"), path.join(dir, "wrangler.toml"));
  cpSync(path.join(root, "migrations"), path.join(dir, "migrations"), { recursive: true });
  const bin = path.join(dir, "bin");
  cpSync(fake, path.join(bin, "fake-wrangler.mjs"));
  symlinkSync(path.join(bin, "fake-wrangler.mjs"), path.join(bin, "wrangler"));
  const stateFile = path.join(dir, "account.json");
  const initial: Account = { d1: [], kv: [], queues: [], secrets: [], pendingMigrations: true, calls: [], ...seed };
  writeFileSync(stateFile, JSON.stringify(initial));
  // The script and the fake wrangler make no TLS connection: without NODE_EXTRA_CA_CERTS, Node
  // does not parse a bundle of certificates at each of their starts (~60 ms of CPU, ~100 starts).
  const { NODE_EXTRA_CA_CERTS: _certificates, ...env } = process.env;
  const childEnv = { ...env, PATH: `${bin}${path.delimiter}${process.env.PATH}`, FAKE_WRANGLER_STATE: stateFile };
  /** Runs scripts/<name> (deploy-setup.mjs unless named) in the copy. */
  const runScript = (name: string, ...args: string[]) => {
    const r = spawnSync(process.execPath, [path.join(root, "scripts", name), ...args], {
      cwd: dir,
      encoding: "utf8",
      env: childEnv,
    });
    return { status: r.status, out: r.stdout + r.stderr };
  };
  /** The same without blocking this process (a test serving HTTP to the script needs its event loop). */
  const runScriptAsync = (name: string, ...args: string[]) =>
    new Promise<{ status: number | null; out: string }>((resolve) => {
      execFile(
        process.execPath,
        [path.join(root, "scripts", name), ...args],
        { cwd: dir, encoding: "utf8", env: childEnv },
        (err, stdout, stderr) => resolve({ status: err ? ((err.code as number) ?? 1) : 0, out: stdout + stderr }),
      );
    });
  const run = (...args: string[]) => runScript("deploy-setup.mjs", ...args);
  const account = (): Account => JSON.parse(readFileSync(stateFile, "utf8"));
  const toml = () => readFileSync(path.join(dir, "wrangler.toml"), "utf8");
  const editToml = (edit: (t: string) => string) => writeFileSync(path.join(dir, "wrangler.toml"), edit(toml()));
  return { run, runScript, runScriptAsync, account, toml, editToml };
}

const creates = (calls: string[][]) => calls.filter((c) => c.includes("create")).map((c) => c.join(" "));
/** An environment's tables: from [env.<env>] up to the first table of another environment. */
const section = (toml: string, env: string) =>
  toml.split(`[env.${env}]`)[1]!.split(new RegExp(`\\n\\[+env\\.(?!${env}[.\\]])`))[0]!;

describe("npm run deploy:setup", () => {
  it("--dry-run prints the plan from wrangler.toml and calls nothing", () => {
    const p = project();
    const before = p.toml();
    const r = p.run("--env", "production", "--dry-run");
    expect(r.status, r.out).toBe(0);
    expect(p.account().calls).toEqual([]);
    expect(p.toml()).toBe(before);
    for (const name of [
      "session-analysis-production",
      "session-analysis-production-shard-1",
      "session-analysis-production-kv",
      "session-analysis-archive-production",
      "session-analysis-webhooks-production",
      "session-analysis-webhooks-dlq-production",
      "JWT_PRIVATE_KEY",
      "DATA_ENCRYPTION_KEY",
      "STRIPE_SECRET_KEY",
      "STRIPE_WEBHOOK_SECRET",
      // The newest migration is named in the plan.
      readdirSync(path.resolve(import.meta.dirname, "../../migrations"))
        .filter((f) => f.endsWith(".sql"))
        .sort()
        .at(-1)!,
    ])
      expect(r.out).toContain(name);
  });

  it("creates every resource of the environment, writes their ids there only, applies migrations to every database, lists missing secrets", () => {
    const p = project();
    const staging = section(p.toml(), "staging");
    const r = p.run("--env", "production", "--hostname", "api.acme.test.io");
    expect(r.status, r.out).toBe(0);
    const account = p.account();
    expect(creates(account.calls)).toEqual([
      "d1 create session-analysis-production",
      "d1 create session-analysis-production-shard-1",
      "kv namespace create session-analysis-production-kv",
      "r2 bucket create session-analysis-archive-production",
      "queues create session-analysis-webhooks-production",
      "queues create session-analysis-webhooks-dlq-production",
    ]);
    const prod = section(p.toml(), "production");
    // Each database's id in its own binding's table.
    for (const [binding, name] of [
      ["DB", "session-analysis-production"],
      ["SHARD_1", "session-analysis-production-shard-1"],
    ])
      expect(prod).toContain(
        `binding = "${binding}"\ndatabase_name = "${name}"\nmigrations_dir = "migrations"\ndatabase_id = "${account.d1.find((d) => d.name === name)!.uuid}"`,
      );
    expect(prod).toContain(`id = "${account.kv[0]!.id}"`);
    expect(section(p.toml(), "staging")).toBe(staging);
    expect(account.calls.filter((c) => c[1] === "migrations" && c[2] === "apply")).toEqual([
      ["d1", "migrations", "apply", "DB", "--env", "production", "--remote", "--config", expect.any(String)],
      ["d1", "migrations", "apply", "SHARD_1", "--env", "production", "--remote", "--config", expect.any(String)],
    ]);
    expect(r.out).toMatch(/MISSING\s+JWT_PRIVATE_KEY/);
    expect(r.out).toMatch(/MISSING\s+DATA_ENCRYPTION_KEY/);
    expect(r.out).toContain("npx wrangler secret put DATA_ENCRYPTION_KEY --env production");
    // Production charges through Stripe (PAYMENT_GATEWAY = "stripe"), so its secrets are required there.
    expect(r.out).toMatch(/MISSING\s+STRIPE_SECRET_KEY/);
    expect(r.out).toMatch(/MISSING\s+STRIPE_WEBHOOK_SECRET/);
    expect(r.out).toContain("npx wrangler secret put STRIPE_WEBHOOK_SECRET --env production");
  });

  it("the Stripe secrets are optional where the environment uses the test gateway", () => {
    const r = project().run("--env", "staging", "--hostname", "staging.acme.io");
    expect(r.status, r.out).toBe(0);
    expect(r.out).toMatch(/not set\s+STRIPE_SECRET_KEY \(optional\)/);
    expect(r.out).not.toMatch(/MISSING\s+STRIPE/);
  });

  it("is idempotent: a second run creates nothing, leaves wrangler.toml alone and applies no migration", () => {
    const p = project();
    expect(p.run("--env", "production", "--hostname", "api.acme.io").status).toBe(0);
    const toml = p.toml();
    const callsBefore = p.account().calls.length;
    const again = p.run("--env", "production");
    expect(again.status, again.out).toBe(0);
    const second = p.account().calls.slice(callsBefore);
    expect(creates(second)).toEqual([]);
    expect(second.some((c) => c[2] === "apply")).toBe(false);
    expect(p.toml()).toBe(toml);
    expect(again.out).toContain("ids and address already in [env.production]");
  });

  it("reuses resources that already exist by name and reports secrets already set", () => {
    const p = project({
      d1: [
        { uuid: "11111111-2222-3333-4444-555555555555", name: "session-analysis-production" },
        { uuid: "11111111-2222-3333-4444-666666666666", name: "session-analysis-production-shard-1" },
      ],
      kv: [{ id: "f".repeat(32), title: "session-analysis-production-kv" }],
      r2: ["session-analysis-archive-production"],
      queues: ["session-analysis-webhooks-production"],
      secrets: [
        { name: "JWT_PRIVATE_KEY", type: "secret_text" },
        { name: "DATA_ENCRYPTION_KEY", type: "secret_text" },
        { name: "STRIPE_SECRET_KEY", type: "secret_text" },
        { name: "STRIPE_WEBHOOK_SECRET", type: "secret_text" },
      ],
      pendingMigrations: false,
    });
    const r = p.run("--env", "production", "--hostname", "api.acme.io");
    expect(r.status, r.out).toBe(0);
    expect(creates(p.account().calls)).toEqual(["queues create session-analysis-webhooks-dlq-production"]);
    const prod = section(p.toml(), "production");
    expect(prod).toContain('database_id = "11111111-2222-3333-4444-555555555555"');
    expect(prod).toContain(`id = "${"f".repeat(32)}"`);
    expect(prod).toContain('database_id = "11111111-2222-3333-4444-666666666666"');
    expect(r.out).toMatch(/set\s+JWT_PRIVATE_KEY/);
    expect(r.out).not.toContain("MISSING");
  });

  it("upgrades a single-database deployment: its database stays DB (the directory and shard 0), the new shard is created and migrated", () => {
    // Today's deployment: one database, every migration applied to it.
    const p = project({
      d1: [{ uuid: "11111111-2222-3333-4444-555555555555", name: "session-analysis-production" }],
      migrated: ["DB"],
    });
    const r = p.run("--env", "production", "--hostname", "api.acme.io");
    expect(r.status, r.out).toBe(0);
    const account = p.account();
    expect(creates(account.calls).filter((c) => c.startsWith("d1"))).toEqual([
      "d1 create session-analysis-production-shard-1",
    ]);
    const prod = section(p.toml(), "production");
    expect(prod).toContain('database_id = "11111111-2222-3333-4444-555555555555"');
    expect(prod).toContain(`database_id = "${account.d1[1]!.uuid}"`);
    expect(account.calls.filter((c) => c[1] === "migrations" && c[2] === "apply").map((c) => c[3])).toEqual([
      "SHARD_1",
    ]);
    expect(r.out).toContain("D1 migrations (DB): none to apply");
  });

  it("refuses an environment wrangler.toml does not define", () => {
    const r = project().run("--env", "nowhere", "--dry-run");
    expect(r.status).toBe(1);
    expect(r.out).toContain("no [env.nowhere] section");
  });
});

const ADDRESSED = {
  route: 'routes = [{ pattern = "api.acme.io", custom_domain = true }]',
  vars: [
    'AUTH_ISSUER = "https://api.acme.io"',
    'CONSOLE_ORIGIN = "https://api.acme.io"',
    'WEBAUTHN_RP_ID = "api.acme.io"',
    'MAIL_FROM = "no-reply@api.acme.io"',
  ],
};

describe("npm run deploy:setup --hostname: the address", () => {
  it("writes a custom-domain route and derives the issuer, console origin, WebAuthn RP id and sender from it", () => {
    const p = project();
    const staging = section(p.toml(), "staging");
    const r = p.run("--env", "production", "--hostname", "API.acme.io");
    expect(r.status, r.out).toBe(0);
    const prod = section(p.toml(), "production");
    expect(prod).toContain("workers_dev = false");
    expect(prod).toContain(ADDRESSED.route);
    for (const line of ADDRESSED.vars) expect(prod).toContain(line);
    expect(section(p.toml(), "staging")).toBe(staging);
    // The dry run now reads the address back from wrangler.toml.
    const dry = p.run("--env", "production", "--dry-run");
    expect(dry.status, dry.out).toBe(0);
    expect(dry.out).toContain("address: custom domain api.acme.io");
  });

  it("--workers-dev serves at the Worker's own workers.dev name, with no route", () => {
    const p = project();
    const r = p.run("--env", "staging", "--workers-dev", "--hostname", "session-analysis-staging.acme.workers.dev");
    expect(r.status, r.out).toBe(0);
    const staging = section(p.toml(), "staging");
    expect(staging).toContain("workers_dev = true");
    expect(staging).not.toContain("routes =");
    expect(staging).toContain('AUTH_ISSUER = "https://session-analysis-staging.acme.workers.dev"');
    // Another Worker's workers.dev name is not this one's address.
    const other = project().run("--env", "staging", "--workers-dev", "--hostname", "someone-else.acme.workers.dev");
    expect(other.status).toBe(1);
    expect(other.out).toContain("not the workers.dev address of session-analysis-staging");
  });

  it.each([
    [
      "an issuer naming another host than the route",
      'AUTH_ISSUER = "https://other.io"',
      "does not name the routed host",
    ],
    ["a console on another origin", 'CONSOLE_ORIGIN = "https://console.other.io"', "CONSOLE_ORIGIN"],
    ["a WebAuthn RP id the host is not within", 'WEBAUTHN_RP_ID = "other.io"', "WEBAUTHN_RP_ID other.io"],
    ["mail sent from another domain", 'MAIL_FROM = "Ops <ops@other.io>"', "MAIL_FROM's domain other.io"],
    ["an issuer with a path", 'AUTH_ISSUER = "https://api.acme.io/v1"', "https origin"],
  ])("refuses %s, before calling anything (dry run too)", (_what, line, problem) => {
    const p = project();
    expect(p.run("--env", "production", "--hostname", "api.acme.io").status).toBe(0);
    const key = line.split(" = ")[0]!;
    p.editToml((t) => {
      const [head, prod] = t.split("[env.production.vars]");
      return `${head}[env.production.vars]${prod!.replace(new RegExp(`${key} = "[^"]*"`), line)}`;
    });
    const callsBefore = p.account().calls.length;
    for (const args of [["--dry-run"], []]) {
      const r = p.run("--env", "production", ...args);
      expect(r.status, r.out).toBe(1);
      expect(r.out).toContain("address is inconsistent");
      expect(r.out).toContain(problem);
    }
    expect(p.account().calls.length).toBe(callsBefore);
  });

  it("moving an addressed environment elsewhere needs --change-address (sessions end, passkeys may strand)", () => {
    const p = project();
    expect(p.run("--env", "production", "--hostname", "api.acme.io").status).toBe(0);
    const toml = p.toml();
    const moved = p.run("--env", "production", "--hostname", "api.other.io");
    expect(moved.status).toBe(1);
    expect(moved.out).toContain("--change-address");
    expect(p.toml()).toBe(toml);
    const forced = p.run("--env", "production", "--hostname", "api.other.io", "--change-address");
    expect(forced.status, forced.out).toBe(0);
    expect(section(p.toml(), "production")).toContain('AUTH_ISSUER = "https://api.other.io"');
    // The same address again is no move.
    expect(p.run("--env", "production", "--hostname", "api.other.io").status).toBe(0);
  });

  it("keeps a chosen RP id and sender while they suit the new host, and derives them again when not", () => {
    const p = project();
    expect(p.run("--env", "production", "--hostname", "api.acme.io").status).toBe(0);
    p.editToml((t) => t.replace('WEBAUTHN_RP_ID = "api.acme.io"', 'WEBAUTHN_RP_ID = "acme.io"'));
    const r = p.run("--env", "production", "--hostname", "app.acme.io", "--change-address");
    expect(r.status, r.out).toBe(0);
    const prod = section(p.toml(), "production");
    expect(prod).toContain('WEBAUTHN_RP_ID = "acme.io"');
    expect(prod).toContain('MAIL_FROM = "no-reply@app.acme.io"');
  });

  it("a parent domain is a valid WebAuthn RP id and sender domain", () => {
    const p = project();
    expect(p.run("--env", "production", "--hostname", "api.acme.io").status).toBe(0);
    p.editToml((t) =>
      t
        .replace('WEBAUTHN_RP_ID = "api.acme.io"', 'WEBAUTHN_RP_ID = "acme.io"')
        .replace('MAIL_FROM = "no-reply@api.acme.io"', 'MAIL_FROM = "Acme <no-reply@acme.io>"'),
    );
    const r = p.run("--env", "production", "--dry-run");
    expect(r.status, r.out).toBe(0);
  });

  it("a real run needs an address, and a real one: none, or an RFC 2606 example name, is refused", () => {
    const p = project();
    const none = p.run("--env", "production");
    expect(none.status).toBe(1);
    expect(none.out).toContain("AUTH_ISSUER is not set");
    const example = p.run("--env", "production", "--hostname", "api.session-analysis.example");
    expect(example.status).toBe(1);
    expect(example.out).toContain("reserved example name");
    expect(p.account().calls).toEqual([]);
    expect(p.run("--env", "production", "--hostname", "https://api.acme.io").status).toBe(1);
  });
});

describe("npm run deploy", () => {
  it("migrates while the old version serves, then deploys, and prints the rollback to that version", () => {
    const p = project();
    expect(p.run("--env", "production", "--hostname", "api.acme.io").status).toBe(0);
    const first = p.runScript("deploy.mjs", "--env", "production");
    expect(first.status, first.out).toBe(0);
    const v1 = p.account().deployed!;
    const callsBefore = p.account().calls.length;
    const r = p.runScript("deploy.mjs", "--env", "production");
    expect(r.status, r.out).toBe(0);
    const calls = p
      .account()
      .calls.slice(callsBefore)
      .map((c) => c.slice(0, 2).join(" "));
    const at = (name: string) => calls.indexOf(name);
    expect(at("deployments status")).toBeGreaterThanOrEqual(0);
    expect(at("d1 migrations")).toBeGreaterThan(at("deployments status"));
    expect(at("deploy --env")).toBeGreaterThan(at("d1 migrations"));
    expect(r.out).toContain(`npx wrangler rollback ${v1} --env production`);
    expect(r.out).toContain("does not undo D1 migrations");
    expect(r.out).toContain("npm run smoke -- https://api.acme.io");
    // The keys put by the first deploy are kept: the second puts none.
    expect(calls).not.toContain("secret bulk");
  });

  it("a fresh checkout on workers.dev: deploys, reads its address, writes it and deploys again with it", () => {
    const p = project({ workersDevSubdomain: "acme" });
    const r = p.runScript("deploy.mjs", "--env", "production");
    expect(r.status, r.out).toBe(0);
    const { deploys, d1, kv } = p.account();
    expect(deploys).toHaveLength(2);
    expect(deploys![0]!.config).toContain('AUTH_ISSUER = ""');
    expect(deploys![1]!.config).toContain('AUTH_ISSUER = "https://session-analysis-production.acme.workers.dev"');
    const prod = section(p.toml(), "production");
    expect(prod).toContain('WEBAUTHN_RP_ID = "session-analysis-production.acme.workers.dev"');
    expect(prod).toContain(`database_id = "${d1[0]!.uuid}"`);
    expect(prod).toContain(`id = "${kv[0]!.id}"`);
    expect(r.out).toContain("wrangler versions list --env production");
    // The keys a first deploy lacks are generated and put between the two deploys, never printed.
    const { secretValues, calls } = p.account();
    expect(Object.keys(secretValues!).sort()).toEqual(["DATA_ENCRYPTION_KEY", "JWT_PRIVATE_KEY"]);
    const order = calls.map((c) => c.slice(0, 2).join(" "));
    expect(order.indexOf("secret bulk")).toBeGreaterThan(order.indexOf("deploy --env"));
    expect(order.lastIndexOf("deploy --env")).toBeGreaterThan(order.indexOf("secret bulk"));
    expect(r.out).not.toContain(secretValues!.DATA_ENCRYPTION_KEY);
  });

  it("refuses a disagreeing address and --dry-run calls nothing", () => {
    const p = project();
    expect(p.run("--env", "production", "--hostname", "api.acme.io").status).toBe(0);
    const callsBefore = p.account().calls.length;
    const dry = p.runScript("deploy.mjs", "--env", "production", "--dry-run");
    expect(dry.status, dry.out).toBe(0);
    expect(dry.out).toContain("D1 migrations --remote");
    p.editToml((t) => t.replace('CONSOLE_ORIGIN = "https://api.acme.io"', 'CONSOLE_ORIGIN = "https://x.io"'));
    const r = p.runScript("deploy.mjs", "--env", "production");
    expect(r.status).toBe(1);
    expect(r.out).toContain("CONSOLE_ORIGIN https://x.io");
    expect(p.account().calls.length).toBe(callsBefore);
  });
});

describe("npm run deploy:secrets", () => {
  const jwksServer = async (keys: unknown[]) => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ keys }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}/.well-known/jwks.json`, close: () => server.close() };
  };

  it("init generates a production signing key and the data key and puts them unseen, in one upload", async () => {
    const p = project();
    const r = p.runScript("secrets.mjs", "init", "--env", "production");
    expect(r.status, r.out).toBe(0);
    const { secretValues, calls } = p.account();
    expect(calls.filter((c) => c[0] === "secret" && c[1] === "bulk")).toHaveLength(1);
    const jwk = JSON.parse(secretValues!.JWT_PRIVATE_KEY!);
    expect(jwk).toMatchObject({
      kty: "EC",
      crv: "P-256",
      kid: expect.stringMatching(/^production-\d{8}-[0-9a-f]{8}$/),
    });
    // A usable ES256 key: it signs, and its public half verifies.
    const key = await importJWK(jwk, "ES256");
    const jws = await new CompactSign(new TextEncoder().encode("x")).setProtectedHeader({ alg: "ES256" }).sign(key);
    const { d: _d, ...pub } = jwk;
    await expect(compactVerify(jws, await importJWK(pub, "ES256"))).resolves.toBeTruthy();
    expect(Buffer.from(secretValues!.DATA_ENCRYPTION_KEY!, "base64")).toHaveLength(32);
    // Nothing secret is printed, nor passed as an argument.
    for (const secret of [jwk.d, secretValues!.DATA_ENCRYPTION_KEY!]) {
      expect(r.out).not.toContain(secret);
      expect(JSON.stringify(calls)).not.toContain(secret);
    }
    expect(r.out).toContain(jwk.kid);
    // Run again: both are set, neither is replaced (a new data key would strand sealed data).
    const again = p.runScript("secrets.mjs", "init", "--env", "production");
    expect(again.status, again.out).toBe(0);
    expect(p.account().secretValues).toEqual(secretValues);
    expect(p.account().calls.filter((c) => c[1] === "bulk")).toHaveLength(1);
  });

  it("--dry-run says what it would put and calls nothing", () => {
    const p = project();
    const r = p.runScript("secrets.mjs", "init", "--env", "staging", "--dry-run");
    expect(r.status, r.out).toBe(0);
    expect(r.out).toMatch(/JWT_PRIVATE_KEY: new ES256 key, kid staging-\d{8}-[0-9a-f]{8}/);
    expect(r.out).toContain("would put JWT_PRIVATE_KEY, DATA_ENCRYPTION_KEY");
    expect(p.account().calls).toEqual([]);
    expect(p.runScript("secrets.mjs", "prune-previous-keys", "--env", "staging", "--dry-run").status).toBe(0);
    expect(p.account().calls).toEqual([]);
  });

  it("rotate-signing-key keeps the published key for verification, and refuses while a retired one is kept", async () => {
    const p = project();
    expect(p.runScript("secrets.mjs", "init", "--env", "production").status).toBe(0);
    const old = JSON.parse(p.account().secretValues!.JWT_PRIVATE_KEY!);
    const { d: _d, ...oldPublic } = old;
    const published = await jwksServer([{ ...oldPublic, alg: "ES256", use: "sig" }]);
    try {
      const r = await p.runScriptAsync(
        "secrets.mjs",
        "rotate-signing-key",
        "--env",
        "production",
        "--jwks-url",
        published.url,
      );
      expect(r.status, r.out).toBe(0);
      const values = p.account().secretValues!;
      const next = JSON.parse(values.JWT_PRIVATE_KEY!);
      expect(next.kid).not.toBe(old.kid);
      expect(next.d).not.toBe(old.d);
      expect(JSON.parse(values.JWT_PREVIOUS_PUBLIC_KEYS!)).toEqual([{ ...oldPublic, alg: "ES256", use: "sig" }]);
      expect(values.JWT_PREVIOUS_PUBLIC_KEYS).not.toContain('"d"');
      expect(r.out).not.toContain(next.d);
      expect(r.out).toMatch(/prune no earlier than \d{4}-\d\d-\d\dT/);
    } finally {
      published.close();
    }
    const twoKeys = await jwksServer([{ kid: "new" }, { kid: "retired" }]);
    try {
      const r = await p.runScriptAsync(
        "secrets.mjs",
        "rotate-signing-key",
        "--env",
        "production",
        "--jwks-url",
        twoKeys.url,
      );
      expect(r.status).toBe(1);
      expect(r.out).toContain("prune-previous-keys first");
    } finally {
      twoKeys.close();
    }
    expect(p.runScript("secrets.mjs", "prune-previous-keys", "--env", "production").status).toBe(0);
    expect(p.account().secretValues!.JWT_PREVIOUS_PUBLIC_KEYS).toBe("[]");
  });
});
