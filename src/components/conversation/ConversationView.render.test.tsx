import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setupServer } from 'msw/node';
import type { ComponentProps, ReactNode } from 'react';
import { MockAgentServer } from '../../../mocks/handlers';
import { SEEDED, seedStore } from '../../../mocks/fixtures';
import { MockStore } from '../../../mocks/store';
import {
  agentMessage,
  statsUpdate,
  statusUpdate,
  terminalAction,
  terminalObservation,
} from '../../../mocks/events';
import { ConversationView } from '../ConversationView';
import { ServerScope } from '../servers/serverScope';
import { loadHighlighter } from '../markdown/lazySyntaxHighlight';
import { BUILT_IN_MOCK } from '../../agent-server/servers';
import { layOutTranscript } from './testing/jsdomLayout';

// What a streamed answer makes React draw: the live footer, and nothing else. The parts of the
// screen are wrapped in React's <Profiler>, which counts the commits that reach into them; the whole
// view runs on the built-in mock agent-server (its REST and socket handlers in Node), as in the
// browser.

const renders = vi.hoisted(() => ({ header: 0, banners: 0, history: 0, composer: 0, row: 0, footer: 0 }));
type Part = keyof typeof renders;

/** `Component` drawn inside a <Profiler> that counts each commit reaching it under `part`. */
async function profiled<P extends object>(part: Part, Component: (props: P) => ReactNode) {
  const { Profiler, createElement } = await import('react');
  return (props: P) =>
    createElement(
      Profiler,
      { id: part, onRender: () => void renders[part]++ },
      createElement(Component, props),
    );
}

/** A memoised component with the Profiler inside its memo: a render the memo skips is not counted. */
async function profiledMemo<P extends object>(part: Part, component: unknown) {
  const { memo } = await import('react');
  const memoised = component as { type: (props: P) => ReactNode; compare?: (a: P, b: P) => boolean };
  return memo(await profiled(part, memoised.type), memoised.compare);
}

vi.mock('./ConversationHeader', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./ConversationHeader')>();
  return { ConversationHeader: await profiledMemo('header', actual.ConversationHeader) };
});
vi.mock('./ConversationBanners', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./ConversationBanners')>();
  return { ConversationBanners: await profiledMemo('banners', actual.ConversationBanners) };
});
// The live footer is drawn inside the list's scroller, so a Profiler around the list would count
// the footer's commits too: the list counts its own renders instead.
vi.mock('../ChatHistory', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../ChatHistory')>();
  return {
    ChatHistory: (props: ComponentProps<typeof actual.ChatHistory>) => {
      renders.history++;
      return actual.ChatHistory(props);
    },
  };
});
vi.mock('../Composer', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../Composer')>();
  return { Composer: await profiledMemo('composer', actual.Composer) };
});
vi.mock('../ChatRow', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../ChatRow')>();
  const { memo } = await import('react');
  // ChatRow is memoised: the Profiler goes inside the memo, so a row it skips is not counted.
  const memoised = actual.ChatRow as unknown as {
    type: (props: ComponentProps<typeof actual.ChatRow>) => ReactNode;
    compare?: (a: object, b: object) => boolean;
  };
  return { ...actual, ChatRow: memo(await profiled('row', memoised.type), memoised.compare) };
});
vi.mock('../LiveFooter', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../LiveFooter')>();
  return { LiveFooter: await profiled('footer', actual.LiveFooter) };
});

const store = new MockStore(() => new Date(), window.localStorage);
seedStore(store);
store.sealSeeds();
const mock = new MockAgentServer(store, { sessionSocket: true });
const server = setupServer(...mock.handlers());
const infoReads: string[] = [];
server.events.on('request:start', ({ request }) => {
  const path = new URL(request.url).pathname;
  if (request.method === 'GET' && path === `/api/conversations/${SEEDED.parser}`) infoReads.push(path);
});

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'bypass' });
  layOutTranscript({ scrollerHeight: 800, rowHeight: 60 });
});
afterEach(cleanup);
afterAll(() => server.close());

const macrotask = () => new Promise((resolve) => setTimeout(resolve, 0));

// Opening runs the whole view with the mock in Node: on a loaded machine its first render took
// more than the library's one second to find. Each wait still ends as soon as its condition holds.
configure({ asyncUtilTimeout: 10_000 });

describe('an open conversation while the agent streams', () => {
  it('draws only the live footer for 100 deltas, only the transcript for persisted events; opening and a settled run read the info once each', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <ServerScope value={BUILT_IN_MOCK}>
          <ConversationView conversationId={SEEDED.parser} />
        </ServerScope>
      </QueryClientProvider>,
    );
    await screen.findByRole('heading', { name: 'Fix header parsing' });
    await waitFor(() => expect(document.querySelector('[data-connection="open"]')).not.toBeNull());
    await waitFor(() => expect(renders.row).toBeGreaterThan(0));
    // The rows are whole once what they load in the first idle moment is in (their actions, the
    // code highlighter): those commits belong to opening, not to the stream.
    await waitFor(() => expect(document.querySelector('.message-actions')).not.toBeNull());
    await act(loadHighlighter);
    await act(macrotask);
    expect(screen.queryByText(/This event could not be shown/)).toBeNull();

    const conversation = store.get(SEEDED.parser)!;
    const clock = store.clockFor(conversation);
    await act(async () => {
      store.setStatus(conversation, 'running');
      mock.publish(conversation, statusUpdate(clock, 'running'));
      await macrotask();
    });
    await screen.findByText('Running');
    const itemId = clock.next().id;
    await act(async () => {
      mock.progress(conversation, { type: 'item_started', item_id: itemId, attempt: 1, anchor_seq: null });
      await macrotask();
    });
    const before = { ...renders };
    for (let order = 0; order < 100; order++) {
      await act(async () => {
        mock.progress(conversation, {
          type: 'delta',
          item_id: itemId,
          attempt: 1,
          order,
          kind: 'text',
          content: `token${order} `,
        });
        await macrotask();
      });
    }
    await screen.findByText(/token99/);
    expect({
      header: renders.header - before.header,
      banners: renders.banners - before.banners,
      history: renders.history - before.history,
      composer: renders.composer - before.composer,
      finishedRows: renders.row - before.row,
    }).toEqual({ header: 0, banners: 0, history: 0, composer: 0, finishedRows: 0 });
    expect(renders.footer - before.footer).toBeGreaterThan(0);

    // Opening read the info once: that one read gave the header and told HEAD.
    expect(infoReads).toHaveLength(1);

    // Persisted events while it runs: tool calls and answers redraw the transcript, and nothing
    // else (the header, the banners and the composer have facts of their own, which these leave).
    const beforeEvents = { ...renders };
    for (let step = 0; step < 10; step++) {
      const action = terminalAction(clock, `ls step${step}`);
      for (const event of [
        action,
        terminalObservation(clock, action, `file${step}.py`),
        agentMessage(clock, `Step ${step} done.`),
      ])
        await act(async () => {
          mock.publish(conversation, event);
          await macrotask();
        });
    }
    await waitFor(() => expect(document.body.textContent).toContain('ls step9'));
    expect({
      header: renders.header - beforeEvents.header,
      banners: renders.banners - beforeEvents.banners,
      composer: renders.composer - beforeEvents.composer,
    }).toEqual({ header: 0, banners: 0, composer: 0 });
    expect(renders.history - beforeEvents.history).toBeGreaterThan(0);
    // A stats update is the header's (its menu's usage line): the header only.
    const beforeStats = { ...renders };
    await act(async () => {
      mock.publish(conversation, statsUpdate(clock, { usage_to_metrics: {} }));
      await macrotask();
    });
    await waitFor(() => expect(renders.header).toBeGreaterThan(beforeStats.header));
    expect({
      header: renders.header - beforeStats.header,
      banners: renders.banners - beforeStats.banners,
      composer: renders.composer - beforeStats.composer,
    }).toEqual({ header: 1, banners: 0, composer: 0 });

    infoReads.length = 0;
    await act(async () => {
      store.setStatus(conversation, 'finished');
      mock.publish(conversation, statusUpdate(clock, 'finished'));
      await macrotask();
    });
    await screen.findByText('Finished');
    await waitFor(() => expect(infoReads).toHaveLength(1));
    // And no second one: none on its way once the tasks queued by the first have run, and none
    // planned (the conversation has its title, so no re-read for a name is scheduled).
    for (let turn = 0; turn < 3; turn++) await act(macrotask);
    expect(queryClient.isFetching()).toBe(0);
    expect(infoReads).toHaveLength(1);
    // It counts renders, not time: a busy machine (the unit tests beside a journey run) takes
    // near five seconds, Vitest's default limit.
  }, 30_000);
});
