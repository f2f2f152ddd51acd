import { describe, expect, it } from 'vitest';
import { EventClock, terminalAction, terminalObservation, userReject } from '../../../mocks/events';
import type { ServerEvent } from '../../agent-server/protocol';
import { ConversationProjection } from '../projection';
import { watchTerminal } from './terminalLog';

// The Terminal tab's content, fed through the projection as the app feeds it.

const clock = () => new EventClock(Date.UTC(2026, 10, 1, 9), 't');

describe('the agent’s commands in order', () => {
  it('keeps them in the order they ran, whatever order they arrive in, each with its output', () => {
    const c = clock();
    const ls = terminalAction(c, 'ls');
    const lsOut = terminalObservation(c, ls, 'README.md\nsrc', 0);
    const test = terminalAction(c, 'npm test');
    const testOut = terminalObservation(c, test, '\u001b[31m1 failed\u001b[0m', 1);
    const rm = terminalAction(c, 'rm -rf build');
    const rejected = userReject(c, rm, 'Keep the build folder.');
    const running = terminalAction(c, 'sleep 600');
    const projection = new ConversationProjection();
    // The newer page first, a result before its command, then the older page; the tab opens
    // between the two.
    projection.apply([testOut, rm, rejected, running] as ServerEvent[]);
    const { log } = watchTerminal(projection.reports);
    projection.apply([test, ls, lsOut] as ServerEvent[]);
    expect(
      log.entries.map(({ command, output, exitCode, refusal }) => ({
        command,
        output,
        exitCode,
        refusal,
      })),
    ).toEqual([
      { command: 'ls', output: 'README.md\nsrc', exitCode: 0, refusal: undefined },
      { command: 'npm test', output: '\u001b[31m1 failed\u001b[0m', exitCode: 1, refusal: undefined },
      {
        command: 'rm -rf build',
        output: undefined,
        exitCode: undefined,
        refusal: { kind: 'rejected', reason: 'Keep the build folder.' },
      },
      { command: 'sleep 600', output: undefined, exitCode: undefined, refusal: undefined },
    ]);
  });

  it('hands out the same list until something changes', () => {
    const c = clock();
    const projection = new ConversationProjection();
    const { log, stop } = watchTerminal(projection.reports);
    const ls = terminalAction(c, 'ls');
    projection.apply([ls]);
    const before = log.entries;
    expect(log.entries).toBe(before);
    projection.apply([terminalObservation(c, ls, 'x', 0)]);
    expect(log.entries).not.toBe(before);
    expect(log.entries[0]!.output).toBe('x');
    // Once stopped (the tab closed), it is no longer fed.
    stop();
    projection.apply([terminalAction(c, 'pwd')]);
    expect(log.entries).toHaveLength(1);
  });
});
