import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * A throwaway CA and a server certificate for 127.0.0.1 / localhost, made at test time in `dir`:
 * slapd serves ldaps and StartTLS with it, and workerd trusts it through NODE_EXTRA_CA_CERTS.
 */
export function makeTestCa(dir: string): { ca: string; cert: string; key: string; bundle: string } {
  const run = (args: string[]) => execFileSync("openssl", args, { stdio: "ignore" });
  const p = (f: string) => join(dir, f);
  run([
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-days",
    "2",
    "-subj",
    "/CN=SSO Test CA",
    "-keyout",
    p("ca.key"),
    "-out",
    p("ca.pem"),
  ]);
  run([
    "req",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-subj",
    "/CN=127.0.0.1",
    "-keyout",
    p("server.key"),
    "-out",
    p("server.csr"),
  ]);
  writeFileSync(p("san.ext"), "subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n");
  run([
    "x509",
    "-req",
    "-in",
    p("server.csr"),
    "-CA",
    p("ca.pem"),
    "-CAkey",
    p("ca.key"),
    "-CAcreateserial",
    "-days",
    "2",
    "-extfile",
    p("san.ext"),
    "-out",
    p("server.pem"),
  ]);
  // workerd reads NODE_EXTRA_CA_CERTS as the whole trust store addition: keep the system bundle in it.
  const system = process.env.NODE_EXTRA_CA_CERTS ?? "/etc/ssl/certs/ca-certificates.crt";
  let systemPem = "";
  try {
    systemPem = readFileSync(system, "utf8");
  } catch {
    systemPem = "";
  }
  writeFileSync(p("bundle.pem"), `${systemPem}\n${readFileSync(p("ca.pem"), "utf8")}`);
  return { ca: p("ca.pem"), cert: p("server.pem"), key: p("server.key"), bundle: p("bundle.pem") };
}
