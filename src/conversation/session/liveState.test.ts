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

const germanKeyRejected = german['session.keyRejected'];

const run = (events: SessionEvent[], from: LiveState = initialLiveState('session')) =>
  events.reduce(reduceLiveState, from);

describe('the live state, changed by named events only', () => {
  it('ends stopping when the run settles, however it ends, and not while it still runs', () => {
    const asked = run([{ type: 'status changed', status: 'running' }, { type: 'stop asked' }]);
    expect(asked.stopping).toBe(true);
    expect(
      reduceLiveState(asked, { type: 'status changed', status: 'waiting_for_confirmation' }).stopping,
    ).toBe(true);
    for (const settled of ['paused', 'finished', 'error', 'idle'] as const)
      expect(reduceLiveState(asked, { type: 'status changed', status: settled }).stopping).toBe(false);
  });

  it('keeps the same state object when the status did not change, so nothing redraws', () => {
    const running = run([{ type: 'status changed', status: 'running' }]);
    expect(reduceLiveState(running, { type: 'status changed', status: 'running' })).toBe(running);
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
