import { describe, expect, it } from 'vitest';
import type { ServerEvent } from '../agent-server/protocol';
import { newestMessageText } from './newestMessage';
import type { RowReader } from './rowReader';
import type { ToolCall } from './toolCalls';

const message = (id: string, source: 'user' | 'agent', text: string) =>
  ({
    id,
    kind: 'MessageEvent',
    source,
    llm_message: { role: source, content: [{ type: 'text', text }] },
  }) as unknown as ServerEvent;
const finish = (id: string, text: string): ToolCall =>
  ({
    toolCallId: id,
    action: { kind: 'ActionEvent', id, tool_name: 'finish', action: { kind: 'FinishAction', message: text } },
    outcomes: [],
  }) as unknown as ToolCall;

/** Rows as the projection gives them: event rows by their event's id, turns by their calls. */
function rows(...items: (ServerEvent | ToolCall[])[]): RowReader {
  const keys = items.map((item, index) => (Array.isArray(item) ? `turn-${index}` : item.id));
  return {
    rowOrder: keys,
    turnCallsAt: (index) => {
      const item = items[index];
      return Array.isArray(item) ? item : undefined;
    },
    eventOf: (key) => items.find((item): item is ServerEvent => !Array.isArray(item) && item.id === key),
  };
}

describe('the newest words of a side', () => {
  it('reads the newest request, and the newest answer whether a message or the finish tool’s', () => {
    const log = rows(message('u1', 'user', 'Fix it'), message('a1', 'agent', 'Looking'), [
      finish('f1', 'Fixed.'),
    ]);
    expect(newestMessageText(log, 'user')).toBe('Fix it');
    expect(newestMessageText(log, 'agent')).toBe('Fixed.');
    const later = rows(
      message('u1', 'user', 'Fix it'),
      [finish('f1', 'Fixed.')],
      message('u2', 'user', 'Thanks'),
      message('a2', 'agent', 'Welcome'),
    );
    expect(newestMessageText(later, 'user')).toBe('Thanks');
    expect(newestMessageText(later, 'agent')).toBe('Welcome');
  });

  it('has none where the side has not spoken', () => {
    expect(newestMessageText(rows(message('u1', 'user', 'Fix it')), 'agent')).toBeUndefined();
    expect(newestMessageText(rows(), 'user')).toBeUndefined();
  });
});
