import type { PasskeyView } from "../../../domain/identity/mfa/passkeys";

/** A passkey as the API shows it (Passkey in ./schemas.ts): never its public key or credential id. */
export function passkeyBody(p: PasskeyView) {
  return {
    id: p.id,
    name: p.name,
    device_type: p.deviceType,
    backed_up: p.backedUp,
    transports: p.transports,
    created_at: p.createdAt,
    last_used_at: p.lastUsedAt,
  };
}
