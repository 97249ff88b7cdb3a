import { z } from "@hono/zod-openapi";
import { userContextOf } from "../../context/request";
import { negotiateFormat } from "../../domain/exports/format";
import { exportUsers, USER_COLUMNS } from "../../domain/exports/users";
import { TIERS } from "../../domain/identity/principal";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { streamed } from "./respond";
import { ExportQueryBase, exportResponse, UserExportRowSchema } from "./schemas";

const route = defineRoute({
  operationId: "exportUsers",
  method: "get",
  path: "/users",
  tags: ["Exports"],
  summary: "Export user analytics rows (admins; CSV or NDJSON)",
  description:
    "One pseudonymous row per user (id, tier, country, registration and last sign-in, session counts), by registration " +
    "time; filters: tier, country, created_at dates. Needs `analytics:export` and the admin role.",
  scope: "analytics:export",
  request: {
    query: ExportQueryBase.extend({
      tier: z.enum(TIERS).optional(),
      country: z
        .string()
        .min(1)
        .max(16)
        .optional()
        .openapi({ description: "Country code as recorded at sign-in (`unknown` if none)" }),
    }),
  },
  responses: exportResponse("The users", UserExportRowSchema, USER_COLUMNS),
});

export function mountExportUsers(app: Router) {
  app.openapi(route, async (c) => {
    const q = c.req.valid("query");
    const format = negotiateFormat(q.format, c.req.header("Accept"));
    return streamed(c, "users", format, await exportUsers(userContextOf(c), { query: q, format }));
  });
}
