import { connect } from "cloudflare:sockets";
import type { DirectoryFailure, DirectoryFailureKind, DirectorySession } from "../../domain/identity/sso/ports";
import { bool, childrenOf, concat, int, octets, readInt, readString, readTlv, seq, type Tlv, tlv } from "./ber";
import { encodeFilter } from "./filter";

/**
 * A minimal LDAPv3 client (RFC 4511) over Workers TCP sockets: simple bind, search, StartTLS
 * (RFC 4513 §3), unbind. Every network wait is bounded by `timeoutMs`: a directory that does not
 * answer becomes a `DirectoryError`, never a hung request.
 */
class DirectoryError extends Error implements DirectoryFailure {
  constructor(
    readonly directoryFailure: Exclude<DirectoryFailureKind, "filter">,
    message: string,
  ) {
    super(message);
    this.name = "DirectoryError";
  }
}

export interface LdapResult {
  code: number;
  diagnostic: string;
}

export interface LdapEntry {
  dn: string;
  attributes: Record<string, string[]>;
}

const LDAP_SUCCESS = 0;
const STARTTLS_OID = "1.3.6.1.4.1.1466.20037";

export interface LdapEndpoint {
  /** ldaps://host[:636] or ldap://host[:389]. */
  url: string;
  /** Upgrade an ldap:// connection with the StartTLS extended operation before anything is sent. */
  startTls: boolean;
  timeoutMs: number;
}

type WorkerSocket = ReturnType<typeof connect>;

export class LdapClient implements DirectorySession {
  private nextId = 1;
  private buffer: Uint8Array = new Uint8Array(0);
  private reader: ReadableStreamDefaultReader<Uint8Array>;
  private writer: WritableStreamDefaultWriter<Uint8Array>;

  private constructor(
    private socket: WorkerSocket,
    private readonly timeoutMs: number,
  ) {
    this.reader = socket.readable.getReader();
    this.writer = socket.writable.getWriter();
  }

  static async open(endpoint: LdapEndpoint): Promise<LdapClient> {
    const url = new URL(endpoint.url);
    const secure = url.protocol === "ldaps:";
    if (!secure && url.protocol !== "ldap:")
      throw new DirectoryError("protocol", "the URL must be ldap:// or ldaps://");
    const port = Number(url.port || (secure ? 636 : 389));
    const hostname = url.hostname.replace(/^\[|\]$/g, "");
    let socket: WorkerSocket;
    try {
      socket = connect(
        { hostname, port },
        { secureTransport: secure ? "on" : endpoint.startTls ? "starttls" : "off", allowHalfOpen: false },
      );
    } catch (error) {
      throw new DirectoryError("unreachable", `cannot connect: ${(error as Error).message}`);
    }
    await bounded(socket.opened, endpoint.timeoutMs, "connect").catch((error) => {
      socket.close().catch(() => {});
      throw error instanceof DirectoryError
        ? error
        : new DirectoryError("unreachable", "the directory refused the connection");
    });
    let client = new LdapClient(socket, endpoint.timeoutMs);
    if (!secure && endpoint.startTls) {
      const response = await client.request(seq(0x77, octets(STARTTLS_OID, 0x80)), [0x78]);
      const result = readResult(response[0] as Tlv);
      if (result.code !== LDAP_SUCCESS) {
        await client.close();
        throw new DirectoryError("tls", `StartTLS refused (${result.code})`);
      }
      client.reader.releaseLock();
      client.writer.releaseLock();
      const upgraded = socket.startTls({ expectedServerHostname: hostname });
      client = new LdapClient(upgraded, endpoint.timeoutMs);
    }
    return client;
  }

  /** Simple bind (RFC 4511 §4.2). Callers refuse empty passwords before this: see `authenticate`. */
  async bind(dn: string, password: string): Promise<LdapResult> {
    const [response] = await this.request(seq(0x60, int(3), octets(dn), octets(password, 0x80)), [0x61]);
    return readResult(response as Tlv);
  }

  async search(base: string, filter: string, attributes: string[], scope: 0 | 2 = 2): Promise<LdapEntry[]> {
    const op = seq(
      0x63,
      octets(base),
      int(scope, 0x0a),
      int(0, 0x0a),
      int(10),
      int(Math.ceil(this.timeoutMs / 1000)),
      bool(false),
      encodeFilter(filter),
      seq(0x30, ...attributes.map((a) => octets(a))),
    );
    const responses = await this.request(op, [0x65]);
    const done = readResult(responses[responses.length - 1] as Tlv);
    // sizeLimitExceeded (4) still means "more than one match", which callers refuse anyway.
    if (done.code !== LDAP_SUCCESS && done.code !== 4 && done.code !== 32) {
      throw new DirectoryError("protocol", `search failed (${done.code}: ${done.diagnostic})`);
    }
    return responses.filter((r) => r.tag === 0x64).map(readEntry);
  }

  async close(): Promise<void> {
    try {
      await bounded(this.writer.write(seq(0x30, int(this.nextId++), tlv(0x42, new Uint8Array(0)))), 500, "unbind");
    } catch {
      // The connection is going away either way.
    }
    await this.socket.close().catch(() => {});
  }

  /** Sends one operation and collects its responses up to one whose tag is in `finalTags`. */
  private async request(op: Uint8Array, finalTags: number[]): Promise<Tlv[]> {
    const id = this.nextId++;
    await bounded(this.writer.write(seq(0x30, int(id), op)), this.timeoutMs, "write").catch((error) => {
      throw error instanceof DirectoryError ? error : new DirectoryError("unreachable", "the connection failed");
    });
    const out: Tlv[] = [];
    for (;;) {
      const message = await this.readMessage();
      const [idEl, protocolOp] = childrenOf(message);
      if (!idEl || !protocolOp) throw new DirectoryError("protocol", "malformed LDAPMessage");
      if (readInt(idEl) !== id) {
        // A Notice of Disconnection (RFC 4511 §4.4.1) comes with message id 0.
        throw new DirectoryError("protocol", "the directory closed the session");
      }
      out.push(protocolOp);
      if (finalTags.includes(protocolOp.tag)) return out;
      if (out.length > 1000) throw new DirectoryError("protocol", "too many responses");
    }
  }

  private async readMessage(): Promise<Tlv> {
    for (;;) {
      const read = readTlv(this.buffer);
      if (read) {
        this.buffer = this.buffer.slice(read.next);
        if (read.element.tag !== 0x30) throw new DirectoryError("protocol", "not an LDAPMessage");
        return read.element;
      }
      if (this.buffer.length > 1 << 20) throw new DirectoryError("protocol", "response too large");
      const chunk = await bounded(this.reader.read(), this.timeoutMs, "read").catch((error) => {
        // workerd reports a TLS handshake failure (untrusted or mismatched certificate) on the first read.
        throw error instanceof DirectoryError ? error : new DirectoryError("tls", "the secure connection failed");
      });
      if (chunk.done) throw new DirectoryError("unreachable", "the directory closed the connection");
      this.buffer = concat([this.buffer, chunk.value]);
    }
  }
}

function readResult(op: Tlv): LdapResult {
  const [code, , diagnostic] = childrenOf(op);
  if (!code) throw new DirectoryError("protocol", "malformed LDAPResult");
  return { code: readInt(code), diagnostic: diagnostic ? readString(diagnostic) : "" };
}

function readEntry(op: Tlv): LdapEntry {
  const [name, attrs] = childrenOf(op);
  const attributes: Record<string, string[]> = {};
  for (const attr of attrs ? childrenOf(attrs) : []) {
    const [type, values] = childrenOf(attr);
    if (!type || !values) continue;
    attributes[readString(type).toLowerCase()] = childrenOf(values).map(readString);
  }
  return { dn: name ? readString(name) : "", attributes };
}

async function bounded<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, rejectTimeout) => {
    timer = setTimeout(
      () => rejectTimeout(new DirectoryError("timeout", `the directory did not answer (${what})`)),
      ms,
    );
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}
