import { router } from "../../http/openapi";
import { mountCreateWebhook } from "./create";
import { mountDeleteWebhook } from "./delete";
import { mountGetWebhook } from "./get";
import { mountListWebhooks } from "./list";
import { mountListDeliveries } from "./list-deliveries";
import { mountRecoverDeliveries } from "./recover";
import { mountReplayDelivery } from "./replay";
import { mountRotateWebhookSecret } from "./rotate-secret";
import { mountTestPing } from "./test-ping";
import { mountUpdateWebhook } from "./update";

export function webhookRoutes() {
  const app = router();
  mountCreateWebhook(app);
  mountListWebhooks(app);
  mountGetWebhook(app);
  mountUpdateWebhook(app);
  mountDeleteWebhook(app);
  mountListDeliveries(app);
  mountReplayDelivery(app);
  mountTestPing(app);
  mountRotateWebhookSecret(app);
  mountRecoverDeliveries(app);
  return app;
}
