import Ajv2020 from 'ajv/dist/2020.js';
import { setupServer } from 'msw/node';
import { ConversationClient } from '@openhands/typescript-client/clients';
import { MOCK_SERVER_URL } from '../../src/agent-server/settings';
import type { ServerEvent } from '../../src/agent-server/protocol';
import { DELIBERATELY_MALFORMED, seedStore } from '../../mocks/fixtures';
import { MockAgentServer, syncFrame, transientFrame } from '../../mocks/handlers';
import { MockStore } from '../../mocks/store';
import { sessionFrameSchema } from './agentServer';
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

/** Validates session socket frames against the installed server's own models of them. */
function frameValidator(python: string) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  const validator = ajv.compile(sessionFrameSchema(python));
  return (frame: unknown): string[] =>
    validator(frame)
      ? []
      : [`${JSON.stringify(frame).slice(0, 160)}: ${ajv.errorsText(validator.errors?.slice(0, 3))}`];
}

test('the mock’s REST answers and frames validate against the real server’s schema', async ({
  server,
  page,
  llm,
}) => {
  test.setTimeout(180_000);
  const { validate, has } = await realSchema(server.url);
  const validateFrame = frameValidator(server.python);

  // The mock, in this process, answering the same client calls the app makes.
  const store = new MockStore(() => new Date(Date.UTC(2026, 10, 21)));
  seedStore(store);
  store.sealSeeds();
  const mock = new MockAgentServer(store);
  mock.agent.timing = { tokenMs: 1, toolMs: 5 };
  const frames: ServerEvent[] = [];
  const sessionFrames: object[] = [];
  mock.frameTap = ({ legacy, session }) => {
    if (legacy) frames.push(legacy as ServerEvent);
    if (session) sessionFrames.push(session);
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
    // The frames the mock's agent sent during the run, deltas included: legacy events against
    // the OpenAPI schema, session envelopes against the server's frame models.
    expect(frames.some((f) => f.kind === 'StreamingDeltaEvent')).toBe(true);
    for (const frame of frames) problems.push(...validate(frame.kind, frame));
    const types = new Set(sessionFrames.map((f) => (f as { type: string }).type));
    for (const type of ['durable', 'item_started', 'delta']) expect(types, type).toContain(type);
    const conversation = store.get(created.id)!;
    for (const frame of [
      ...sessionFrames,
      syncFrame(null, conversation.events.length - 1),
      syncFrame(-1, -1),
      transientFrame(conversation.events[0]!),
    ])
      problems.push(...validateFrame(frame));
  } finally {
    msw.close();
  }
  expect([...new Set(problems)]).toEqual([]);

  // A real run, recorded frame by frame from the browser's socket: the schema holds for it too.
  const realEnvelopes: { type?: string; event?: ServerEvent }[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      try {
        realEnvelopes.push(JSON.parse(String(payload)) as { type?: string; event?: ServerEvent });
      } catch {
        realEnvelopes.push({ type: `not JSON: ${String(payload).slice(0, 80)}` });
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
  // The app speaks the session socket to this server: every frame is an envelope.
  expect([...new Set(realEnvelopes.flatMap(validateFrame))]).toEqual([]);
  const realTypes = new Set(realEnvelopes.map((f) => f.type));
  for (const type of ['sync', 'durable', 'transient', 'item_started', 'delta'])
    expect(realTypes, type).toContain(type);
  const realFrames = realEnvelopes.flatMap((f) => (f.event ? [f.event] : []));
  const kinds = new Set(realFrames.map((f) => f.kind));
  for (const kind of ['ConversationStateUpdateEvent', 'MessageEvent', 'ActionEvent', 'ObservationEvent']) {
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
