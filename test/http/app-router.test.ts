import type { SmartRouter } from "hono/router/smart-router";
import { describe, expect, it } from "vitest";
import { createApp, servingRouter } from "../../src/app";

/**
 * Hono's SmartRouter keeps the first of its routers that accepts every route: the RegExpRouter (one
 * regular expression per method) or else, silently, the TrieRouter, which walks a trie on each request.
 * A route shape the RegExpRouter cannot hold (a literal segment beside a parameter one under the same
 * method) in any directly mounted group would slow every request's routing, so the app as served once
 * every group is built must still be a RegExpRouter's.
 */
describe("the app's router", () => {
  it("is a RegExpRouter once every route group is built", async () => {
    const router = (await servingRouter(createApp())) as SmartRouter<unknown>;
    expect(router.match("GET", "/v1/sessions/ses_1")[0].length).toBeGreaterThan(0);
    expect(router.activeRouter.name).toBe("RegExpRouter");
  });
});
