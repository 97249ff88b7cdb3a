import { userContextOf } from "../../context/request";
import { dependencyProbes, liveMetrics } from "../../domain/admin/probes";
import { requireAdmin } from "../../domain/admin/require-admin";
import { probeTimeoutMs, systemStatus } from "../../domain/admin/system-status";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { SystemStatusSchema } from "./schemas";

const route = defineRoute({
  operationId: "getSystemStatus",
  method: "get",
  path: "/system/status",
  tags: ["Admin"],
  summary: "Health of the service and its dependencies (admins)",
  description:
    "Each dependency is probed with a real round trip. A failing probe makes the status `degraded` (or `unhealthy` for the database); the endpoint still answers 200.",
  scope: ["remote-viewing:admin", "dowsing:admin"],
  responses: {
    200: { description: "Status", content: { "application/json": { schema: envelopeSchema(SystemStatusSchema) } } },
  },
});

export function mountGetSystemStatus(app: Router) {
  app.openapi(route, async (c) => {
    const ctx = userContextOf(c);
    await requireAdmin(ctx, { whenStoreDown: "trust-token" });
    const status = await systemStatus(ctx, {
      probes: dependencyProbes(ctx),
      metrics: () => liveMetrics(ctx),
      timeoutMs: probeTimeoutMs(ctx.config),
    });
    return c.json(ok(status), 200);
  });
}
