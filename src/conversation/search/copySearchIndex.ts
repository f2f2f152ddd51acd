import MiniSearch from 'minisearch';
import type { CopiedConversation } from '../copy/copySchema';
import type { EventCopy } from '../copy/eventCopy';
import { eventDocuments, titleDocument, type SearchDocument, type SearchKind } from './searchDocuments';

// The index over every conversation the browser's copy holds, on every server, kept up to date
// incrementally: a conversation's events are read once, and afterwards only the positions it grew
// by; a copy written anew (its newest event is not the one indexed) is indexed again, and a
// forgotten one leaves. It runs in a worker (searchWorker.ts), so typing never waits for it.

export interface SearchHit {
  server: string;
  conversation: string;
  title: string | undefined;
  eventId: string | undefined;
  kind: SearchKind;
  /** The text around the first match, and the match. */
  before: string;
  match: string;
  after: string;
}

export interface SearchAnswer {
  hits: SearchHit[];
  /** How many documents matched in all (the hits are the best of them). */
  total: number;
  conversations: number;
}

interface Indexed {
  low: number;
  high: number;
  highId: string;
  title: string;
  documents: Set<string>;
}

const SHOWN = 50;
const AROUND = 60;
const key = (meta: { server: string; conversation: string }) => `${meta.server}\u0000${meta.conversation}`;

export class CopySearchIndex {
  private readonly index = new MiniSearch<SearchDocument>({
    fields: ['text'],
    storeFields: ['server', 'conversation', 'eventId', 'kind', 'text'],
    searchOptions: { prefix: true, fuzzy: (term) => (term.length > 4 ? 0.15 : 0), combineWith: 'AND' },
  });
  private readonly indexed = new Map<string, Indexed>();

  get conversationCount(): number {
    return this.indexed.size;
  }

  get documentCount(): number {
    return this.index.documentCount;
  }

  /** Brings the index to what the copy holds now. */
  async sync(copy: EventCopy): Promise<void> {
    const metas = await copy.conversations();
    const held = new Set(metas.map(key));
    for (const [name, seen] of this.indexed)
      if (!held.has(name)) {
        this.drop(seen);
        this.indexed.delete(name);
      }
    for (const meta of metas) await this.follow(copy, meta);
  }

  private async follow(copy: EventCopy, meta: CopiedConversation): Promise<void> {
    const name = key(meta);
    let seen = this.indexed.get(name);
    if (seen && !(await this.stillHolds(copy, meta, seen))) {
      this.drop(seen);
      seen = undefined;
    }
    const title = meta.listed?.title ?? '';
    if (!seen) {
      seen = { low: meta.high + 1, high: meta.high, highId: meta.highId, title: '', documents: new Set() };
      this.indexed.set(name, seen);
      await this.add(seen, meta, await copy.range(meta.server, meta.conversation, meta.low, meta.high));
      seen.low = meta.low;
    } else {
      await this.add(seen, meta, await copy.range(meta.server, meta.conversation, seen.high + 1, meta.high));
      await this.add(seen, meta, await copy.range(meta.server, meta.conversation, meta.low, seen.low - 1));
      seen.low = Math.min(seen.low, meta.low);
    }
    seen.high = meta.high;
    seen.highId = meta.highId;
    if (title !== seen.title) {
      const document = titleDocument(meta.server, meta.conversation, title);
      if (this.index.has(document.id)) this.index.discard(document.id);
      if (title) {
        this.index.add(document);
        seen.documents.add(document.id);
      }
      seen.title = title;
    }
  }

  /** Whether the copy still holds what was indexed, and only grew since. */
  private async stillHolds(copy: EventCopy, meta: CopiedConversation, seen: Indexed): Promise<boolean> {
    if (meta.high < seen.high) return false;
    if (meta.high === seen.high) return meta.highId === seen.highId;
    const [then] = await copy.range(meta.server, meta.conversation, seen.high, seen.high);
    return then?.id === seen.highId;
  }

  private async add(
    seen: Indexed,
    meta: CopiedConversation,
    rows: readonly { event: unknown }[],
  ): Promise<void> {
    const documents = rows.flatMap((row) => eventDocuments(meta.server, meta.conversation, row.event));
    const fresh = documents.filter((document) => !seen.documents.has(document.id));
    for (const document of fresh) seen.documents.add(document.id);
    this.index.addAll(fresh);
  }

  private drop(seen: Indexed): void {
    this.index.discardAll([...seen.documents].filter((id) => this.index.has(id)));
  }

  search(query: string): SearchAnswer {
    const words = query.trim();
    if (!words) return { hits: [], total: 0, conversations: 0 };
    const results = this.index.search(words);
    const conversations = new Set(results.map((result) => key(result as unknown as SearchDocument)));
    const hits = results.slice(0, SHOWN).map((result): SearchHit => {
      const document = result as unknown as SearchDocument & { terms: string[] };
      const seen = this.indexed.get(key(document));
      return {
        server: document.server,
        conversation: document.conversation,
        title: seen?.title || undefined,
        eventId: document.eventId,
        kind: document.kind,
        ...snippet(document.text, document.terms),
      };
    });
    return { hits, total: results.length, conversations: conversations.size };
  }
}

/** The text around the first matched term, on one line. */
export function snippet(
  text: string,
  terms: readonly string[],
): { before: string; match: string; after: string } {
  const lower = text.toLowerCase();
  let at = -1;
  let length = 0;
  for (const term of terms) {
    const found = lower.indexOf(term.toLowerCase());
    if (found !== -1 && (at === -1 || found < at)) {
      at = found;
      length = term.length;
    }
  }
  const flat = (part: string) => part.replace(/\s+/g, ' ');
  if (at === -1) return { before: '', match: '', after: flat(text.slice(0, AROUND * 2)) };
  const start = Math.max(0, at - AROUND);
  const end = Math.min(text.length, at + length + AROUND);
  return {
    before: `${start > 0 ? '…' : ''}${flat(text.slice(start, at)).trimStart()}`,
    match: text.slice(at, at + length),
    after: `${flat(text.slice(at + length, end)).trimEnd()}${end < text.length ? '…' : ''}`,
  };
}
