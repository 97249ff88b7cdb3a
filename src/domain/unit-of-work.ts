import type { Write } from "../db/store";
import type { Context } from "./context";

/** Commits a repository's write through the unit of work (Context.commit) and reads what it did. */
export async function commitWrite<T>(ctx: Pick<Context, "commit">, write: Write<T>): Promise<T> {
  return write.read(await ctx.commit(write.statements));
}
