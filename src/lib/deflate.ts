/**
 * Raw DEFLATE (RFC 1951) over UTF-8 text, with the runtime's own CompressionStream: a session's
 * analysis and stage history are about 1.6 KB of JSON with the same keys over and over, and
 * about 0.55 KB deflated (docs/scale.md, "What a session stores").
 */
export async function deflateText(text: string): Promise<Uint8Array> {
  return collect(new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw")));
}

export async function inflateText(bytes: Uint8Array): Promise<string> {
  const inflated = await collect(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")));
  return new TextDecoder().decode(inflated);
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
