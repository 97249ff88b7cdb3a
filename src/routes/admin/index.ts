import { router } from "../../http/openapi";
import { mountGetSystemStatus } from "./get-system-status";
import { mountGetUserAnalytics } from "./get-user-analytics";

export function adminRoutes() {
  const app = router();
  mountGetSystemStatus(app);
  mountGetUserAnalytics(app);
  return app;
}
