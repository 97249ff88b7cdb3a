/**
 * The start of every KV key the service reads or writes: keys are built from these and never from a
 * literal elsewhere. docs/storage.md ("KV keys") has a row for each, and
 * test/architecture/storage-doc.test.ts fails until a new one has its row.
 */
export const KV_KEYS = {
  /** Rate-limit shards `rl:<subject>:<window>:<window start>:<isolate>` (src/adapters/rate-limit/kv.ts). */
  rateLimit: "rl:",
  /** Never written: the admin status probe times a KV round trip by reading it. */
  healthProbe: "health:probe",
  /** The development mailer's organization mail, `dev-mail:<org id>:<mail id>`. */
  devMail: "dev-mail:",
  /** The development mailbox by recipient, `dev-mail-to:<recipient hash>:<mail id>`. */
  devMailTo: "dev-mail-to:",
  /** The maintenance run's last ledger check. */
  ledgerCheck: "billing:ledger-check",
  /** Where the cron's purge of expired idempotency records stopped. */
  idempotencyPurgeCursor: "maintenance:idempotency-purge-cursor",
} as const;
