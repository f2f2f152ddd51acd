import { describe, expect, it } from 'vitest';
import type { ConversationInfo, ExecutionStatus } from '../../agent-server/protocol';
import { GLIMPSE_WITHIN_MS, needsYouCount, placeOnBoard, wantsGlimpse } from './boardColumns';
import type { Glimpse } from './glimpse';

const UPDATED = '2026-11-29T10:00:00Z';
const info = (status: ExecutionStatus, updated_at = UPDATED): ConversationInfo => ({
  id: 'c',
  execution_status: status,
  created_at: '2026-11-29T09:00:00Z',
  updated_at,
});
const glimpse = (facts: Partial<Glimpse> = {}, readAt = UPDATED): Glimpse => ({
  readAt,
  edited: false,
  ...facts,
});
const BEFORE = '2026-11-29T09:30:00Z';
const AFTER = '2026-11-29T10:00:00Z';

describe('the board’s columns', () => {
  it('hold a plan that waits for an answer, and a run Tether stopped at a limit, as needing you', () => {
    const planning = { ...info('finished'), tags: { tetherplan: 'planning' } };
    expect(placeOnBoard(planning, undefined, AFTER)).toEqual({ column: 'needsYou', reason: 'plan' });
    expect(placeOnBoard({ ...planning, execution_status: 'running' }, undefined, undefined).column).toBe(
      'working',
    );
    expect(placeOnBoard({ ...planning, tags: { tetherplan: 'approved:b' } }, undefined, AFTER).reason).toBe(
      'finishedSeen',
    );
    const stopped = { ...info('paused'), tags: { tetherstops: 'b:0.5:0.4:i-2' } };
    expect(placeOnBoard(stopped, glimpse({ stop: { eventId: 'i-2' } }), undefined)).toEqual({
      column: 'needsYou',
      reason: 'limit',
      eventId: 'i-2',
    });
    // A newer stop (the person's) or none at the end: paused, like any other.
    expect(placeOnBoard(stopped, glimpse({ stop: { eventId: 'i-3' } }), undefined).reason).toBe('paused');
    expect(placeOnBoard(stopped, glimpse(), undefined).reason).toBe('paused');
    // Read even once seen: the stop may still wait for its limit to be raised.
    expect(wantsGlimpse(stopped, undefined, AFTER, Date.parse(UPDATED))).toBe(true);
    expect(wantsGlimpse(info('paused'), undefined, AFTER, Date.parse(UPDATED))).toBe(false);
  });

  it('follow the server’s status where it tells', () => {
    expect(placeOnBoard(info('waiting_for_confirmation'), undefined, undefined)).toEqual({
      column: 'needsYou',
      reason: 'approval',
    });
    expect(placeOnBoard(info('error'), undefined, undefined).column).toBe('needsYou');
    expect(placeOnBoard(info('stuck'), undefined, undefined).column).toBe('needsYou');
    expect(placeOnBoard(info('running'), glimpse({ question: { eventId: 'q' } }), undefined).column).toBe(
      'working',
    );
    expect(placeOnBoard(info('paused'), undefined, undefined)).toEqual({ column: 'idle', reason: 'paused' });
    expect(placeOnBoard(info('idle'), undefined, undefined)).toEqual({ column: 'idle', reason: 'idle' });
  });

  it('point at the event that waits, asks or failed', () => {
    const pending = glimpse({ pending: { eventId: 'a1', tool: 'terminal', what: 'ls' } });
    expect(placeOnBoard(info('waiting_for_confirmation'), pending, undefined).eventId).toBe('a1');
    const asked = glimpse({ question: { eventId: 'm1' } });
    expect(placeOnBoard(info('finished'), asked, undefined)).toEqual({
      column: 'needsYou',
      reason: 'asked',
      eventId: 'm1',
    });
  });

  it('give the server’s limits and a refused key their own reasons, whatever the status says', () => {
    for (const [code, reason] of [
      ['MaxBudgetReached', 'budget'],
      ['MaxIterationsReached', 'iterations'],
      ['LLMAuthenticationError', 'llmAuth'],
    ] as const) {
      const placed = placeOnBoard(info('finished'), glimpse({ error: { eventId: 'e', code } }), undefined);
      expect(placed).toEqual({ column: 'needsYou', reason, eventId: 'e' });
    }
    expect(
      placeOnBoard(info('error'), glimpse({ error: { eventId: 'e', code: 'Other' } }), undefined),
    ).toEqual({
      column: 'needsYou',
      reason: 'error',
      eventId: 'e',
    });
  });

  it('put a finished run that edited files in Review until the person has looked', () => {
    const edited = glimpse({ edited: true });
    expect(placeOnBoard(info('finished'), edited, undefined).column).toBe('review');
    expect(placeOnBoard(info('finished'), edited, BEFORE).column).toBe('review');
    expect(placeOnBoard(info('finished'), edited, AFTER)).toEqual({ column: 'done', reason: 'finishedSeen' });
    expect(placeOnBoard(info('finished'), glimpse(), undefined)).toEqual({
      column: 'done',
      reason: 'finished',
    });
    // A question seen is no longer waiting for the person.
    expect(placeOnBoard(info('idle'), glimpse({ question: { eventId: 'q' } }), AFTER).column).toBe('idle');
  });

  it('never use a glimpse read before the conversation last changed', () => {
    const stale = glimpse({ edited: true, question: { eventId: 'q' } }, BEFORE);
    expect(placeOnBoard(info('finished'), stale, undefined)).toEqual({
      column: 'done',
      reason: 'finishedUnread',
    });
  });

  it('count what needs the person', () => {
    expect(
      needsYouCount([
        placeOnBoard(info('waiting_for_confirmation'), undefined, undefined),
        placeOnBoard(info('running'), undefined, undefined),
        placeOnBoard(info('error'), undefined, undefined),
      ]),
    ).toBe(2);
  });
});

describe('which conversations the board reads the newest events of', () => {
  const now = Date.parse(UPDATED) + 60_000;
  it('none that runs, none already read as it is, none seen since it changed', () => {
    expect(wantsGlimpse(info('running'), undefined, undefined, now)).toBe(false);
    expect(wantsGlimpse(info('finished'), glimpse(), undefined, now)).toBe(false);
    expect(wantsGlimpse(info('finished'), undefined, AFTER, now)).toBe(false);
    expect(wantsGlimpse(info('finished'), undefined, BEFORE, now)).toBe(true);
    expect(wantsGlimpse(info('finished'), glimpse({}, BEFORE), undefined, now)).toBe(true);
  });

  it('old ones only when they wait or failed', () => {
    const later = Date.parse(UPDATED) + GLIMPSE_WITHIN_MS + 1;
    expect(wantsGlimpse(info('finished'), undefined, undefined, later)).toBe(false);
    expect(wantsGlimpse(info('waiting_for_confirmation'), undefined, AFTER, later)).toBe(true);
    expect(wantsGlimpse(info('error'), undefined, undefined, later)).toBe(true);
  });
});
