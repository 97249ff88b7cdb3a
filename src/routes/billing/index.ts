import { requireBillingOwner } from "../../domain/organizations/access";
import { router } from "../../http/openapi";
import { presentedCredentials, principalOf } from "../../middleware/authenticate";
import { mountAddPaymentMethod } from "./add-payment-method";
import { mountChangePlan } from "./change-plan";
import { mountGetBilling } from "./get-billing";
import { mountGetHistory } from "./get-history";
import { mountListPackages } from "./list-packages";
import { mountListPaymentMethods } from "./list-payment-methods";
import { mountPurchase } from "./purchase";
import { mountRemovePaymentMethod } from "./remove-payment-method";
import { mountRetryPayment } from "./retry-payment";
import { mountSetDefaultPaymentMethod } from "./set-default-payment-method";
import { mountStripeWebhook } from "./stripe-webhook";

export function billingRoutes() {
  const app = router();
  // Acting for an organization (X-Organization-Id, or its API key), billing is for its owners.
  app.use("*", async (c, next) => {
    const { authorization, apiKey } = presentedCredentials(c);
    if (authorization !== undefined || apiKey !== undefined) requireBillingOwner(await principalOf(c));
    await next();
  });
  mountGetBilling(app);
  mountListPackages(app);
  mountGetHistory(app);
  mountPurchase(app);
  mountListPaymentMethods(app);
  mountAddPaymentMethod(app);
  mountRemovePaymentMethod(app);
  mountSetDefaultPaymentMethod(app);
  mountChangePlan(app);
  mountRetryPayment(app);
  mountStripeWebhook(app);
  return app;
}
