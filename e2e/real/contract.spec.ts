import Ajv2020 from 'ajv/dist/2020.js';
import { setupServer } from 'msw/node';
import { ConversationClient } from '@openhands/typescript-client/clients';
import { MOCK_SERVER_URL } from '../../src/agent-server/settings';
import type { ServerEvent } from '../../src/agent-server/protocol';
import { DELIBERATELY_MALFORMED, seedStore } from '../../mocks/fixtures';
import { MockAgentServer } from '../../mocks/handlers';
import { MockStore } from '../../mocks/store';
import { connect, expect, startConversation, test } from './fixtures';

// Holds the mock agent-server to the real one: every REST answer and every frame the mock sends
// must validate against the OpenAPI schema the real server serves, and the frames of a real run
// must validate against it too (so the schema is what goes over the wire).

type Schema = Record<string, unknown>;

async function realSchema(serverUrl: string) {
  const document = (await (await fetch(`${serverUrl}/openapi.json`)).json()) as {
    components: { schemas: Record<string, Schema> };
  };
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ ...document, $id: 'openapi' } as Schema);
  const validators = new Map<string, ReturnType<typeof ajv.compile>>();
  const validate = (component: string, value: unknown): string[] => {
    let validator = validators.get(component);
    if (!validator) {
      validator = ajv.compile({ $ref: `openapi#/components/schemas/${component}` });
      validators.set(component, validator);
    }
    return validator(value)
      ? []
      : (validator.errors ?? []).map(
          (e) => `${component}${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`,
        );
  };
  return { validate, has: (component: string) => component in document.components.schemas };
}

test('the mock’s REST answers and frames validate against the real server’s schema', async ({
  server,
  page,
  llm,
}) => {
  test.setTimeout(180_000);
  const { validate, has } = await realSchema(server.url);

  // The mock, in this process, answering the same client calls the app makes.
  const store = new MockStore(() => new Date(Date.UTC(2026, 10, 21)));
  seedStore(store);
  store.sealSeeds();
  const mock = new MockAgentServer(store);
  mock.agent.timing = { tokenMs: 1, toolMs: 5 };
  const frames: ServerEvent[] = [];
  const publish = mock.publish.bind(mock);
  mock.publish = (conversation, event) => {
    frames.push(event);
    publish(conversation, event);
  };
  const msw = setupServer(...mock.handlers());
  msw.listen({ onUnhandledRequest: 'bypass' });
  const problems: string[] = [];
  try {
    const client = new ConversationClient({ host: MOCK_SERVER_URL });
    problems.push(...validate('ConversationPage', await client.searchConversations({ limit: 5 })));
    const conversations = [...store.conversations.keys()];
    for (const id of conversations)
      problems.push(...validate('ConversationInfo', await client.getConversation(id)));
    const created = await client.createConversation<{ id: string }>({
      agent: { kind: 'Agent', llm: { model: 'x' } },
      initial_message: { role: 'user', content: [{ type: 'text', text: 'hello' }], run: true },
    });
    problems.push(...validate('ConversationInfo', created));
    await expect
      .poll(() => store.get(created.id)!.info.execution_status, { timeout: 10_000 })
      .toBe('finished');
    problems.push(...validate('Success', await client.updateConversation(created.id, { title: 'Renamed' })));
    problems.push(...validate('Success', await client.interruptConversation(created.id)));
    problems.push(...validate('Success', await client.pauseConversation(created.id)));
    // Every persisted event of every seeded conversation, as the events search returns them.
    for (const id of conversations) {
      const page = await client.searchEvents(id, { limit: 100 });
      for (const event of page.items as unknown as ServerEvent[]) {
        if (has(event.kind) && !DELIBERATELY_MALFORMED.has(event.id))
          problems.push(...validate(event.kind, event));
      }
    }
    // The frames the mock's agent sent during the run, deltas included.
    expect(frames.some((f) => f.kind === 'StreamingDeltaEvent')).toBe(true);
    for (const frame of frames) problems.push(...validate(frame.kind, frame));
  } finally {
    msw.close();
  }
  expect([...new Set(problems)]).toEqual([]);

  // A real run, recorded frame by frame from the browser's socket: the schema holds for it too.
  const realFrames: ServerEvent[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      try {
        realFrames.push(JSON.parse(String(payload)) as ServerEvent);
      } catch {
        // the server sends JSON only; anything else fails the kinds check below
      }
    }),
  );
  llm.setScript([
    {
      reasoning: 'Short.',
      text: 'Listing.',
      toolCalls: [{ name: 'terminal', arguments: { command: 'echo hi' } }],
    },
    // The second turn streams slowly and calls a tool, so its action comes over the socket.
    {
      text: 'Now listing once more, slowly.',
      tokenMs: 150,
      toolCalls: [{ name: 'terminal', arguments: { command: 'echo again' } }],
    },
    { text: 'Done.' },
  ]);
  await connect(page, server);
  const conversationId = await startConversation(page, llm, 'Record my frames');
  await expect(page.getByRole('log').getByText('Done.')).toBeVisible({ timeout: 60_000 });
  const kinds = new Set(realFrames.map((f) => f.kind));
  for (const kind of [
    'ConversationStateUpdateEvent',
    'MessageEvent',
    'ActionEvent',
    'ObservationEvent',
    'StreamingDeltaEvent',
  ]) {
    expect(kinds, kind).toContain(kind);
  }
  const persisted = await server.api<{ items: ServerEvent[] }>(
    `/api/conversations/${conversationId}/events/search?limit=100`,
  );
  const realProblems = [...realFrames, ...persisted.items].flatMap((event) =>
    has(event.kind) ? validate(event.kind, event) : [`unknown kind ${event.kind}`],
  );
  expect([...new Set(realProblems)]).toEqual([]);
  // The mock sends the kinds a real run sends (and no kind the server does not know).
  for (const kind of new Set(frames.map((f) => f.kind))) expect(has(kind), kind).toBe(true);
});
