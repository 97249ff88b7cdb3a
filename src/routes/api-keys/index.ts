import { router } from "../../http/openapi";
import { mountCreateApiKey } from "./create";
import { mountListApiKeys } from "./list";
import { mountRevokeApiKey } from "./revoke";
import { mountRotateApiKey } from "./rotate";

export function apiKeyRoutes() {
  const app = router();
  mountCreateApiKey(app);
  mountListApiKeys(app);
  mountRevokeApiKey(app);
  mountRotateApiKey(app);
  return app;
}
