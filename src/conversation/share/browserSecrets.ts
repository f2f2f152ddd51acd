import { readLlmKeys } from '../../agent-server/llmSettings';
import { readServers } from '../../agent-server/servers';
import type { KnownSecret } from './redaction';

/**
 * The secrets this browser holds by itself, read at once: every server's session key and every
 * model key. The server's stored secrets need a request (prepareShare's knownSecrets); these do
 * not, so the clipboard and file names can be redacted on the spot.
 */
export function browserSecrets(
  // The names a dialog counts what it found by; nothing shows them when no names are given.
  names: { sessionKey: string; modelKey: string } = { sessionKey: 'session key', modelKey: 'model key' },
): KnownSecret[] {
  return [
    ...readServers()
      .map((server) => server.sessionApiKey)
      .filter(Boolean)
      .map((value) => ({ name: names.sessionKey, value })),
    ...readLlmKeys().map((value) => ({ name: names.modelKey, value })),
  ];
}
