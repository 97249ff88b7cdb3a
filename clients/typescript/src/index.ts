import createClient, { type Client, type ClientOptions, type Middleware } from "openapi-fetch";
import type { components, operations, paths } from "./openapi.generated";

export type { components, operations, paths };
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
  const { origin, apiKey, token, middleware = [], ...rest } = options;
  const client = createClient<paths>({ ...rest, baseUrl: `${origin.replace(/\/$/, "")}/v1` });
  client.use({
    async onRequest({ request }) {
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
