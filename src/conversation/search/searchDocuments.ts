import stripAnsi from 'strip-ansi';
import { asServerEvent, contentText, isRecord } from '../../agent-server/protocol';
import { readAction } from '../../agent-server/toolActions';

// What the search over every kept conversation looks through, one document per thing a person
// would search for: what was said (messages, answers, thinking), the commands run, what they
// printed, edits by their path, and each conversation's title. Pure.

export type SearchKind = 'title' | 'message' | 'command' | 'output';

export interface SearchDocument {
  /** Unique over every server: server, conversation and event (or `title`). */
  id: string;
  server: string;
  conversation: string;
  /** The event to open at; absent for a title. */
  eventId: string | undefined;
  kind: SearchKind;
  text: string;
}

/** Outputs can be megabytes: what is searched of one is its start, which is what people look for. */
export const OUTPUT_SEARCHED = 4_000;

export const documentId = (server: string, conversation: string, part: string) =>
  `${server}\u0000${conversation}\u0000${part}`;

export function titleDocument(server: string, conversation: string, title: string): SearchDocument {
  return {
    id: documentId(server, conversation, 'title'),
    server,
    conversation,
    eventId: undefined,
    kind: 'title',
    text: title,
  };
}

export function eventDocuments(server: string, conversation: string, raw: unknown): SearchDocument[] {
  const event = asServerEvent(raw);
  if (!event) return [];
  const make = (kind: SearchKind, text: string, part = event.id): SearchDocument[] =>
    text.trim()
      ? [
          {
            id: documentId(server, conversation, part),
            server,
            conversation,
            eventId: event.id,
            kind,
            text: text.trim(),
          },
        ]
      : [];
  // The gate checked only the id, the kind and the timestamp: each field is read as it may have
  // come, never as its type promises.
  switch (event.kind) {
    case 'MessageEvent': {
      const sent: unknown = event.llm_message;
      const message = isRecord(sent) ? sent : {};
      const reasoning = typeof message.reasoning_content === 'string' ? message.reasoning_content : '';
      return make('message', [contentText(message.content), reasoning].filter(Boolean).join('\n'));
    }
    case 'ActionEvent': {
      const action = readAction(event.action);
      const thoughts: unknown = event.thought;
      const thought = Array.isArray(thoughts) ? contentText(thoughts) : '';
      const said = make('message', thought, `${event.id}#thought`);
      switch (action?.tool) {
        case 'terminal':
          return [...said, ...make('command', action.command)];
        case 'file-edit':
          return [...said, ...make('command', `${action.command} ${action.path}`)];
        case 'finish':
          return [...said, ...make('message', action.message)];
        case 'think':
          return [...said, ...make('message', action.thought)];
        case 'sub-agent':
          return [...said, ...make('message', action.prompt)];
        case 'child-conversation':
          return [...said, ...make('message', action.task)];
        default:
          return said;
      }
    }
    case 'ObservationEvent': {
      const observed: unknown = event.observation;
      const observation = isRecord(observed) ? observed : {};
      return make('output', stripAnsi(contentText(observation.content)).slice(0, OUTPUT_SEARCHED));
    }
    case 'AgentErrorEvent':
      return make('output', typeof event.error === 'string' ? event.error : '');
    default:
      return [];
  }
}
