import { agentServerClients } from '../../agent-server/client';
import { secretsClient } from '../../agent-server/secrets';
import type { ConnectionSettings } from '../../agent-server/servers';
import { readEventsInLogOrder } from '../resources/events';
import { redactDeep, redactor, SHAPE_NAMES, type KnownSecret } from './redaction';
import { shareContents, type ShareContents } from './shareHtml';

// Everything a shared copy is made from, gathered before the person decides to write it: the
// conversation's events read whole from the server, with every secret this browser knows and
// every credential-shaped string taken out, and what will be in the file.

export interface PreparedShare {
  /** The events, redacted: nothing else is written. */
  events: unknown[];
  /** The conversation's title, redacted: the file's <title>, <h1> and name. */
  title: string;
  contents: ShareContents;
  /** Known secrets found, by their name (a stored secret's, or the session key's), and how often. */
  knownFound: { name: string; count: number }[];
  /** Strings shaped like credentials (keys, tokens, passwords in addresses) found. */
  shapesFound: number;
}

/**
 * The values this browser knows are secret: the server's stored secrets, and those the browser
 * holds itself (browserSecrets: session and model keys).
 */
export async function knownSecrets(
  settings: ConnectionSettings,
  held: readonly KnownSecret[],
): Promise<KnownSecret[]> {
  const stored = await secretsClient(settings)
    .forConversation()
    .catch(() => ({}) as Record<string, { value: string }>);
  return [...Object.entries(stored).map(([name, secret]) => ({ name, value: secret.value })), ...held];
}

export async function prepareShare(
  settings: ConnectionSettings,
  conversation: { id: string; title: string },
  head: string | null | undefined,
  known: readonly KnownSecret[],
  signal: AbortSignal,
): Promise<PreparedShare> {
  const raw: unknown[] = [];
  await readEventsInLogOrder(
    agentServerClients(settings).conversations,
    conversation.id,
    {},
    (event) => raw.push(event),
    () => !signal.aborted,
  );
  const { redact, found } = redactor(known);
  // The title first: a list's title is the start of the first message, so it can hold the
  // start of a token that the message holds whole.
  const title = redact(conversation.title);
  const events = redactDeep(raw, redact);
  const shapes = SHAPE_NAMES;
  return {
    events,
    title,
    contents: shareContents(events, head),
    knownFound: [...found].filter(([name]) => !shapes.has(name)).map(([name, count]) => ({ name, count })),
    shapesFound: [...found].filter(([name]) => shapes.has(name)).reduce((sum, [, count]) => sum + count, 0),
  };
}

/**
 * An image the conversation names by address, as data the file can hold; undefined when this
 * browser cannot fetch it (another origin without CORS, gone, not an image).
 */
export async function inlineImage(url: string): Promise<string | undefined> {
  try {
    // The image's own address, as the transcript's <img> reads it: no agent-server call.
    // eslint-disable-next-line no-restricted-globals
    const response = await fetch(url);
    const blob = await response.blob();
    if (!response.ok || !/^image\/(png|jpeg|gif|webp)$/.test(blob.type)) return undefined;
    return await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
      reader.readAsDataURL(blob);
    });
  } catch {
    return undefined;
  }
}
