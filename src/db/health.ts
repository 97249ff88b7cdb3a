import { KV_KEYS } from "./kv-keys";

/** Cheap real round trips to the stores, for the admin status probes. */
export async function pingDatabase(d1: D1Database): Promise<void> {
  const row = await d1.prepare("SELECT 1 AS ok").first<{ ok: number }>();
  if (row?.ok !== 1) throw new Error("unexpected D1 answer");
}

export async function pingCache(kv: KVNamespace): Promise<void> {
  await kv.get(KV_KEYS.healthProbe);
}
