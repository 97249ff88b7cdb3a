import createClient, { type Client, type ClientOptions, type Middleware } from "openapi-fetch";
import { API_VERSION, type components, type operations, type paths } from "./openapi.generated.js";

export type { components, operations, paths };
export { API_VERSION };
/** A schema of the API by name, e.g. `Schema<"Session">`. */
export type Schema<Name extends keyof components["schemas"]> = components["schemas"][Name];
export type SessionAnalysisClient = Client<paths>;

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
}

/**
 * A typed client for the Session Analysis API: every path, parameter, body and
 * response is checked against the served OpenAPI document at compile time.
 *
 * ```ts
 * const api = createSessionAnalysisClient({ origin: "http://127.0.0.1:8787", apiKey: process.env.SAS_API_KEY });
 * const { data, error } = await api.GET("/sessions", { params: { query: { status: "completed" } } });
 * ```
 */
export function createSessionAnalysisClient(options: SessionAnalysisClientOptions): SessionAnalysisClient {
  const { origin, apiKey, token, apiVersion = API_VERSION, middleware = [], ...rest } = options;
  const client = createClient<paths>({ ...rest, baseUrl: `${origin.replace(/\/$/, "")}/v1` });
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
  return client;
}

/** The envelope's error, when a call failed: `{ code, message, details }`. */
export type ApiError = Schema<"ErrorEnvelope">["error"];
