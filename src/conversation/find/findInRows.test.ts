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
import { findInRows, matchCountWords, MATCH_LIMIT } from './findInRows';

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
