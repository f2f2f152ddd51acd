import { describe, expect, it } from 'vitest';
import {
  EventClock,
  agentMessage,
  conversationError,
  statusUpdate,
  terminalAction,
  terminalObservation,
  userMessage,
} from '../../../mocks/events';
import type { ServerEvent } from '../../agent-server/protocol';
import { projectEvents } from '../projection';
import { ANSWER_REQUEST } from './answerRequest';
import { missedMessageId } from './missedMessages';

const clock = () => new EventClock(Date.UTC(2026, 10, 27, 9), 'm');

/** The rule's verdict on a log that ends with the persisted status `finished` (added, unless it holds one). */
const missed = (events: ServerEvent[], ...status: [Parameters<typeof missedMessageId>[1]] | []) => {
  const persisted = events.some((event) => event.kind === 'ConversationStateUpdateEvent')
    ? events
    : [...events, statusUpdate(new EventClock(Date.UTC(2026, 10, 27, 10), 'end'), 'finished')];
  return missedMessageId(projectEvents(persisted), status.length ? status[0] : 'finished');
};

describe('a message the run ended without answering', () => {
  it('is the newest user message with nothing of the agent’s after it, once the run finished', () => {
    const c = clock();
    const first = userMessage(c, 'Fix the parser');
    const answer = agentMessage(c, 'Fixed.');
    const late = userMessage(c, 'Also add a test');
    expect(missed([first, answer, late])).toBe(late.id);
    // Whatever the order the events came in.
    expect(missed([late, answer, first])).toBe(late.id);
  });

  it('is not one the agent answered, by a message or by a step', () => {
    const c = clock();
    const ask = userMessage(c, 'List the files');
    expect(missed([ask, agentMessage(c, 'Here they are.')])).toBeUndefined();
    const c2 = clock();
    const ask2 = userMessage(c2, 'List the files');
    const ls = terminalAction(c2, 'ls');
    expect(missed([ask2, ls, terminalObservation(c2, ls, 'a.py')])).toBeUndefined();
  });

  it('is not judged while a run may still take it, nor after a stop or an error that says why', () => {
    const c = clock();
    const events = [agentMessage(c, 'Hello'), userMessage(c, 'Go on')];
    for (const status of [
      'running',
      'waiting_for_confirmation',
      'paused',
      'idle',
      'error',
      undefined,
    ] as const)
      expect(missed(events, status)).toBeUndefined();
    const c2 = clock();
    const withError = [
      userMessage(c2, 'Go on'),
      conversationError(c2, 'LLMError', 'The model failed.', undefined),
    ];
    expect(missed(withError)).toBeUndefined();
  });

  it('is not a message persisted after the run finished: the server runs that one', () => {
    const c = clock();
    const events = [
      userMessage(c, 'Fix the parser'),
      agentMessage(c, 'Fixed.'),
      statusUpdate(c, 'finished'),
      userMessage(c, 'Now the tests'),
    ];
    expect(missed(events)).toBeUndefined();
    // Persisted before the status said finished: the run ended without it.
    const c2 = clock();
    const raced: ServerEvent[] = [
      userMessage(c2, 'Fix the parser'),
      agentMessage(c2, 'Fixed.'),
      userMessage(c2, 'Now the tests'),
    ];
    raced.push(statusUpdate(c2, 'finished'));
    expect(missed(raced)).toBe(raced[2]!.id);
  });

  it('is judged on a finished the log holds, never on one read over REST before the answer came', () => {
    // A silent socket's check reads the status over REST: it can say finished while the socket
    // has yet to bring the run's last events (the answer among them).
    const c = clock();
    const ask = userMessage(c, 'Clean the build');
    const running = statusUpdate(c, 'running');
    const answer = agentMessage(c, 'Done.');
    const finished = statusUpdate(c, 'finished');
    expect(missedMessageId(projectEvents([ask, running]), 'finished')).toBeUndefined();
    expect(missedMessageId(projectEvents([ask, running, answer, finished]), 'finished')).toBeUndefined();
    // The log holds the finished status and no answer before it: missed.
    expect(missedMessageId(projectEvents([ask, running, finished]), 'finished')).toBe(ask.id);
  });

  it('is never Tether’s own request: at most one request per message', () => {
    const c = clock();
    const events = [userMessage(c, 'Also add a test'), userMessage(c, ANSWER_REQUEST)];
    expect(missed(events)).toBeUndefined();
  });
});
