import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface TestKeyPair {
  /** PKCS#8 PEM private key. */
  key: string;
  /** X.509 PEM certificate (self-signed). */
  cert: string;
}

/** A fresh RSA key and self-signed certificate from openssl, generated at test time (never committed). */
export function generateKeyPair(cn: string): TestKeyPair {
  const dir = mkdtempSync(join(tmpdir(), "sso-key-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "2",
        "-subj",
        `/CN=${cn}`,
        "-keyout",
        join(dir, "key.pem"),
        "-out",
        join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    return { key: readFileSync(join(dir, "key.pem"), "utf8"), cert: readFileSync(join(dir, "cert.pem"), "utf8") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
