import type { SessionPorts } from "./sessions/ports";

/**
 * The outside world as the domain names it (ARCHITECTURE "Round three", ports and adapters): each
 * area declares the interfaces it needs beside its rules; src/context/ports.ts builds the adapters
 * (src/adapters/) configuration picks. A port is read when used, so a request pays only for those.
 */
export interface Ports {
  // sessions area
  /** Session rooms and scheduler shards (src/domain/sessions/ports.ts). */
  readonly sessions: SessionPorts;
}
