// What deserves an alert, from what an agent-server's webhooks post: event batches of one
// conversation (`{base_url}/events/{id}`, every event its subscribers get, the state updates
// among them) and conversation info (`{base_url}/conversations`). An alert is sent when a run's
// state changes to one a person away wants to hear of, once per change: a finished run is one
// alert, however many events its end takes. Pure, so that each rule is tested.

export const ALERT_KINDS = ['approval', 'asked', 'failed', 'finished'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** What a push carries: no word of the conversation, only where to look. */
export interface Alert {
  readonly server: string;
  readonly conversationId: string;
  readonly eventId: string | null;
  readonly kind: AlertKind;
}

type Status = string;

interface Watched {
  status: Status | undefined;
  /** The newest action, the newest words of the agent, the newest error: where an alert points. */
  lastAction: string | null;
  lastWords: { id: string; asks: boolean } | null;
  lastError: string | null;
  /** The last alert sent, so that a second report of the same change sends nothing. */
  lastAlert: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Words that end with a question (?, ？ or ؟), past closing quotes, brackets and emphasis. */
export function asksSomething(words: string): boolean {
  return /[?？؟]$/.test(words.trim().replace(/[\s*_`"'”’)\]]+$/u, ''));
}

function contentText(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .filter(isRecord)
    .map((part) => (part.type === 'text' ? (str(part.text) ?? '') : ''))
    .join('');
}

/** The conversation id as the events route gives it (hex, no dashes) or as the info does. */
export const conversationKey = (id: string) => id.replaceAll('-', '').toLowerCase();

/** The id as Tether's addresses and the server's REST routes write it: a UUID with its dashes. */
export function conversationUuid(id: string): string {
  const hex = conversationKey(id);
  return /^[0-9a-f]{32}$/.test(hex)
    ? `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
    : id;
}

export class AlertRules {
  private watched = new Map<string, Watched>();

  private watch(server: string, conversationId: string): Watched {
    const key = `${server}/${conversationKey(conversationId)}`;
    let watched = this.watched.get(key);
    if (!watched) {
      watched = { status: undefined, lastAction: null, lastWords: null, lastError: null, lastAlert: null };
      this.watched.set(key, watched);
    }
    return watched;
  }

  /** One batch of a conversation's events, in the order the server posted them. */
  events(server: string, conversationId: string, batch: readonly unknown[]): Alert[] {
    const watched = this.watch(server, conversationId);
    const alerts: Alert[] = [];
    for (const event of batch) {
      if (!isRecord(event)) continue;
      const kind = str(event.kind);
      const id = str(event.id) ?? null;
      if (kind === 'ActionEvent') {
        watched.lastAction = id;
        const action = isRecord(event.action) ? event.action : {};
        if (action.kind === 'FinishAction' && id)
          watched.lastWords = { id, asks: asksSomething(str(action.message) ?? '') };
      } else if (kind === 'MessageEvent' && id) {
        const message = isRecord(event.llm_message) ? event.llm_message : {};
        // A person's message starts a run: what the agent said before it was answered.
        watched.lastWords =
          event.source === 'agent' ? { id, asks: asksSomething(contentText(message.content)) } : null;
        if (event.source === 'user') watched.lastError = null;
      } else if (kind === 'ConversationErrorEvent') {
        watched.lastError = id;
        alerts.push(...this.changed(server, conversationId, watched, 'error'));
      } else if (kind === 'ConversationStateUpdateEvent') {
        const status =
          event.key === 'execution_status'
            ? str(event.value)
            : event.key === 'full_state' && isRecord(event.value)
              ? str(event.value.execution_status)
              : undefined;
        if (status) alerts.push(...this.changed(server, conversationId, watched, status));
      }
    }
    return alerts;
  }

  /** Conversation info, posted when a conversation starts, pauses, resumes, changes or goes. */
  info(server: string, info: unknown): Alert[] {
    if (!isRecord(info) || typeof info.id !== 'string') return [];
    const status = str(info.execution_status);
    return status ? this.changed(server, info.id, this.watch(server, info.id), status) : [];
  }

  private changed(server: string, conversationId: string, watched: Watched, status: Status): Alert[] {
    const before = watched.status;
    watched.status = status;
    // An error event can follow another in the same status: each is told, once (lastAlert).
    if (status === before && status !== 'error') return [];
    // First heard of at rest (the relay started after the run, or the server restarted): old news.
    if (before === undefined && (status === 'finished' || status === 'idle')) return [];
    const alert = this.alertFor(status, watched);
    if (!alert) {
      // A run goes on: the next end of a run is news again, and what was said before is answered.
      if (status === 'running') {
        watched.lastAlert = null;
        watched.lastWords = null;
      }
      return [];
    }
    const said = `${alert.kind}:${alert.eventId}`;
    if (watched.lastAlert === said) return [];
    watched.lastAlert = said;
    return [{ server, conversationId: conversationUuid(conversationId), ...alert }];
  }

  private alertFor(status: Status, watched: Watched): Omit<Alert, 'server' | 'conversationId'> | undefined {
    switch (status) {
      case 'waiting_for_confirmation':
        return { kind: 'approval', eventId: watched.lastAction };
      case 'error':
      case 'stuck':
        return { kind: 'failed', eventId: watched.lastError ?? watched.lastAction };
      case 'finished':
      case 'idle':
        if (watched.lastWords?.asks) return { kind: 'asked', eventId: watched.lastWords.id };
        // Idle after a run (a paused or interrupted one goes through paused): nothing to say.
        return status === 'finished'
          ? { kind: 'finished', eventId: watched.lastWords?.id ?? null }
          : undefined;
    }
    return undefined;
  }
}
