import { router } from "../../http/openapi";
import { mountAddPaymentMethod } from "./add-payment-method";
import { mountGetBilling } from "./get-billing";
import { mountGetHistory } from "./get-history";
import { mountListPackages } from "./list-packages";
import { mountListPaymentMethods } from "./list-payment-methods";
import { mountPlan } from "./plan";
import { mountPurchase } from "./purchase";

export function billingRoutes() {
  const app = router();
  mountGetBilling(app);
  mountListPackages(app);
  mountGetHistory(app);
  mountPurchase(app);
  mountListPaymentMethods(app);
  mountAddPaymentMethod(app);
  mountPlan(app);
  return app;
}
