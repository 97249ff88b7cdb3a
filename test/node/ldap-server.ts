import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server, Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../e2e/support/wrangler";
import { makeTestCa } from "./tls-ca";

/**
 * OpenLDAP's slapd from Debian, run from its own config dir on 127.0.0.1 and seeded from an LDIF:
 * people under ou=people, groupOfNames under ou=groups. Two instances: the normal one (ldap:// with
 * StartTLS and ldaps://) and a permissive one (`allow bind_anon_dn`: an empty password with a DN
 * binds anonymously) that proves the service refuses empty passwords itself.
 */
const LDAP_BASE = "dc=example,dc=test";
const LDAP_SERVICE = { dn: "cn=service,dc=example,dc=test", password: "service-secret" };
const LDAP_USERS = {
  ada: { uid: "ada", mail: "ada@example.test", password: "ada-pass-1", groups: ["admins", "staff"] },
  bob: { uid: "bob", mail: "bob@example.test", password: "bob-pass-1", groups: ["staff"] },
  eve: { uid: "eve", mail: "eve@example.test", password: "eve-pass-1", groups: [] as string[] },
};

function seedLdif(): string {
  const people = Object.values(LDAP_USERS)
    .map(
      (u) => `dn: uid=${u.uid},ou=people,${LDAP_BASE}
objectClass: inetOrgPerson
uid: ${u.uid}
cn: ${u.uid}
sn: ${u.uid}
mail: ${u.mail}
userPassword: ${u.password}
`,
    )
    .join("\n");
  const groupNames = [...new Set(Object.values(LDAP_USERS).flatMap((u) => u.groups))];
  const groups = groupNames
    .map((g) => {
      const members = Object.values(LDAP_USERS)
        .filter((u) => u.groups.includes(g))
        .map((u) => `member: uid=${u.uid},ou=people,${LDAP_BASE}`)
        .join("\n");
      return `dn: cn=${g},ou=groups,${LDAP_BASE}\nobjectClass: groupOfNames\ncn: ${g}\n${members}\n`;
    })
    .join("\n");
  return `dn: ${LDAP_BASE}
objectClass: dcObject
objectClass: organization
dc: example
o: Example

dn: ${LDAP_SERVICE.dn}
objectClass: simpleSecurityObject
objectClass: organizationalRole
cn: service
userPassword: ${LDAP_SERVICE.password}

dn: ou=people,${LDAP_BASE}
objectClass: organizationalUnit
ou: people

dn: ou=groups,${LDAP_BASE}
objectClass: organizationalUnit
ou: groups

${people}
${groups}`;
}

function slapdConf(dir: string, tls: { ca: string; cert: string; key: string } | null, anonDn: boolean): string {
  return `include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/inetorgperson.schema
modulepath /usr/lib/ldap
moduleload back_mdb
pidfile ${join(dir, "slapd.pid")}
${anonDn ? "allow bind_anon_dn" : ""}
${tls ? `TLSCACertificateFile ${tls.ca}\nTLSCertificateFile ${tls.cert}\nTLSCertificateKeyFile ${tls.key}` : ""}
database mdb
maxsize 16777216
suffix "${LDAP_BASE}"
rootdn "cn=admin,${LDAP_BASE}"
rootpw admin-secret
directory ${join(dir, "data")}
access to attrs=userPassword by anonymous auth by self read by * none
access to * by * read
`;
}

export interface LdapServers {
  /** ldap:// (StartTLS available) */
  plainUrl: string;
  ldapsUrl: string;
  /** The permissive instance (plain ldap://, anonymous bind with a DN allowed). */
  anonDnUrl: string;
  /** A TCP port that accepts connections and never answers. */
  silentUrl: string;
  /** CA bundle (system CAs + the test CA) for NODE_EXTRA_CA_CERTS. */
  caBundle: string;
  stop(): Promise<void>;
}

async function startSlapd(dir: string, conf: string, urls: string): Promise<ChildProcess> {
  mkdirSync(join(dir, "data"), { recursive: true });
  writeFileSync(join(dir, "slapd.conf"), conf);
  writeFileSync(join(dir, "seed.ldif"), seedLdif());
  execFileSync("/usr/sbin/slapadd", ["-f", join(dir, "slapd.conf"), "-l", join(dir, "seed.ldif")], { stdio: "pipe" });
  // -d keeps slapd in the foreground, so the PID we hold is the server's and we stop it by PID.
  const child = spawn("/usr/sbin/slapd", ["-f", join(dir, "slapd.conf"), "-h", urls, "-d", "0"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (d) => {
    stderr += String(d);
  });
  const port = Number(new URL(urls.split(" ")[0] as string).port);
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`slapd exited: ${stderr}`);
    if (await canConnect(port)) return child;
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill("SIGTERM");
  throw new Error(`slapd did not listen: ${stderr}`);
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.connect(port, "127.0.0.1");
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.pid === undefined) return resolve();
    child.once("exit", () => resolve());
    process.kill(child.pid, "SIGTERM");
  });
}

export async function startLdapServers(): Promise<LdapServers> {
  const root = mkdtempSync(join(tmpdir(), "sso-ldap-"));
  const caDir = process.env.SSO_TEST_CA_DIR;
  const tls = caDir
    ? {
        ca: join(caDir, "ca.pem"),
        cert: join(caDir, "server.pem"),
        key: join(caDir, "server.key"),
        bundle: join(caDir, "bundle.pem"),
      }
    : makeTestCa(root);
  const [plain, ldaps, anon, silent] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const main = await startSlapd(
    join(root, "main"),
    slapdConf(join(root, "main"), tls, false),
    `ldap://127.0.0.1:${plain}/ ldaps://127.0.0.1:${ldaps}/`,
  );
  const permissive = await startSlapd(
    join(root, "anon"),
    slapdConf(join(root, "anon"), null, true),
    `ldap://127.0.0.1:${anon}/`,
  );
  const sockets = new Set<Socket>();
  const silentServer: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => silentServer.listen(silent, "127.0.0.1", resolve));
  return {
    plainUrl: `ldap://127.0.0.1:${plain}`,
    ldapsUrl: `ldaps://127.0.0.1:${ldaps}`,
    anonDnUrl: `ldap://127.0.0.1:${anon}`,
    silentUrl: `ldap://127.0.0.1:${silent}`,
    caBundle: tls.bundle,
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => silentServer.close(resolve));
      await Promise.all([stopChild(main), stopChild(permissive)]);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
