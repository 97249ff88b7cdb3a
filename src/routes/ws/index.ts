import { router } from "../../http/openapi";
import { websocketToken } from "../../middleware/websocket-token";
import { mountConnect } from "./connect";

export function wsRoutes() {
  const app = router();
  app.use("*", websocketToken);
  mountConnect(app);
  return app;
}
