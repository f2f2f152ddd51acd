import { describe, expect, it } from 'vitest';
import { BUDGET_TAG, hasLimitTags, STEPS_TAG, STOPS_TAG, stopsTagOf } from './limitTags';
import { readLimitForm } from './limitForm';
import { tagsOf } from '../conversationTags';
import { limitReached, limitsOf, parseLimit, stopsOf, withLimits, withStop } from './runLimits';

const uuid = (n: number) => `5f0c6a3e-1b2d-4c5e-8f9a-${String(n).padStart(12, '0')}`;

describe('a conversation’s limits, kept in its tags', () => {
  it('reads a budget and a step limit, and nothing from tags that are not positive numbers', () => {
    expect(limitsOf({ [BUDGET_TAG]: '2.5', [STEPS_TAG]: '40' })).toEqual({ budget: 2.5, steps: 40 });
    expect(limitsOf({ [BUDGET_TAG]: '0', [STEPS_TAG]: '-3' })).toEqual({});
    expect(limitsOf({ [BUDGET_TAG]: 'lots', [STEPS_TAG]: '' })).toEqual({});
    expect(limitsOf({ [BUDGET_TAG]: '1e3' })).toEqual({});
    expect(tagsOf({ tags: { a: 'x', b: 3, c: null } })).toEqual({ a: 'x' });
    expect(tagsOf({ tags: 'nope' })).toEqual({});
  });

  it('writes limits in place of the old ones and keeps every other tag', () => {
    const tags = { team: 'red', [BUDGET_TAG]: '1', [STEPS_TAG]: '10' };
    expect(withLimits(tags, { budget: 3 })).toEqual({ team: 'red', [BUDGET_TAG]: '3' });
    expect(withLimits(tags, {})).toEqual({ team: 'red' });
    // Every key the server accepts: lowercase letters and digits only.
    for (const key of Object.keys(withLimits({}, { budget: 1, steps: 2 })))
      expect(key).toMatch(/^[a-z0-9]+$/);
  });

  it('says whether an info holds limits, without reading them', () => {
    expect(hasLimitTags({ tags: { [STEPS_TAG]: '5' } })).toBe(true);
    expect(hasLimitTags({ tags: { team: 'red' } })).toBe(false);
    expect(hasLimitTags({})).toBe(false);
    expect(stopsTagOf({ tags: { [STOPS_TAG]: 'b:1:1:x' } })).toBe('b:1:1:x');
    expect(stopsTagOf({ tags: { [STOPS_TAG]: '' } })).toBeUndefined();
  });

  it('reads what a person typed: dollars with a point or a comma, whole steps, empty for none', () => {
    expect(parseLimit('2.50', 'budget')).toBe(2.5);
    expect(parseLimit(' 2,50 ', 'budget')).toBe(2.5);
    expect(parseLimit('.5', 'budget')).toBe(0.5);
    expect(parseLimit('', 'budget')).toBeUndefined();
    expect(parseLimit('0', 'budget')).toBe('invalid');
    expect(parseLimit('$2', 'budget')).toBe('invalid');
    expect(parseLimit('12.5', 'steps')).toBe('invalid');
    expect(parseLimit('40', 'steps')).toBe(40);
    const form = (budget: string, steps: string) => {
      const data = new FormData();
      data.set('budget', budget);
      data.set('steps', steps);
      return data;
    };
    expect(readLimitForm(form('abc', '40'))).toEqual({ ok: false, errors: { budget: true, steps: false } });
    expect(readLimitForm(form('', ''))).toEqual({ ok: true, limits: {} });
    expect(readLimitForm(form('1', '3'))).toEqual({ ok: true, limits: { budget: 1, steps: 3 } });
    expect(readLimitForm(new FormData())).toEqual({ ok: true, limits: {} });
  });

  it('is reached at the limit itself, the budget first', () => {
    const limits = { budget: 0.4, steps: 3 };
    expect(limitReached(limits, { cost: 0.39, steps: 2 })).toBeUndefined();
    expect(limitReached(limits, { cost: 0.4, steps: 3 })).toEqual({
      kind: 'budget',
      reached: 0.4,
      limit: 0.4,
    });
    expect(limitReached(limits, { cost: 0.1, steps: 3 })).toEqual({ kind: 'steps', reached: 3, limit: 3 });
    expect(limitReached({}, { cost: 100, steps: 100 })).toBeUndefined();
  });

  it('keeps the newest stops that fit one tag value, each once', () => {
    let tags = {};
    for (let n = 1; n <= 6; n++)
      tags = withStop(tags, {
        kind: n % 2 ? 'budget' : 'steps',
        reached: n + 0.123456789,
        limit: n,
        eventId: uuid(n),
      });
    tags = withStop(tags, { kind: 'steps', reached: 6, limit: 6, eventId: uuid(6) });
    const stops = stopsOf(tags);
    expect(stops.map((stop) => stop.eventId)).toEqual([uuid(3), uuid(4), uuid(5), uuid(6)]);
    expect(stops[0]).toEqual({ kind: 'budget', reached: 3.123457, limit: 3, eventId: uuid(3) });
    expect((tags as Record<string, string>)[STOPS_TAG]!.length).toBeLessThanOrEqual(256);
  });

  it('leaves out a stop that does not read', () => {
    expect(stopsOf({ [STOPS_TAG]: 'x:1:2:e1;b:NaN:1:e2;s:3:3:;b:0.5:0.4:e3' })).toEqual([
      { kind: 'budget', reached: 0.5, limit: 0.4, eventId: 'e3' },
    ]);
  });
});
