import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeTestCa } from "./tls-ca";

// Imported first by vitest.config.ts, for its side effect: miniflare reads NODE_EXTRA_CA_CERTS once,
// when its module loads, to build workerd's trust store; the SSO tests' slapd serves TLS with this CA
// (test/node/ldap-server.ts reads SSO_TEST_CA_DIR).
if (!process.env.SSO_TEST_CA_DIR) {
  const dir = mkdtempSync(join(tmpdir(), "sso-ca-"));
  const ca = makeTestCa(dir);
  process.env.NODE_EXTRA_CA_CERTS = ca.bundle;
  process.env.SSO_TEST_CA_DIR = dir;
}
