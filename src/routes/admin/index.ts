import { router } from "../../http/openapi";
import { mountGetSystemStatus } from "./get-system-status";
import { mountGetUserAnalytics } from "./get-user-analytics";
import { mountSetUserRole } from "./set-user-role";

export function adminRoutes() {
  const app = router();
  mountGetSystemStatus(app);
  mountGetUserAnalytics(app);
  mountSetUserRole(app);
  return app;
}
