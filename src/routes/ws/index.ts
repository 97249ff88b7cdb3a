import { router } from "../../http/openapi";
import { mountConnect } from "./connect";

export function wsRoutes() {
  const app = router();
  mountConnect(app);
  return app;
}
