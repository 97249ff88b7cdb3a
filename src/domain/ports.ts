/**
 * The outside world as the domain names it (ARCHITECTURE "Round three", ports and adapters): each
 * area declares the interfaces it needs beside its rules; src/context/ports.ts builds the adapters
 * (src/adapters/) configuration picks. A port is read when used, so a request pays only for those.
 */
import type { BillingPorts } from "./billing/ports";

export interface Ports
  // billing: the payment gateway and the billing clocks (src/domain/billing/ports.ts)
  extends BillingPorts {}
