import type { Client } from "openapi-fetch";
import type { components, operations, paths } from "./openapi.generated.js";

/** An operation of the document, by its operationId. */
type OperationId = keyof operations;
type Op<I extends OperationId> = operations[I];

/** The operation's path parameters (`{ webhook_id: string }`). */
export type PathParams<I extends OperationId> = Op<I>["parameters"] extends { path: infer P } ? P : never;
/** The operation's query parameters. */
export type QueryParams<I extends OperationId> = NonNullable<Op<I>["parameters"]["query"]>;
/** The operation's request body in one of its media types (JSON unless it says otherwise). */
export type RequestBody<I extends OperationId, Media extends string = "application/json"> =
  NonNullable<Op<I>["requestBody"]> extends { content: infer C } ? (Media extends keyof C ? C[Media] : never) : never;
/** The JSON an operation answers with `Status`. */
export type ResponseJson<I extends OperationId, Status extends number> = Status extends keyof Op<I>["responses"]
  ? Op<I>["responses"][Status] extends { content: { "application/json": infer J } }
    ? J
    : never
  : never;
/** An envelope's `data`: what a method of an enveloped operation returns. */
export type ResponseData<I extends OperationId, Status extends number> =
  ResponseJson<I, Status> extends {
    data: infer D;
  }
    ? D
    : never;

/** Per-call options of every method: the operation's own headers (e.g. `Idempotency-Key`) and an abort signal. */
export interface CallOptions<I extends OperationId> {
  headers?: Omit<NonNullable<Op<I>["parameters"]["header"]>, "X-Client-Version">;
  signal?: AbortSignal;
}

/** What a method sends: the values for the operation's parameters and body. */
interface CallInput {
  path?: Record<string, unknown>;
  query?: object | undefined;
  body?: unknown;
  /** The body's media type when it is not application/json: a form is sent URL-encoded, anything else as JSON. */
  media?: string;
  /** Served at the origin, outside /v1 (the authorization server, /mcp, /.well-known). */
  atOrigin?: boolean;
}

/**
 * How a method reads a success: `envelope` returns the envelope's data, `json` the JSON as it is, `raw` the HTTP
 * response itself (CSV, HTML, XML, a redirect), `websocket` opens the socket.
 */
type Answer = "envelope" | "json" | "raw" | "raw-redirect" | "websocket";

/** The envelope's error, when a call failed: the catalogue's code, its message and details. */
type EnvelopeError = components["schemas"]["ErrorEnvelope"]["error"];

/**
 * A call the API refused, thrown by every resource method: the HTTP status, the catalogue's `code`
 * (`SESSION_NOT_FOUND`, `INSUFFICIENT_CREDITS`, …; an OAuth endpoint's RFC 6749 `error`), `message`, `details`
 * and the `requestId` to quote to support.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: EnvelopeError["code"] | (string & {});
  readonly details: Record<string, unknown>;
  readonly requestId: string | undefined;

  constructor(status: number, code: string, message: string, details: Record<string, unknown>, requestId?: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.details = details;
    this.requestId = requestId;
  }

  /** The error a refused response carries: the envelope's, an OAuth error (RFC 6749 §5.2) or a JSON-RPC error's data. */
  static from(response: Response, body: unknown): ApiError {
    const requestId = response.headers.get("x-request-id") ?? undefined;
    type Refusal = {
      code?: unknown;
      message?: string;
      details?: Record<string, unknown>;
      request_id?: string;
      data?: { code?: unknown; details?: Record<string, unknown> };
    };
    const b = (typeof body === "object" && body !== null ? body : {}) as {
      error?: Refusal | string;
      error_description?: string;
    };
    const e = b.error;
    if (typeof e === "string") return new ApiError(response.status, e, b.error_description ?? e, {}, requestId);
    if (typeof e?.code === "string")
      return new ApiError(response.status, e.code, e.message ?? "", e.details ?? {}, e.request_id ?? requestId);
    if (typeof e?.data?.code === "string")
      return new ApiError(response.status, e.data.code, e.message ?? "", e.data.details ?? {}, requestId);
    const message = `HTTP ${response.status} without the API's error envelope`;
    return new ApiError(response.status, "UNEXPECTED_RESPONSE", message, {}, requestId);
  }
}

/** What resource methods call: one request of the document's, its success read as the operation answers. */
export type Call = (
  method: string,
  path: string,
  answer: Answer,
  input: CallInput,
  options: CallOptions<OperationId> | undefined,
  // biome-ignore lint/suspicious/noExplicitAny: the generated methods declare each operation's own return type
) => Promise<any>;

/** A live-progress message (the WebSocket's JSON frames: a snapshot, then transitions and stages, `seq` + 1 each). */
export interface ProgressMessage {
  type: "snapshot" | "transition" | "stage" | (string & {});
  seq: number;
  /** The session's status (a snapshot's). */
  status?: string;
  /** The status a transition goes to. */
  to?: string;
  /** A finished stage's name. */
  stage?: string;
  [field: string]: unknown;
}

/** A live-progress socket closed before its session ended (1008 when the credential's access ended), or refused. */
export class ProgressError extends Error {
  readonly closeCode: number;
  constructor(closeCode: number, reason: string) {
    super(reason || `progress socket closed (${closeCode})`);
    this.name = "ProgressError";
    this.closeCode = closeCode;
  }
}

/**
 * A WebSocket class: the global one (browsers, Node 22) or one with the same events, such as `ws`'s (Node 20).
 * Only `addEventListener` for message, close and error is used.
 */
export type WebSocketClass = new (url: string, protocols?: string[]) => object;

interface SocketEvents {
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
  addEventListener(type: "close", listener: (event: { code: number; reason: string }) => void): void;
  addEventListener(type: "error", listener: () => void): void;
}

/** Where the API is (its /v1 base and its origin), and what the WebSocket operations need: the credential, a class. */
export interface CallSettings {
  baseUrl: string;
  origin: string;
  credential: () => Promise<string | undefined>;
  WebSocket: WebSocketClass | undefined;
}

const TERMINAL = new Set(["completed", "failed", "cancelled"]);

/** The socket's messages as they come, until the server's normal close after the session's end. */
async function* messagesOf(socket: SocketEvents): AsyncGenerator<ProgressMessage> {
  const queue: ProgressMessage[] = [];
  let closed: { code: number; reason: string } | undefined;
  let wake: () => void = () => undefined;
  socket.addEventListener("message", (event) => {
    queue.push(JSON.parse(String(event.data)) as ProgressMessage);
    wake();
  });
  socket.addEventListener("close", (event) => {
    closed = { code: event.code, reason: event.reason };
    wake();
  });
  socket.addEventListener("error", () => wake());
  let status = "";
  for (;;) {
    const next = queue.shift();
    if (next) {
      if (next.type === "snapshot") status = String(next.status);
      if (next.type === "transition") status = String(next.to);
      yield next;
      continue;
    }
    if (closed) {
      if (closed.code === 1000 && TERMINAL.has(status)) return;
      throw new ProgressError(closed.code, closed.reason || `closed while the session was ${status || "unknown"}`);
    }
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
  }
}

const fill = (path: string, values: Record<string, unknown> = {}) =>
  path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(values[name])));

/** The messages of a socket being opened, as one iterable (a WebSocket operation's method returns it at once). */
export async function* streamOf<T>(opening: Promise<AsyncIterable<T>>): AsyncGenerator<T> {
  yield* await opening;
}

/** The Call of an openapi-fetch client (credentials, version and middleware are the client's own). */
export function callThrough(client: Client<paths>, sockets: CallSettings): Call {
  return async (method, path, answer, input, options) => {
    if (answer === "websocket") {
      const Socket = sockets.WebSocket ?? (globalThis.WebSocket as WebSocketClass | undefined);
      if (!Socket) throw new Error("No WebSocket class: pass one as the client's `WebSocket` option (e.g. from `ws`).");
      const url = new URL(`${sockets.baseUrl}${fill(path, input.path)}`);
      url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
      for (const [k, v] of Object.entries(input.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
      const credential = await sockets.credential();
      // Browsers cannot set headers on a WebSocket: the credential goes as a subprotocol (the server selects `bearer`).
      const socket = new Socket(url.toString(), credential ? ["bearer", credential] : []) as SocketEvents;
      return messagesOf(socket);
    }
    const form = input.media === "application/x-www-form-urlencoded";
    const raw = answer === "raw" || answer === "raw-redirect";
    // biome-ignore lint/suspicious/noExplicitAny: one path for every operation; each method's signature is typed
    const request = client.request as (method: string, url: string, init: Record<string, unknown>) => Promise<any>;
    const result = await request(method, path, {
      params: { path: input.path, query: input.query, header: options?.headers },
      body: input.body,
      signal: options?.signal,
      parseAs: raw ? "stream" : "json",
      ...(answer === "raw-redirect" ? { redirect: "manual" } : {}),
      ...(input.atOrigin ? { baseUrl: sockets.origin } : {}),
      ...(form
        ? {
            bodySerializer: (b: Record<string, string>) => new URLSearchParams(b).toString(),
            headers: { "content-type": input.media },
          }
        : input.media
          ? { headers: { "content-type": input.media } }
          : {}),
    });
    const response: Response = result.response;
    if (response.status >= 400 || (!raw && result.error !== undefined))
      throw ApiError.from(response, result.error ?? null);
    if (raw) return response;
    return answer === "envelope" ? result.data?.data : result.data;
  };
}
