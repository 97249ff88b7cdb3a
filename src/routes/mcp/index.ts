import { createMcpHandler } from "@modelcontextprotocol/server";
import { type Context, Hono } from "hono";
import { contextOf, userContextOf } from "../../context/request";
import { mcpResourceOf } from "../../domain/identity/access-tokens";
import { AppError, type ErrorCode } from "../../errors";
import type { AppEnv } from "../../http/app-env";
import { errorHeaders } from "../../http/error-headers";
import { statusOf } from "../../http/error-status";
import { toAppError } from "../../http/on-error";
import { registryEntry } from "../../mcp/registry-entry";
import { buildServer } from "../../mcp/server";
import { allowed, toolNamed } from "../../mcp/tools";
import { principalOf } from "../../middleware/authenticate";
import { enforceRateLimit, setRateLimitHeaders } from "../../middleware/rate-limit";
import { protectedResourceMetadataUrl } from "../oauth/well-known";

/** Largest MCP request body, as for /v1 (docs/decisions.md): refused before parsing. */
export const MAX_MCP_BODY_BYTES = 64 * 1024;

/** JSON-RPC 2.0 §5.1 codes; -32000 (implementation-defined server error) carries our catalogue code in `data`. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const INVALID_PARAMS = -32602;
const SERVER_ERROR = -32000;

type C = Context<AppEnv>;

/** A JSON-RPC error answer with the catalogue's code, message and details in `data`. */
function rpcError(
  c: C,
  status: number,
  rpcCode: number,
  error: { code: ErrorCode; message: string; details?: Record<string, unknown> },
  id: unknown = null,
  headers: Record<string, string> = {},
) {
  for (const [k, v] of Object.entries(headers)) c.header(k, v);
  c.header("Cache-Control", "no-store");
  return c.json(
    {
      jsonrpc: "2.0",
      id: typeof id === "string" || typeof id === "number" ? id : null,
      error: { code: rpcCode, message: error.message, data: { code: error.code, details: error.details ?? {} } },
    },
    status as 400,
  );
}

/**
 * The headers of a refusal: RFC 6750 §3's challenge names this resource's metadata (RFC 9728 §5.1), so a
 * client that meets the 401 (or 403) finds the authorization server from it.
 */
const refusalHeaders = (c: C, err: AppError) =>
  Object.fromEntries(errorHeaders(err, { resourceMetadata: protectedResourceMetadataUrl(c.env.AUTH_ISSUER) }));

function authenticated(c: C) {
  const presented = { authorization: c.req.header("authorization"), apiKey: c.req.header("x-api-key") };
  if (presented.authorization === undefined && presented.apiKey === undefined)
    throw new AppError("AUTHENTICATION_REQUIRED", {
      message: "Authentication is required: an OAuth access token issued for this MCP server.",
    });
  return principalOf(c, { ...presented, resource: "mcp" });
}

/**
 * POST /mcp (and GET/DELETE, which the stateless transport answers 405): the MCP Streamable HTTP transport
 * (docs/mcp.md). Authentication, the tier rate limits, the body bound and JSON-RPC's shape are checked here, before
 * the SDK sees the request, so each refusal carries the catalogue's code; a call to a tool the token's scopes do not
 * allow is refused 403 insufficient_scope (RFC 6750 §3.1) naming the scopes, so the client can ask for them.
 */
async function serve(c: C): Promise<Response> {
  let id: unknown = null;
  try {
    const principal = await authenticated(c);
    const limits = await enforceRateLimit(c);
    const response = await dispatch(c, principal, (v) => {
      id = v;
    });
    c.res = response;
    setRateLimitHeaders(c, limits);
    return c.res;
  } catch (err) {
    const e = toAppError(err);
    const status = statusOf(e);
    if (status >= 500) console.error(JSON.stringify({ request_id: c.get("requestId"), error: String(err) }));
    return rpcError(c, status, SERVER_ERROR, e, id, refusalHeaders(c, e));
  }
}

async function dispatch(
  c: C,
  principal: Awaited<ReturnType<typeof principalOf>>,
  setId: (id: unknown) => void,
): Promise<Response> {
  let parsedBody: unknown;
  if (c.req.method === "POST") {
    const declared = Number(c.req.header("content-length") ?? "0");
    if (declared > MAX_MCP_BODY_BYTES) throw tooLarge();
    const bytes = await c.req.arrayBuffer();
    if (bytes.byteLength > MAX_MCP_BODY_BYTES) throw tooLarge();
    try {
      parsedBody = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      return rpcError(c, 400, PARSE_ERROR, {
        code: "INVALID_REQUEST_BODY",
        message: "The request body is not valid JSON.",
        details: { reason: "malformed JSON" },
      });
    }
    // Protocol revision 2025-06-18 removed JSON-RPC batching; one message per POST.
    if (Array.isArray(parsedBody))
      return rpcError(c, 400, INVALID_REQUEST, {
        code: "INVALID_REQUEST_BODY",
        message: "JSON-RPC batches are not supported: send one message per request.",
        details: { reason: "batch" },
      });
    if (
      typeof parsedBody !== "object" ||
      parsedBody === null ||
      (parsedBody as { jsonrpc?: unknown }).jsonrpc !== "2.0"
    )
      return rpcError(c, 400, INVALID_REQUEST, {
        code: "INVALID_REQUEST_BODY",
        message: "The body must be one JSON-RPC 2.0 message.",
        details: { reason: "not a JSON-RPC message" },
      });
    const message = parsedBody as { id?: unknown; method?: unknown; params?: { name?: unknown } };
    setId(message.id);
    if (message.method === "tools/call") {
      const name = typeof message.params?.name === "string" ? message.params.name : "";
      const t = toolNamed(name);
      if (!t)
        return rpcError(
          c,
          200,
          INVALID_PARAMS,
          {
            code: "TOOL_NOT_FOUND",
            message: `No tool named '${name.slice(0, 64)}'.`,
            details: { tool: name.slice(0, 64) },
          },
          message.id,
        );
      if (!allowed(principal, t)) {
        const refusal = new AppError("INSUFFICIENT_PERMISSIONS", {
          message: `The tool ${t.name} requires the scope ${t.scopes.map((s) => `'${s}'`).join(" or ")}.`,
          details: { required_scopes: [...t.scopes], tool: t.name },
        });
        return rpcError(c, 403, SERVER_ERROR, refusal, message.id, refusalHeaders(c, refusal));
      }
    }
  }
  const resource = mcpResourceOf(c.env.AUTH_ISSUER);
  const handler = createMcpHandler(() => buildServer({ context: userContextOf(c), principal, url: c.req.url }), {
    legacy: "stateless",
    maxRequestBodySize: MAX_MCP_BODY_BYTES,
  });
  return handler.fetch(c.req.raw, {
    parsedBody,
    authInfo: {
      token: "",
      clientId: principal.credential.clientId ?? "",
      scopes: [...principal.scopes],
      ...(principal.credential.expiresAt ? { expiresAt: principal.credential.expiresAt } : {}),
      resource: new URL(resource),
    },
  });
}

const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", { details: { max_bytes: MAX_MCP_BODY_BYTES } });

/** CORS for browser-based MCP clients: any origin, bearer tokens only (no cookies), the MCP headers allowed and shown. */
const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, DELETE, OPTIONS",
  "Access-Control-Allow-Headers":
    "Authorization, Content-Type, Accept, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID, X-Organization-Id, X-Request-Id",
  "Access-Control-Expose-Headers":
    "Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate, X-Request-Id, RateLimit, RateLimit-Policy, Retry-After",
  "Access-Control-Max-Age": "86400",
};

export function mcpRoutes() {
  const app = new Hono<AppEnv>();
  // The deployment's MCP registry entry (docs/mcp.md "Registry"): public, like the discovery documents.
  app.get("/server.json", (c) => {
    c.header("Access-Control-Allow-Origin", "*");
    c.header("Cache-Control", "public, max-age=300");
    const { issuer } = contextOf(c).config;
    return c.json(registryEntry(issuer, protectedResourceMetadataUrl(issuer)));
  });
  // A CORS preflight; a plain OPTIONS is answered with Allow by the app.
  app.use("/", (c, next) =>
    c.req.method === "OPTIONS" && c.req.raw.headers.has("origin")
      ? Promise.resolve(new Response(null, { status: 204, headers: CORS_HEADERS }))
      : next(),
  );
  app.on(["GET", "POST", "DELETE"], "/", async (c) => {
    const response = await serve(c);
    if (!c.req.raw.headers.has("origin")) return response;
    const headers = new Headers(response.headers);
    for (const [k, v] of Object.entries(CORS_HEADERS)) if (!k.endsWith("Max-Age")) headers.set(k, v);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  });
  return app;
}
