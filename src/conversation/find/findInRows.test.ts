import { describe, expect, it } from 'vitest';
import {
  EventClock,
  agentMessage,
  finishAction,
  finishObservation,
  terminalAction,
  terminalObservation,
  userMessage,
} from '../../../mocks/events';
import { projectEvents } from '../projection';
import {
  chosenFrom,
  currentMatchIndex,
  findInRows,
  matchCountWords,
  MATCH_LIMIT,
  newestMatchAbove,
  type FindMatch,
} from './findInRows';

const clock = () => new EventClock(Date.UTC(2026, 10, 20), 'e');

describe('find in the conversation', () => {
  it('finds, without case, in messages, thinking, commands and whole outputs, oldest first', () => {
    const c = clock();
    const ask = userMessage(c, 'Where is the needle?');
    const run = terminalAction(c, 'grep -rn Needle src', { reasoning: 'Look for the NEEDLE first.' });
    const long = `${'x'.repeat(20_000)} needle at the end`;
    const output = terminalObservation(c, run, long, 0);
    const other = agentMessage(c, 'nothing here');
    const finish = finishAction(c, 'Found the needle.');
    const projection = projectEvents([ask, run, output, other, finish, finishObservation(c, finish)]);
    const matches = findInRows(projection, 'needle');
    expect(matches.map((m) => m.segment.where)).toEqual(['text', 'thinking', 'text', 'output', 'text']);
    expect(matches.map((m) => m.rowIndex)).toEqual([0, 1, 1, 1, 3]);
    const inOutput = matches[3]!;
    expect(inOutput.offset).toBe(20_001);
    expect(inOutput.segment.where === 'output' && inOutput.segment.eventId).toBeTruthy();
  });

  it('finds nothing for an empty query, and stops counting at the limit', () => {
    const c = clock();
    const projection = projectEvents([userMessage(c, 'a '.repeat(MATCH_LIMIT + 50))]);
    expect(findInRows(projection, '  ')).toEqual([]);
    expect(findInRows(projection, 'a')).toHaveLength(MATCH_LIMIT);
    expect(matchCountWords(0, MATCH_LIMIT)).toBe('1 of 1,000+');
    expect(matchCountWords(2, 17)).toBe('3 of 17');
    expect(matchCountWords(0, 0)).toBe('No matches');
  });
});

describe('which match is current', () => {
  const at = (rowIndex: number, rowKey = `row-${rowIndex}`): FindMatch => ({
    rowIndex,
    rowKey,
    segment: { where: 'text', text: 'check module' },
    offset: 0,
  });
  const matches = [at(2), at(5), at(9), at(14)];

  it('starts where the reader is: the first match at or below the top of the view', () => {
    expect(currentMatchIndex(matches, null, 'check', () => 6)).toBe(2);
    expect(currentMatchIndex(matches, null, 'check', () => 5)).toBe(1);
  });

  it('starts at the newest match when the reader is below them all, or the view is not known', () => {
    expect(currentMatchIndex(matches, null, 'check', () => 20)).toBe(3);
    expect(currentMatchIndex(matches, null, 'check', () => undefined)).toBe(3);
  });

  it('keeps the match the person had when older rows come in above it', () => {
    const chosen = chosenFrom('check', matches[1]!);
    // A page of older rows: every index moves down by 10, and an older match comes first.
    const after = [at(0, 'older'), ...matches.map((match) => ({ ...match, rowIndex: match.rowIndex + 10 }))];
    expect(currentMatchIndex(after, chosen, 'check', () => 0)).toBe(2);
  });

  it('starts again from the view for a new query, or when the match it had is gone', () => {
    const chosen = chosenFrom('chec', matches[0]!);
    expect(currentMatchIndex(matches, chosen, 'check', () => 9)).toBe(2);
    const gone = chosenFrom('check', at(3, 'gone'));
    expect(currentMatchIndex(matches, gone, 'check', () => 9)).toBe(2);
    expect(currentMatchIndex([], gone, 'check', () => 9)).toBe(0);
  });
});

describe('newestMatchAbove', () => {
  const match = (rowIndex: number, rowKey: string) =>
    ({ rowIndex, rowKey, segment: { where: 'text', text: '' }, offset: 0 }) as unknown as FindMatch;

  it('lands on the newest match among the rows that came in above the old first row', () => {
    const rowOrder = ['a', 'b', 'c', 'd', 'e'];
    const matches = [match(0, 'a'), match(1, 'b'), match(3, 'd')];
    // 'c' was the first row before the older pages came in: a and b are new.
    expect(newestMatchAbove(matches, rowOrder, 'c')?.rowKey).toBe('b');
    expect(newestMatchAbove([match(3, 'd')], rowOrder, 'c')).toBeUndefined();
    // No rows before: any match is new.
    expect(newestMatchAbove(matches, rowOrder, undefined)?.rowKey).toBe('d');
  });
});
