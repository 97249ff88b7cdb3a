import { userContextOf } from "../../context/request";
import { getUserAnalytics } from "../../domain/admin/user-analytics";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { UserAnalyticsQuery, UserAnalyticsSchema } from "./schemas";

const route = defineRoute({
  operationId: "getUserAnalytics",
  method: "get",
  path: "/analytics/users",
  tags: ["Admin"],
  summary: "Service-wide user analytics (admins)",
  description:
    "Service-wide user counts, retention and tier and geographic distribution for a period. Administrators only.",
  scope: "analytics:admin",
  request: { query: UserAnalyticsQuery },
  responses: {
    200: { description: "Analytics", content: { "application/json": { schema: envelopeSchema(UserAnalyticsSchema) } } },
  },
});

export function mountGetUserAnalytics(app: Router) {
  app.openapi(route, async (c) => {
    const { period, tier } = c.req.valid("query");
    return c.json(ok(await getUserAnalytics(userContextOf(c), { period, tier })), 200);
  });
}
