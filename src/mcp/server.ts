import type { z } from "@hono/zod-openapi";
import {
  McpServer,
  ProtocolError,
  ProtocolErrorCode,
  ResourceTemplate,
  type StandardSchemaWithJSON,
} from "@modelcontextprotocol/server";
import { listOwnSessions, ownSessionWithContent } from "../domain/sessions/queries";
import { analysisResource } from "../domain/sessions/resources";
import { AppError } from "../errors";
import { statusOf } from "../http/error-status";
import { toAppError } from "../http/on-error";
import { validationError } from "../http/validation";
import { SERVICE_VERSION } from "../version";
import { allowed, TOOLS, type ToolContext } from "./tools";

/**
 * The tool's JSON Schema as advertised, with a validator that lets every value through: the arguments are checked
 * by the tool's zod schema inside the call, so a bad argument is a tool error carrying the catalogue's code
 * (INVALID_FIELD_VALUE, MISSING_REQUIRED_FIELD …) like the REST route's 422, not the SDK's plain-text message.
 */
function advertised(schema: z.ZodType): StandardSchemaWithJSON {
  const std = (schema as unknown as StandardSchemaWithJSON)["~standard"];
  return {
    "~standard": {
      version: 1,
      vendor: "session-analysis",
      validate: (value: unknown) => ({ value }),
      jsonSchema: std.jsonSchema,
    },
  } as StandardSchemaWithJSON;
}

/**
 * A tool error (CallToolResult.isError) carrying the catalogue's code, message and details as the result's text
 * content, `{"error":{code,message,details}}`. No structuredContent: it would have to match the tool's declared
 * output schema, which an error never does, and the official TypeScript SDK client (1.x) validates it even when
 * isError is true, turning the tool error into a protocol error (-32602) the agent never reads (MCP 2025-06-18, Tools: "Output
 * Schema" — structured results MUST conform to it; "Error Handling" — execution errors are results with isError).
 */
function toolError(err: unknown) {
  const e = toAppError(err);
  if (statusOf(e) >= 500) console.error(JSON.stringify({ msg: "mcp tool failed", error: String(err) }));
  const error = { code: e.code, message: e.message, details: e.details };
  return { isError: true, content: [{ type: "text" as const, text: JSON.stringify({ error }) }] };
}

const ANALYSIS_URI = "session://{session_id}/analysis";

/** One server per request (stateless, src/mcp/endpoint.ts), holding only the tools the caller's scopes allow. */
export function buildServer(ctx: Omit<ToolContext, "progress" | "signal">): McpServer {
  const server = new McpServer(
    { name: "session-analysis", title: "Session Analysis Service", version: SERVICE_VERSION },
    {
      instructions:
        "Run and read sessions of the Session Analysis Service. quote_session prices one, create_session starts it (it costs credits), wait_for_session follows it with progress notifications, get_analysis or the resource session://{id}/analysis read the result.",
    },
  );
  for (const t of TOOLS) {
    if (!allowed(ctx.principal, t)) continue;
    server.registerTool(
      t.name,
      {
        title: t.title,
        description: t.description,
        inputSchema: advertised(t.input),
        outputSchema: advertised(t.output),
        annotations: { title: t.title, ...t.annotations },
      },
      async (args: unknown, extra) => {
        const parsed = t.input.safeParse(args ?? {});
        if (!parsed.success) return toolError(validationError(parsed.error, "body", args));
        const token = extra.mcpReq._meta?.progressToken;
        const toolCtx: ToolContext = {
          ...ctx,
          signal: extra.mcpReq.signal,
          progress: async (progress, total, message) => {
            if (token === undefined) return;
            await extra.mcpReq.notify({
              method: "notifications/progress",
              params: { progressToken: token, progress, total, message },
            });
          },
        };
        try {
          const result = (await t.run(toolCtx, parsed.data as never)) as Record<string, unknown>;
          return { content: [{ type: "text" as const, text: JSON.stringify(result) }], structuredContent: result };
        } catch (err) {
          return toolError(err);
        }
      },
    );
  }

  if (ctx.principal.scopes.has("remote-viewing:read") || ctx.principal.scopes.has("dowsing:read")) {
    server.registerResource(
      "session-analysis",
      new ResourceTemplate(ANALYSIS_URI, {
        // The 20 most recently completed sessions the caller can read.
        list: async () => {
          const { rows } = await listOwnSessions(ctx.context, {
            status: "completed",
            limit: 20,
            offset: 0,
            sort_by: "completed_at",
            order: "desc",
          });
          return {
            resources: rows.map((r) => ({
              uri: `session://${r.id}/analysis`,
              name: `${r.id} analysis`,
              title: `Analysis of ${r.sessionType} session ${r.id}`,
              mimeType: "application/json",
            })),
          };
        },
      }),
      {
        title: "A completed session's analysis",
        description: "The Analysis resource of a completed session (as GET /v1/sessions/{id}/analysis), as JSON.",
        mimeType: "application/json",
      },
      async (uri, variables) => {
        const id = String(variables.session_id ?? "");
        try {
          const stored = await ownSessionWithContent(ctx.context, { id, action: "read" });
          const { row } = stored;
          if (row.status !== "completed")
            throw new AppError("SESSION_NOT_FOUND", {
              message: `The session is ${row.status}: its analysis is a resource once it is completed.`,
              details: { session_id: id, status: row.status },
            });
          return {
            contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(analysisResource(stored)) }],
          };
        } catch (err) {
          const e = toAppError(err);
          throw new ProtocolError(
            e.code === "SESSION_NOT_FOUND" ? ProtocolErrorCode.ResourceNotFound : ProtocolErrorCode.InvalidParams,
            e.message,
            { code: e.code, details: e.details },
          );
        }
      },
    );
  }
  return server;
}
