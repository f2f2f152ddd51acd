import type { SearchAnswer } from './copySearchIndex';
import type { SearchReply, SearchRequest } from './searchWorker';

// The page's side of the search worker: made on the first search, kept for the session. Each
// query gets the answer to itself; a newer query does not wait for an older one's answer to be
// used.

let worker: Worker | undefined;
let next = 0;
const waiting = new Map<number, (reply: SearchReply) => void>();

function searchWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./searchWorker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (message: MessageEvent<SearchReply>) => {
      waiting.get(message.data.id)?.(message.data);
      waiting.delete(message.data.id);
    };
  }
  return worker;
}

export interface SearchOutcome {
  answer: SearchAnswer;
  /** This browser keeps no copy: nothing can be searched. */
  unavailable: boolean;
}

export function searchCopy(query: string): Promise<SearchOutcome> {
  const id = ++next;
  return new Promise((resolve) => {
    waiting.set(id, (reply) => resolve({ answer: reply.answer, unavailable: Boolean(reply.unavailable) }));
    searchWorker().postMessage({ id, query } satisfies SearchRequest);
  });
}
