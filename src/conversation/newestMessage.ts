import { contentText, isRecord } from '../agent-server/protocol';
import { readAction } from '../agent-server/toolActions';
import type { RowReader } from './rowReader';

// The newest words of one side on the branch shown, read from the end back without building a
// row: the person's newest request (a commit's subject, a plan's context) and the agent's newest
// answer, a message or its finish tool's message (a turn's last call).

export function newestMessageText(rows: RowReader, source: 'user' | 'agent'): string | undefined {
  for (let index = rows.rowOrder.length - 1; index >= 0; index--) {
    const calls = source === 'agent' ? rows.turnCallsAt(index) : undefined;
    for (let call = (calls?.length ?? 0) - 1; call >= 0; call--) {
      const action = readAction(calls![call]!.action?.action);
      if (action?.tool === 'finish') return action.message;
    }
    const event = rows.eventOf(rows.rowOrder[index]!);
    if (event?.kind !== 'MessageEvent' || event.source !== source) continue;
    return contentText(event.llm_message?.content);
  }
  return undefined;
}

/** The agent's words in one event as the server sends it: a message, or its finish tool's message. */
export function agentAnswerText(event: unknown): string | undefined {
  if (!isRecord(event)) return undefined;
  if (event.kind === 'MessageEvent' && event.source === 'agent')
    return contentText(isRecord(event.llm_message) ? event.llm_message.content : undefined);
  const action = event.kind === 'ActionEvent' ? readAction(event.action) : undefined;
  return action?.tool === 'finish' ? action.message : undefined;
}
