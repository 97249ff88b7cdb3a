import { router } from "../../http/openapi";
import { mountGetMe } from "./get-me";
import { mountGetStats } from "./get-stats";
import { mountPutMe } from "./put-me";
import { mountPutPassword } from "./put-password";

export function userRoutes() {
  const app = router();
  mountGetMe(app);
  mountGetStats(app);
  mountPutMe(app);
  mountPutPassword(app);
  return app;
}
