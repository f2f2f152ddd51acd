import { computeDiff, type DiffOptions } from './diffModel';

// Runs diffs off the main thread: a 50,000-line file must not freeze the page.

export interface DiffRequest {
  id: number;
  original: string;
  modified: string;
  options?: DiffOptions;
}

self.onmessage = (event: MessageEvent<DiffRequest>) => {
  const { id, original, modified, options } = event.data;
  self.postMessage({ id, model: computeDiff(original, modified, options) });
};
