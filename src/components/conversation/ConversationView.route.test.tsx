import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setupServer } from 'msw/node';
import { MockAgentServer } from '../../../mocks/handlers';
import { MockStore } from '../../../mocks/store';
import { ConversationView } from '../ConversationView';
import { ServerScope } from '../servers/serverScope';
import { BUILT_IN_MOCK } from '../../agent-server/servers';
import { layOutTranscript } from './testing/jsdomLayout';

// The conversation route as one piece, in Node with the mock agent-server (its REST and socket
// handlers): a message sent, an action approved, a run stopped, a socket lost and found again.
// Each step waits on what the screen says, never on time; every message ends up shown once.

const store = new MockStore(() => new Date());
const mock = new MockAgentServer(store, { sessionSocket: true });
mock.agent.timing = { tokenMs: 2, toolMs: 20 };
const server = setupServer(...mock.handlers());

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'bypass' });
  // A tall window: every row of this short conversation is drawn.
  layOutTranscript({ scrollerHeight: 4000, rowHeight: 20 });
});
afterAll(() => {
  cleanup();
  server.close();
});
configure({ asyncUtilTimeout: 15_000 });

const status = () =>
  document.querySelector('.conversation-header [data-status]')?.getAttribute('data-status');
const connection = () => document.querySelector('[data-connection]')?.getAttribute('data-connection');
const shownOnce = (text: string) =>
  expect(within(screen.getByRole('log')).getAllByText(text, { exact: true })).toHaveLength(1);

async function send(text: string) {
  const composer = screen.getByLabelText('Message to the agent');
  fireEvent.change(composer, { target: { value: text } });
  fireEvent.keyDown(composer, { key: 'Enter' });
  await waitFor(() => shownOnce(text));
}

describe('the conversation route: send, approve, stop, reconnect', () => {
  it('takes each step as the server does, and shows every message once', async () => {
    const conversation = store.createConversation('AlwaysConfirm');
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <ServerScope value={BUILT_IN_MOCK}>
          <ConversationView conversationId={conversation.info.id} />
        </ServerScope>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(connection()).toBe('open'));

    // Sent: the agent asks before each of its two actions, and runs each once approved.
    await send('Clean up');
    const ran = () => conversation.events.filter((event) => event.kind === 'ObservationEvent').length;
    let approved = 0;
    for (;;) {
      await waitFor(() => expect(['waiting_for_confirmation', 'finished']).toContain(status()));
      if (status() === 'finished') break;
      const pending = await screen.findByRole('group', { name: 'Pending actions' });
      const approve = await within(pending).findByRole('button', { name: 'Approve' });
      await act(async () => fireEvent.click(approve));
      approved += 1;
      await waitFor(() => expect(ran()).toBe(approved));
    }
    expect(approved).toBe(2);

    // Stopped: a slow run is interrupted, and the screen says paused.
    mock.agent.timing = { tokenMs: 200, toolMs: 5_000 };
    store.setStatus(conversation, 'idle');
    conversation.info.confirmation_policy = { kind: 'NeverConfirm' };
    await send('Take your time');
    await waitFor(() => expect(status()).toBe('running'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Stop$/ })));
    await waitFor(() => expect(status()).toBe('paused'));

    // Reconnected: the socket is lost and found again, and a message sent after it is answered.
    mock.agent.timing = { tokenMs: 2, toolMs: 20 };
    act(() => mock.dropSockets());
    await waitFor(() => expect(connection()).not.toBe('open'));
    await waitFor(() => expect(connection()).toBe('open'));
    await send('Still there?');
    await waitFor(() => expect(status()).toBe('finished'));

    // Every message the server persisted is on screen once.
    for (const text of ['Clean up', 'Take your time', 'Still there?']) shownOnce(text);
    const persisted = conversation.events.filter(
      (event) => event.kind === 'MessageEvent' && event.source === 'user',
    );
    expect(persisted).toHaveLength(3);
  }, 60_000);
});
