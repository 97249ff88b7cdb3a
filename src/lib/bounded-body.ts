/**
 * A response body read whole, refusing one larger than `maxBytes` (the reader is cancelled as soon as
 * it passes the bound, so a hostile server cannot make us buffer more). For outbound requests to an
 * address a customer named: identity providers, Client ID Metadata Documents.
 */
export async function boundedBody(res: Response, maxBytes: number, what: string): Promise<Uint8Array> {
  const reader = res.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    if (!reader) break;
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error(`${what}: too large`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return bytes;
}
