import { router } from "../../http/openapi";
import { mountGetMe } from "./get-me";
import { mountGetStats } from "./get-stats";
import { mountPutMe } from "./put-me";

export function userRoutes() {
  const app = router();
  mountGetMe(app);
  mountGetStats(app);
  mountPutMe(app);
  return app;
}
