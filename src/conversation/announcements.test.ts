import { describe, expect, it } from 'vitest';
import {
  EventClock,
  agentMessage,
  fileEditAction,
  terminalAction,
  terminalObservation,
} from '../../mocks/events';
import { announceEvent, announceStatus } from './announcements';

const clock = new EventClock(Date.UTC(2026, 10, 22), 'test');

describe('announcements', () => {
  it('says what a tool does and how it ended, in a short phrase', () => {
    const run = terminalAction(clock, 'npm test -- --watch=false');
    expect(announceEvent(run)).toBe('Running npm test -- --watch=false.');
    expect(announceEvent(terminalObservation(clock, run, 'x'.repeat(5000), 1))).toBe(
      'terminal finished with an error (exit code 1).',
    );
    expect(announceEvent(fileEditAction(clock, '/w/src/app.ts', 'a', 'b'))).toBe('Editing app.ts.');
  });

  it('reads the first 150 characters of a reply, and nothing of what the user wrote', () => {
    const long = `Done. ${'word '.repeat(100)}`;
    const said = announceEvent(agentMessage(clock, long))!;
    expect(said.startsWith('The agent replied: Done. word')).toBe(true);
    expect(said.length).toBeLessThanOrEqual('The agent replied: '.length + 150);
  });

  it('tells the status changes seen live, not the first status learnt', () => {
    expect(announceStatus(undefined, 'running')).toBeUndefined();
    expect(announceStatus('idle', 'running')).toBe('The agent started working.');
    expect(announceStatus('running', 'waiting_for_confirmation')).toBe('The agent waits for your approval.');
    expect(announceStatus('waiting_for_confirmation', 'running')).toBeUndefined();
    expect(announceStatus('running', 'finished')).toBeUndefined();
  });
});
