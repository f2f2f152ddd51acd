import { describe, expect, it } from 'vitest';
import {
  ANNOUNCEMENTS_KEPT,
  initialLiveState,
  reduceLiveState,
  type LiveState,
  type SessionEvent,
} from './liveState';
import { problemWords } from './problems';
import { speak } from '../../i18n/i18n';
import german from '../../i18n/catalogs/de.json';
import { sendFailureWords, type PendingMessage } from '../outbox';
import english from '../../i18n/catalogs/en.json';
import type { ProgressFrame } from '../streamItems';

const germanKeyRejected = german['session.keyRejected'];

const run = (events: SessionEvent[], from: LiveState = initialLiveState('session')) =>
  events.reduce(reduceLiveState, from);

describe('the live state, changed by named events only', () => {
  it('ends stopping when the run settles, however it ends, and not while it still runs', () => {
    const asked = run([
      { type: 'status changed', status: 'running', source: 'socket' },
      { type: 'stop asked' },
    ]);
    expect(asked.stopping).toBe(true);
    expect(
      reduceLiveState(asked, { type: 'status changed', status: 'waiting_for_confirmation', source: 'socket' })
        .stopping,
    ).toBe(true);
    for (const settled of ['paused', 'finished', 'error', 'idle'] as const)
      expect(
        reduceLiveState(asked, { type: 'status changed', status: settled, source: 'socket' }).stopping,
      ).toBe(false);
  });

  it('keeps the same state object when the status did not change, so nothing redraws', () => {
    const running = run([{ type: 'status changed', status: 'running', source: 'socket' }]);
    expect(reduceLiveState(running, { type: 'status changed', status: 'running', source: 'socket' })).toBe(
      running,
    );
  });

  it('takes one status: a REST read’s only while the socket has told none on this connection', () => {
    const read = run([{ type: 'status changed', status: 'running', source: 'read' }]);
    expect(read).toMatchObject({ status: 'running', statusLive: false });
    const told = run([{ type: 'status changed', status: 'running', source: 'socket' }], read);
    expect(told.statusLive).toBe(true);
    // An older REST answer coming late does not undo what the socket said.
    expect(reduceLiveState(told, { type: 'status changed', status: 'idle', source: 'read' })).toBe(told);
    // After a silent socket, REST has the last word.
    expect(run([{ type: 'status changed', status: 'finished', source: 'silence check' }], told).status).toBe(
      'finished',
    );
    // A connection lost tells nothing any more: the next read counts again.
    const lost = run(
      [
        { type: 'connection changed', connection: { kind: 'reconnecting', attempt: 1, retryAt: 1000 } },
        { type: 'status changed', status: 'paused', source: 'read' },
      ],
      told,
    );
    expect(lost).toMatchObject({ status: 'paused', statusLive: false });
  });

  it('remembers a run it watched end until that end is reviewed, and ends its streams', () => {
    const streaming = run([
      { type: 'status changed', status: 'running', source: 'socket' },
      {
        type: 'progress received',
        frames: [{ type: 'item_started', itemId: 'a', attempt: 0 } as ProgressFrame],
      },
    ]);
    expect(streaming.streams.items).toHaveLength(1);
    const ended = run([{ type: 'status changed', status: 'finished', source: 'socket' }], streaming);
    expect(ended).toMatchObject({ watchedRunEnd: true, streams: { items: [] } });
    expect(run([{ type: 'run end reviewed' }], ended).watchedRunEnd).toBe(false);
    // A finished run read at opening was not watched.
    expect(run([{ type: 'status changed', status: 'finished', source: 'read' }]).watchedRunEnd).toBe(false);
  });

  it('keeps why the socket cannot be used as a fact, said in words, and clears it on Stop', () => {
    const words = (state: LiveState) => state.problem && problemWords(state.problem);
    const refused = run([{ type: 'connection changed', connection: { kind: 'key-rejected' } }]);
    expect(refused.problem).toEqual({ kind: 'key rejected' });
    expect(words(refused)).toMatch(/rejected the session API key \(4001\)/);
    const gone = run([{ type: 'connection changed', connection: { kind: 'gone' } }]);
    expect(words(gone)).toMatch(/does not know this conversation any more \(4004\)/);
    expect(run([{ type: 'stop asked' }], refused).problem).toBeUndefined();
    const failed = run([
      { type: 'stop asked' },
      { type: 'stop failed', error: new Error('The agent-server answered 500.') },
    ]);
    expect(failed.stopping).toBe(false);
    expect(words(failed)).toMatch(/^Stop failed\. /);
  });

  it('says a problem raised in one language in the next one chosen', async () => {
    const refused = run([{ type: 'connection changed', connection: { kind: 'key-rejected' } }]);
    expect(problemWords(refused.problem!)).toMatch(/rejected the session API key/);
    try {
      await speak('de');
      expect(problemWords(refused.problem!)).toBe(germanKeyRejected);
    } finally {
      await speak('en');
    }
  });

  it('keeps a gap that can never be closed, and what the server reported, as facts', () => {
    const words = (state: LiveState) => state.problem && problemWords(state.problem);
    expect(words(run([{ type: 'gap changed', gap: { kind: 'gone' } }]))).toMatch(
      /does not know this conversation/,
    );
    expect(run([{ type: 'gap changed', gap: { kind: 'filling' } }]).problem).toBeUndefined();
    const reported = run([{ type: 'server reported an error', detail: 'bad frame' }]);
    expect(reported.problem).toEqual({ kind: 'server error', detail: 'bad frame' });
    expect(words(reported)).toBe('The agent-server reported an error: bad frame');
  });

  it('counts live replies and keeps the newest announcements only', () => {
    const events: SessionEvent[] = Array.from({ length: ANNOUNCEMENTS_KEPT + 5 }, (_, i) => ({
      type: 'announced',
      announcement: { id: i + 1, text: `said ${i + 1}` },
    }));
    const told = run([...events, { type: 'reply arrived' }, { type: 'reply arrived' }]);
    expect(told.liveReplies).toBe(2);
    expect(told.announcements).toHaveLength(ANNOUNCEMENTS_KEPT);
    expect(told.announcements.at(-1)!.text).toBe(`said ${ANNOUNCEMENTS_KEPT + 5}`);
    expect(told.announcements[0]!.id).toBe(6);
  });
});

describe('the streams and the outbox: parts of the one state, changed by what happened', () => {
  const message = (localId: string, text: string, more: Partial<PendingMessage> = {}): PendingMessage => ({
    localId,
    text,
    images: [],
    sentAt: 10,
    state: 'sent',
    via: 'socket',
    ...more,
  });
  const delta = (itemId: string, content: string, order: number): SessionEvent => ({
    type: 'progress received',
    frames: [{ type: 'delta', itemId, attempt: 0, order, kind: 'text', content } as ProgressFrame],
  });

  it('streams an item, ends it when its event is persisted, and keeps it ended', () => {
    const streaming = run([delta('a', 'Hel', 0), delta('a', 'lo', 1)]);
    expect(streaming.streams.items.map((item) => item.text)).toEqual(['Hello']);
    const persisted = run([{ type: 'event persisted', eventId: 'a' }, delta('a', ' late', 2)], streaming);
    expect(persisted.streams.items).toEqual([]);
    // An event that ends nothing open changes nothing: the same object, no redraw.
    expect(reduceLiveState(persisted, { type: 'event persisted', eventId: 'z' })).toBe(persisted);
    expect(reduceLiveState(persisted, { type: 'streams cut' })).toBe(persisted);
  });

  it.each<[string, PendingMessage[], SessionEvent, string[]]>([
    [
      'an echo replaces the first bubble of the same words not failed',
      [message('1', 'Hi', { state: 'failed' }), message('2', 'Hi')],
      { type: 'message echoed', text: 'Hi', imageCount: 0 },
      ['1 failed'],
    ],
    [
      'an echo with another number of images is another message',
      [message('1', 'Hi', { images: ['data:'] })],
      { type: 'message echoed', text: 'Hi', imageCount: 0 },
      ['1 sent'],
    ],
    [
      'a rejected frame fails the newest socket send only',
      [message('1', 'a'), message('2', 'b'), message('3', 'c', { via: 'rest' })],
      { type: 'send rejected', detail: 'bad frame' },
      ['1 sent', '2 failed', '3 sent'],
    ],
    [
      'sends the server never took, before the replay, fail; later ones wait on',
      [message('1', 'a', { sentAt: 5 }), message('2', 'b', { sentAt: 50 })],
      { type: 'sends unconfirmed', before: 20 },
      ['1 failed', '2 sent'],
    ],
  ])('%s', (_, pending, event, after) => {
    const state = { ...initialLiveState('session'), pending };
    expect(reduceLiveState(state, event).pending.map((m) => `${m.localId} ${m.state}`)).toEqual(after);
  });

  it('marks a lost send to go again once the server is back, unless it already went again', async () => {
    const state = {
      ...initialLiveState('session'),
      pending: [message('1', 'a'), message('2', 'b', { resent: true })],
    };
    const lost = reduceLiveState(state, { type: 'sends unconfirmed', before: 20 });
    expect(lost.pending.map((m) => m.resendWhenBack)).toEqual([true, false]);
    // Why, as a fact: it reads in the language spoken when the bubble is drawn.
    const why = lost.pending[0]!.failure!;
    expect(sendFailureWords(why)).toBe(english['session.unconfirmed']);
    try {
      await speak('de');
      expect(sendFailureWords(why)).toBe(german['session.unconfirmed']);
    } finally {
      await speak('en');
    }
    expect(reduceLiveState(lost, { type: 'sends unconfirmed', before: 20 })).toBe(lost);
  });
});
