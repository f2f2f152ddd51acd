import { FOLD_ABOVE } from './foldLimit';
import { advanceStreaming, startStreaming } from './streaming';

// A message far longer than a screen (a pasted log, a generated file) is shown by its head, with
// a button for the rest: one 50,000-character bubble would be 20,000 px tall, and every row
// under it hard to reach.

/** About how much of a folded text is shown: a screen or two. */
const HEAD = 2_000;

/**
 * The head of a long markdown text, cut at the end of a line and still valid markdown (a code
 * fence open at the cut is closed), or undefined when the text is short enough to show whole.
 */
export function foldedHead(text: string): string | undefined {
  if (text.length <= FOLD_ABOVE) return undefined;
  const lineEnd = text.lastIndexOf('\n', HEAD);
  // One enormous line: cut it at a space, or where it is.
  const spaceAt = text.lastIndexOf(' ', HEAD);
  const end = lineEnd >= HEAD / 2 ? lineEnd + 1 : spaceAt >= HEAD / 2 ? spaceAt : HEAD;
  const head = advanceStreaming(startStreaming(), text.slice(0, end));
  return head.frozen.join('') + head.tail;
}
