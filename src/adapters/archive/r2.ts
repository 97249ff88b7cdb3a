import type { SessionArchive } from "../../domain/sessions/ports";

/**
 * The session archive on an R2 bucket (wrangler.toml `ARCHIVE`; docs/storage.md "Session archive").
 * A put carries the object's SHA-256, which R2 checks against the bytes it received before it stores
 * them (a put whose bytes were damaged on the way fails), so an object that exists is whole.
 */
export function r2SessionArchive(bucket: R2Bucket): SessionArchive {
  return {
    async put(key, bytes, sha256) {
      await bucket.put(key, bytes, { sha256 });
    },
    async get(key) {
      const object = await bucket.get(key);
      return object ? new Uint8Array(await object.arrayBuffer()) : null;
    },
    async delete(key) {
      await bucket.delete(key);
    },
    async deleteUnder(prefix) {
      let deleted = 0;
      // R2 lists at most 1,000 keys a call and deletes at most 1,000 a call.
      for (;;) {
        const listed = await bucket.list({ prefix, limit: 1000 });
        const keys = listed.objects.map((o) => o.key);
        if (keys.length > 0) await bucket.delete(keys);
        deleted += keys.length;
        if (!listed.truncated) return deleted;
      }
    },
  };
}
