import { router } from "../../http/openapi";
import { mountGetMe } from "./get-me";
import { mountPutMe } from "./put-me";

export function userRoutes() {
  const app = router();
  mountGetMe(app);
  mountPutMe(app);
  return app;
}
