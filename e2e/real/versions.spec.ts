import '../english';
import { describeError } from '../../src/agent-server/client';
import { ConversationClient } from '@openhands/typescript-client/clients';
import { SESSION_KEY, expect, test } from './fixtures';

// What each pinned agent-server version answers for a conversation it does not know, and that
// Tether says something a person can act on for each (docs/agent-server-notes.md).

const UNKNOWN = '00000000-0000-4000-8000-0000000000ff';

/** Status by version where the versions differ; the rest answer 404 on both. */
const EXPECTED: Record<string, Record<string, number>> = {
  '1.57.0': { pause: 400, interrupt: 400, delete: 400, rename: 200 },
  '1.58.2': { pause: 404, interrupt: 404, delete: 404, rename: 404 },
};

test('an unknown conversation: the answers of this version, each explained in words @smoke', async ({
  server,
}) => {
  const client = new ConversationClient({ host: server.url, apiKey: SESSION_KEY });
  const calls: Record<string, () => Promise<unknown>> = {
    get: () => client.getConversation(UNKNOWN),
    pause: () => client.pauseConversation(UNKNOWN),
    interrupt: () => client.interruptConversation(UNKNOWN),
    delete: () => client.deleteConversation(UNKNOWN),
    rename: () => client.updateConversation(UNKNOWN, { title: 'x' }),
  };
  const expected = EXPECTED[server.version];
  expect(expected, `expectations written down for ${server.version}`).toBeDefined();
  for (const [name, call] of Object.entries(calls)) {
    let status = 200;
    let words = '';
    let body: unknown;
    try {
      body = await call();
    } catch (error) {
      status = (error as { status: number }).status;
      words = describeError(error);
    }
    expect(status, name).toBe(expected![name] ?? 404);
    if (status === 200) expect(body, `${name} says it did nothing`).toEqual({ success: false });
    else expect(words, name).toMatch(/agent-server (answered 400|does not know this item \(404\))/);
  }
});
