import createClient, { type Client, type ClientOptions, type Middleware } from "openapi-fetch";
import { callThrough, type ProgressMessage, type WebSocketClass } from "./call.js";
import { API_VERSION, type components, type operations, type paths, SCOPES } from "./openapi.generated.js";
import { type Resources, resources } from "./resources.generated.js";

export { ApiError, type CallOptions, ProgressError, type ProgressMessage, type WebSocketClass } from "./call.js";
export type { components, operations, paths, Resources };
export { API_VERSION, SCOPES };
/** A schema of the API by name, e.g. `Schema<"Session">`. */
export type Schema<Name extends keyof components["schemas"]> = components["schemas"][Name];
/**
 * The client: a method per operation, grouped by resource (`api.webhooks.list()`, `api.apiKeys.create(…)`,
 * `api.auth.verifyEmail({ token })`), each returning the envelope's data and throwing `ApiError` on a refusal; and
 * openapi-fetch's `GET`/`POST`/… by path, which return `{ data, error, response }` as they are.
 */
export type SessionAnalysisClient = Client<paths> &
  Resources & {
    sessions: Resources["sessions"] & {
      /** The session's live-progress messages until it ends (`progress.connect`); ProgressError if the socket closes before. */
      follow(sessionId: string): AsyncIterable<ProgressMessage>;
      /** Follows the session until it ends: its final status (completed, failed, cancelled). */
      wait(sessionId: string): Promise<string>;
    };
  };

export interface SessionAnalysisClientOptions extends Omit<ClientOptions, "baseUrl"> {
  /** The deployment's origin, e.g. `https://api.session-analysis.example` (the client adds `/v1`). */
  origin: string;
  /** An API key (`sak_…`), sent as `X-API-Key`. */
  apiKey?: string;
  /** A bearer token (a login or OAuth access token); a function is called on every request. */
  token?: string | (() => string | undefined | Promise<string | undefined>);
  /**
   * The API version sent as `X-Client-Version` on every request: by default the one this client was
   * generated from (`API_VERSION`), so a newer deployment answers as the client's types expect;
   * `false` sends none (the current version answers).
   */
  apiVersion?: string | false;
  /** Extra middleware (openapi-fetch `Middleware`), e.g. to add headers or log. */
  middleware?: Middleware[];
  /** The WebSocket class live progress opens (`api.sessions.follow`): the global one by default (Node 20 has none: pass `ws`'s). */
  WebSocket?: WebSocketClass;
}

/**
 * A typed client for the Session Analysis API: every path, parameter, body and
 * response is checked against the served OpenAPI document at compile time.
 *
 * ```ts
 * const api = createSessionAnalysisClient({ origin: "http://127.0.0.1:8787", apiKey: process.env.SAS_API_KEY });
 * const { sessions } = await api.sessions.list({ status: "completed" });
 * ```
 */
export function createSessionAnalysisClient(options: SessionAnalysisClientOptions): SessionAnalysisClient {
  const { origin, apiKey, token, apiVersion = API_VERSION, middleware = [], WebSocket, ...rest } = options;
  const bare = origin.replace(/\/$/, "");
  const baseUrl = `${bare}/v1`;
  const client = createClient<paths>({ ...rest, baseUrl });
  client.use({
    async onRequest({ request }) {
      if (apiVersion && !request.headers.has("X-Client-Version")) request.headers.set("X-Client-Version", apiVersion);
      if (apiKey) request.headers.set("X-API-Key", apiKey);
      const bearer = typeof token === "function" ? await token() : token;
      if (bearer) request.headers.set("Authorization", `Bearer ${bearer}`);
      return request;
    },
  });
  for (const m of middleware) client.use(m);
  const credential = async () => (typeof token === "function" ? await token() : token) ?? apiKey;
  const api = resources(callThrough(client, { baseUrl, origin: bare, credential, WebSocket }));
  const follow = (sessionId: string) => api.progress.connect(sessionId);
  const wait = async (sessionId: string) => {
    let status = "";
    for await (const m of follow(sessionId)) status = m.type === "snapshot" ? String(m.status) : (m.to ?? status);
    return status;
  };
  return Object.assign(client, api, { sessions: { ...api.sessions, follow, wait } });
}
