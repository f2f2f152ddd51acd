import { describe, expect, it } from 'vitest';
import { ConversationEventLog } from '../eventLog';
import { rowReaderOf } from '../rowReader';
import { newestStopEventId, stepsSinceRunBegan } from './runRows';

let clock = 0;
const next = () => `2026-11-29T10:00:${String(clock++).padStart(2, '0')}Z`;
const user = (id: string) => ({
  kind: 'MessageEvent',
  id,
  source: 'user',
  timestamp: next(),
  llm_message: { role: 'user', content: [{ type: 'text', text: 'Do it' }] },
});
const answer = (id: string) => ({
  kind: 'MessageEvent',
  id,
  source: 'agent',
  timestamp: next(),
  llm_message: { role: 'assistant', content: [{ type: 'text', text: 'Done' }] },
});
/** One model call that asked for two tools at once: one step. */
const turn = (id: string) => {
  const timestamp = next();
  return [1, 2].map((n) => ({
    kind: 'ActionEvent',
    id: `${id}-${n}`,
    source: 'agent',
    timestamp,
    llm_response_id: id,
    tool_name: 'terminal',
    tool_call_id: `${id}-call-${n}`,
    action: { kind: 'TerminalAction', command: 'ls' },
  }));
};
const interrupt = (id: string) => ({ kind: 'InterruptEvent', id, source: 'environment', timestamp: next() });

/** The rows of a log holding these events, as the watch reads them. */
function rows(...events: object[]) {
  const log = new ConversationEventLog();
  log.ingest(events.flat());
  return Object.assign(rowReaderOf(log), { log });
}

describe('what a run’s limits read from the rows', () => {
  it('counts each model call since the person’s message once, whatever it asked for', () => {
    expect(stepsSinceRunBegan(rows(user('u1'), turn('r1'), turn('r2'), answer('m1')))).toBe(3);
    expect(stepsSinceRunBegan(rows(turn('r0'), user('u1'), turn('r1')))).toBe(1);
    expect(stepsSinceRunBegan(rows())).toBe(0);
  });

  it('counts anew after a stop: Continue begins another run', () => {
    const projection = rows(user('u1'), turn('r1'), turn('r2'), interrupt('i1'), turn('r3'));
    expect(stepsSinceRunBegan(projection)).toBe(1);
    expect(newestStopEventId(projection)).toBe('i1');
    expect(newestStopEventId(rows(user('u1'), turn('r1')))).toBeUndefined();
    // Read through the calls and events, not the rows: none is built for it.
    expect(projection.log.projection.rowsBuilt).toBe(0);
  });
});
