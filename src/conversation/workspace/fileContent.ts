// What a file's bytes are: text to show, or binary to offer as a download.

export type FileContent = { kind: 'text'; text: string } | { kind: 'binary'; size: number };

/** Binary as git decides it (a NUL in the first 8000 bytes), or bytes that are not UTF-8. */
export function classifyBytes(bytes: Uint8Array): FileContent {
  if (bytes.subarray(0, 8000).includes(0)) return { kind: 'binary', size: bytes.length };
  try {
    // A cut at the 1 MB limit may split a character: the decoder is told the stream goes on.
    return { kind: 'text', text: new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true }) };
  } catch {
    return { kind: 'binary', size: bytes.length };
  }
}
