import { router } from "../../http/openapi";
import { mountExportSessions } from "./sessions";
import { mountExportTransactions } from "./transactions";
import { mountExportUsers } from "./users";

export function exportRoutes() {
  const app = router();
  mountExportSessions(app);
  mountExportTransactions(app);
  mountExportUsers(app);
  return app;
}
