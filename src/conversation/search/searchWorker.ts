/// <reference lib="webworker" />
import { EventCopy } from '../copy/eventCopy';
import { CopySearchIndex, type SearchAnswer } from './copySearchIndex';

// The search over the browser's copy, off the page's thread: it reads the copy from IndexedDB
// itself and answers each query after bringing its index up to date (cheap when nothing changed:
// one read of the conversations' records).

export type SearchRequest = { id: number; query: string };
export type SearchReply = { id: number; answer: SearchAnswer; unavailable?: true };

const index = new CopySearchIndex();
const copy = EventCopy.open();
let syncing: Promise<void> = Promise.resolve();

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (message: MessageEvent<SearchRequest>) => {
  const { id, query } = message.data;
  syncing = syncing
    .then(async () => {
      const held = await copy;
      if (held) await index.sync(held);
      const reply: SearchReply = held
        ? { id, answer: index.search(query) }
        : { id, answer: { hits: [], total: 0, conversations: 0 }, unavailable: true };
      scope.postMessage(reply);
    })
    .catch(() =>
      scope.postMessage({ id, answer: { hits: [], total: 0, conversations: 0 }, unavailable: true }),
    );
};
