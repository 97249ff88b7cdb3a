import { router } from "../../http/openapi";
import { mountCreateClient } from "./create";
import { mountDeleteClient } from "./delete";
import { mountGetClient } from "./get";
import { mountListClients } from "./list";

export function oauthClientRoutes() {
  const app = router();
  mountCreateClient(app);
  mountListClients(app);
  mountGetClient(app);
  mountDeleteClient(app);
  return app;
}
