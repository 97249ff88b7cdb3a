/**
 * The values the sessions table's type and status columns hold: the storage's own vocabulary, so
 * its queries (`session_type IN (…)`, one index range per status) need nothing from the domain,
 * which re-exports them (src/domain/sessions/types.ts).
 */
export const SESSION_TYPES = ["remote_viewing", "dowsing", "precognition", "intuitive_analysis"] as const;
export type SessionType = (typeof SESSION_TYPES)[number];

/** The spec's four states plus `cancelled`, the state DELETE leaves a session in. */
export const SESSION_STATUSES = ["pending", "processing", "completed", "failed", "cancelled"] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
