import type { ClientMetadataDocuments } from "../../domain/identity/oauth/ports";
import { boundedBody } from "../../lib/bounded-body";

const MAX_DOCUMENT_BYTES = 16 * 1024;
const TIMEOUT_MS = 5_000;

/**
 * Reads a Client ID Metadata Document over HTTP: no redirects (the document lives at its client_id, and a redirect
 * could lead past the SSRF check the caller made on the URL), JSON only, at most 16 KiB, 5 seconds.
 */
async function read(url: URL): Promise<unknown> {
  const res = await fetch(url, {
    redirect: "manual",
    headers: { Accept: "application/json" },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (res.status !== 200) throw new Error(`client metadata document: HTTP ${res.status}`);
  if (!res.body) throw new Error("client metadata document: no body");
  const bytes = await boundedBody(res, MAX_DOCUMENT_BYTES, "client metadata document");
  return JSON.parse(new TextDecoder().decode(bytes));
}

/** Client ID Metadata Documents read over HTTP (the production adapter; tests serve documents locally). */
export const httpClientMetadata: ClientMetadataDocuments = { read };
