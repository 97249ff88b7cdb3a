import { z } from "@hono/zod-openapi";
import { CREDIT_PACKAGES, MAX_PURCHASE_QUANTITY } from "../../domain/billing/catalogue";
import { packageResource, planResource } from "../../domain/billing/resources";
import { TIERS } from "../../domain/identity/principal";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { PackageSchema, PlanSchema } from "./schemas";

const route = defineRoute({
  operationId: "listCreditPackages",
  method: "get",
  path: "/packages",
  tags: ["Billing"],
  summary: "Credit packages and plans for sale (public price list)",
  description:
    "The credit packages that POST /billing/credits/purchase accepts, with their credits and prices, and the plans PUT /billing/plan accepts, with their monthly fee, included credits and limits. Public: no credential needed.",
  responses: {
    200: {
      description: "The packages",
      content: {
        "application/json": {
          schema: envelopeSchema(
            z.object({ packages: z.array(PackageSchema), max_quantity: z.number().int(), plans: z.array(PlanSchema) }),
          ),
        },
      },
    },
  },
});

export function mountListPackages(app: Router) {
  app.openapi(route, (c) =>
    c.json(
      ok({
        packages: CREDIT_PACKAGES.map(packageResource),
        max_quantity: MAX_PURCHASE_QUANTITY,
        plans: TIERS.map(planResource),
      }),
      200,
    ),
  );
}
