import { computeDiff, type DiffModel, type DiffOptions } from './diffModel';
import type { DiffRequest } from './diffWorker';

// One worker for every diff of the page, started on the first diff asked for.

let worker: Worker | undefined;
let nextId = 0;
interface Waiting {
  resolve: (model: DiffModel) => void;
  request: DiffRequest;
}
const waiting = new Map<number, Waiting>();

/** Texts this small are diffed at once: a message round trip would cost more. */
const INLINE_LIMIT = 20_000;

export function diffInBackground(
  original: string,
  modified: string,
  options?: DiffOptions,
): Promise<DiffModel> {
  if (original.length + modified.length < INLINE_LIMIT || typeof Worker === 'undefined')
    return Promise.resolve(computeDiff(original, modified, options));
  if (!worker) {
    worker = new Worker(new URL('./diffWorker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<{ id: number; model: DiffModel }>) => {
      waiting.get(event.data.id)?.resolve(event.data.model);
      waiting.delete(event.data.id);
    };
    // A worker that cannot start (a strict CSP, an old browser): every diff is done here instead.
    worker.onerror = () => {
      worker = undefined;
      for (const { resolve, request } of waiting.values())
        resolve(computeDiff(request.original, request.modified, request.options));
      waiting.clear();
    };
  }
  const id = ++nextId;
  const request: DiffRequest = { id, original, modified, ...(options ? { options } : {}) };
  const started = worker;
  return new Promise((resolve) => {
    waiting.set(id, { resolve, request });
    started.postMessage(request);
  });
}
