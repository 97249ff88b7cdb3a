import { router } from "../../http/openapi";
import { mountAnalysis } from "./analysis";
import { mountCancel } from "./cancel";
import { mountCreate } from "./create";
import { mountGet } from "./get";
import { mountHistory } from "./history";
import { mountList } from "./list";
import { mountQuote } from "./quote";
import { mountUpdate } from "./update";

export function sessionRoutes() {
  const app = router();
  mountCreate(app);
  mountQuote(app);
  mountList(app);
  mountGet(app);
  mountUpdate(app);
  mountCancel(app);
  mountAnalysis(app);
  mountHistory(app);
  return app;
}
