import { z } from "zod";
import { contextOf } from "../../context/request";
import { developmentMailbox } from "../../domain/mail/mailbox";
import { ok } from "../../http/envelope-body";
import { router } from "../../http/openapi";
import { validationError } from "../../http/validation";

// As sent, like every address the service takes (no trimming outside trimmedText, src/http/schemas.ts).
const MailboxQuery = z.object({ to: z.string().email().max(254) });

/**
 * GET /console/dev/mailbox?to=<address>: the development mailbox of one address
 * (src/domain/mail/mailbox.ts). Outside the /v1 contract: a local developer's tool, like the outbox page.
 */
export function devMailboxRoutes() {
  const app = router();
  app.get("/dev/mailbox", async (c) => {
    const query = { to: c.req.query("to") };
    const parsed = MailboxQuery.safeParse(query);
    if (!parsed.success) throw validationError(parsed.error, "query", query);
    const input = { to: parsed.data.to, method: c.req.method, path: c.req.path };
    return c.json(ok(await developmentMailbox(contextOf(c), input)), 200);
  });
  return app;
}
