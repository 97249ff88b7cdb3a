import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../e2e/support/wrangler";
import { generateKeyPair } from "./sso-keys";

/**
 * A real SAML 2.0 identity provider: Debian's SimpleSAMLphp (1.19) under PHP's built-in web server on
 * 127.0.0.1, configured entirely from a temp dir (SIMPLESAMLPHP_CONFIG_DIR), never /etc/simplesamlphp.
 * Users sign in on its exampleauth:UserPass form; its signing key and certificate are generated with
 * openssl at start. Service providers are registered after start (our ACS address carries the
 * connection id, known only once the connection exists); PHP re-reads the metadata file per request.
 */
const WWW = "/usr/share/simplesamlphp/www";

export interface IdpUser {
  username: string;
  password: string;
  email: string;
  groups: string[];
}

export const IDP_USERS: Record<string, IdpUser> = {
  carol: { username: "carol", password: "carol-pass-1", email: "carol@idp.example.test", groups: ["admins", "staff"] },
  dave: { username: "dave", password: "dave-pass-1", email: "dave@idp.example.test", groups: ["staff"] },
};

export interface SamlIdp {
  baseUrl: string;
  entityId: string;
  ssoUrl: string;
  metadataUrl: string;
  /** The IdP's signing certificate (PEM). */
  certificate: string;
  /** Lets an SP (our connection) receive assertions at `acsUrl`. */
  addServiceProvider(entityId: string, acsUrl: string): void;
  stop(): Promise<void>;
}

const php = (value: string) => `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
const phpList = (values: string[]) => `[${values.map(php).join(", ")}]`;

function configPhp(dir: string, baseUrl: string): string {
  return `<?php
$config = [
    'baseurlpath' => ${php(`${baseUrl}/`)},
    'certdir' => ${php(join(dir, "cert/"))},
    'loggingdir' => ${php(join(dir, "log/"))},
    'datadir' => ${php(join(dir, "data/"))},
    'tempdir' => ${php(join(dir, "tmp"))},
    'metadata.sources' => [['type' => 'flatfile', 'directory' => ${php(join(dir, "metadata"))}]],
    'secretsalt' => ${php(crypto.randomUUID())},
    'auth.adminpassword' => ${php(crypto.randomUUID())},
    'admin.protectindexpage' => true,
    'admin.protectmetadata' => false,
    'technicalcontact_name' => 'Tests',
    'technicalcontact_email' => 'tests@example.test',
    'timezone' => 'UTC',
    'logging.level' => SimpleSAML\\Logger::WARNING,
    'logging.handler' => 'errorlog',
    'enable.saml20-idp' => true,
    'module.enable' => ['exampleauth' => true, 'core' => true, 'saml' => true, 'admin' => true],
    'store.type' => 'phpsession',
    'session.phpsession.savepath' => ${php(join(dir, "sessions"))},
    'session.cookie.secure' => false,
    'session.cookie.samesite' => null,
    'language.available' => ['en'],
    'language.default' => 'en',
];
`;
}

function authsourcesPhp(): string {
  const users = Object.values(IDP_USERS)
    .map(
      (u) =>
        `        ${php(`${u.username}:${u.password}`)} => ['uid' => [${php(u.username)}], 'email' => [${php(u.email)}], 'groups' => ${phpList(u.groups)}],`,
    )
    .join("\n");
  return `<?php
$config = [
    'admin' => ['core:AdminPassword'],
    'example-userpass' => [
        'exampleauth:UserPass',
${users}
    ],
];
`;
}

function idpHostedPhp(entityId: string): string {
  return `<?php
$metadata[${php(entityId)}] = [
    'host' => '__DEFAULT__',
    'privatekey' => 'idp.key',
    'certificate' => 'idp.crt',
    'auth' => 'example-userpass',
    'signature.algorithm' => 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    'saml20.sign.assertion' => true,
];
`;
}

function spRemotePhp(sps: Map<string, string>): string {
  const entries = [...sps]
    .map(
      ([entityId, acsUrl]) => `$metadata[${php(entityId)}] = [
    'AssertionConsumerService' => [['Binding' => 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST', 'Location' => ${php(acsUrl)}]],
    'NameIDFormat' => 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    'simplesaml.nameidattribute' => 'email',
    'simplesaml.attributes' => true,
];`,
    )
    .join("\n");
  return `<?php\n${entries}\n`;
}

export async function startSamlIdp(): Promise<SamlIdp> {
  const dir = mkdtempSync(join(tmpdir(), "sso-simplesamlphp-"));
  for (const sub of ["cert", "log", "data", "tmp", "metadata", "sessions"]) mkdirSync(join(dir, sub));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const entityId = `${baseUrl}/saml2/idp/metadata.php`;
  const keys = generateKeyPair("simplesamlphp-idp.test");
  writeFileSync(join(dir, "cert/idp.key"), keys.key, { mode: 0o600 });
  writeFileSync(join(dir, "cert/idp.crt"), keys.cert);
  writeFileSync(join(dir, "config.php"), configPhp(dir, baseUrl));
  writeFileSync(join(dir, "authsources.php"), authsourcesPhp());
  writeFileSync(join(dir, "metadata/saml20-idp-hosted.php"), idpHostedPhp(entityId));
  const sps = new Map<string, string>();
  writeFileSync(join(dir, "metadata/saml20-sp-remote.php"), spRemotePhp(sps));

  const child: ChildProcess = spawn("php", ["-S", `127.0.0.1:${port}`, "-t", WWW], {
    env: { ...process.env, SIMPLESAMLPHP_CONFIG_DIR: dir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const stop = async () => {
    if (child.exitCode === null && child.pid !== undefined) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      process.kill(child.pid, "SIGTERM");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitReady(`${entityId}`, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl,
    entityId,
    ssoUrl: `${baseUrl}/saml2/idp/SSOService.php`,
    metadataUrl: entityId,
    certificate: keys.cert,
    addServiceProvider(spEntityId, acsUrl) {
      sps.set(spEntityId, acsUrl);
      writeFileSync(join(dir, "metadata/saml20-sp-remote.php"), spRemotePhp(sps));
    },
    stop,
  };
}

/** Ready when the IdP serves its metadata (PHP is listening and the configuration loads). */
async function waitReady(url: string, child: ChildProcess, output: () => string) {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`php -S exited: ${output()}`);
    try {
      const res = await fetch(url);
      const text = await res.text();
      if (res.ok && text.includes("IDPSSODescriptor")) return;
      if (res.status >= 500)
        throw new Error(`SimpleSAMLphp failed (${res.status}): ${text.slice(0, 2000)}\n${output()}`);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith("SimpleSAMLphp failed")) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`SimpleSAMLphp did not answer: ${output()}`);
}
