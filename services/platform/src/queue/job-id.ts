/**
 * BullMQ refuses custom job ids that contain ':' (its key separator) or look like integers
 * (they would clash with its own counter). Callers naturally write ids like `reset:<uuid>`, so
 * ids are escaped reversibly: '%' → '%25', ':' → '%3A', and an integer-looking id gets a
 * leading '%I'. Every '%' in an encoded id comes from an escape, so the mapping is one-to-one.
 */
export function encodeJobId(id: string): string {
  const escaped = id.replaceAll('%', '%25').replaceAll(':', '%3A');
  return `${parseInt(escaped, 10)}` === escaped ? `%I${escaped}` : escaped;
}

export function decodeJobId(encoded: string): string {
  const body = encoded.startsWith('%I') ? encoded.slice(2) : encoded;
  return body.replaceAll('%3A', ':').replaceAll('%25', '%');
}
