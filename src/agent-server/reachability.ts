/**
 * Whether anything answers at an address, seen from this browser. An opaque (`no-cors`) request
 * succeeds on any HTTP answer, a 401 or a 404 included, and fails only when nothing answers: no
 * such host, a refused connection, a failed TLS handshake. A slow answer proves nothing.
 */
export async function probeAddress(
  url: string,
  timeoutMs = 4_000,
): Promise<'answers' | 'silent' | 'unknown'> {
  try {
    // eslint-disable-next-line no-restricted-globals -- a model's address, not the agent-server's
    await fetch(url, {
      mode: 'no-cors',
      cache: 'no-store',
      credentials: 'omit',
      signal: AbortSignal.timeout(timeoutMs),
    });
    return 'answers';
  } catch (error) {
    return error instanceof DOMException && error.name === 'TimeoutError' ? 'unknown' : 'silent';
  }
}
