import { agentServerClients } from '../../agent-server/client';
import type { ConnectionSettings } from '../../agent-server/servers';
import { readEventsInLogOrder } from '../resources/events';
import { redactDeep, redactor, type KnownSecret } from '../share/redaction';
import { transcriptMarkdown } from './transcript';

// A whole conversation, every page read from the server in log order, made into a file: the
// server's events as JSON (unchanged, on purpose: it is the record itself, and the dialog warns
// that it can hold secrets), or a readable Markdown transcript with every secret taken out, as
// a shared copy is. The file's name, made from the title, is redacted in both. Only the events
// and the one document made from them are held.

export type ExportFormat = 'markdown' | 'json';

export interface ExportProgress {
  read: number;
  /** From the server's event count; undefined when it could not be had. */
  total: number | undefined;
}

export interface ExportedFile {
  name: string;
  blob: Blob;
  events: number;
  /** Secrets taken out (of the Markdown, and of the name in both formats). */
  redactions: number;
}

/** "fix-the-parser-2026-11-22.md": the title in plain letters, and the day of the export. */
export function exportFileName(title: string, day: Date, format: ExportFormat): string {
  const slug =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'conversation';
  return `${slug}-${day.toISOString().slice(0, 10)}.${format === 'json' ? 'json' : 'md'}`;
}

export class ExportCancelled extends Error {
  constructor() {
    super('Export cancelled');
  }
}

export async function exportConversation(
  settings: ConnectionSettings,
  conversation: { id: string; title: string; head?: string | null },
  format: ExportFormat,
  options: {
    signal: AbortSignal;
    onProgress: (progress: ExportProgress) => void;
    /** The secrets this browser knows (knownSecrets), taken out with every credential shape. */
    known: readonly KnownSecret[];
    now?: Date;
  },
): Promise<ExportedFile> {
  const { conversations } = agentServerClients(settings);
  const total = await conversations.getEventCount(conversation.id).catch(() => undefined);
  const events: unknown[] = [];
  options.onProgress({ read: 0, total });
  await readEventsInLogOrder(
    conversations,
    conversation.id,
    {},
    (event) => {
      events.push(event);
      // A page's events arrive in one go: the screen draws the count once per page.
      options.onProgress({
        read: events.length,
        total: total === undefined ? undefined : Math.max(total, events.length),
      });
    },
    () => !options.signal.aborted,
  );
  if (options.signal.aborted) throw new ExportCancelled();
  const now = options.now ?? new Date();
  const { redact, found } = redactor(options.known);
  const title = redact(conversation.title);
  const name = exportFileName(title, now, format);
  const text =
    format === 'json'
      ? JSON.stringify(events, null, 2)
      : transcriptMarkdown(
          { title, conversationId: conversation.id, exportedAt: now, head: conversation.head },
          redactDeep(events, redact),
        );
  const type = format === 'json' ? 'application/json' : 'text/markdown';
  const redactions = [...found.values()].reduce((sum, count) => sum + count, 0);
  return {
    name,
    blob: new Blob([text], { type: `${type};charset=utf-8` }),
    events: events.length,
    redactions,
  };
}
