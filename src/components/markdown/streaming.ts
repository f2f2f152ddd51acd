// Markdown for an answer while it streams. The text only grows, so it is cut into blocks at
// blank lines: a finished block is lexed once and frozen, and each delta lexes only the
// unfinished tail. An open code fence is closed for the tail's rendering, so a code block stays
// a code block while it streams. The cuts are where a whole-text parse starts a new block too,
// so the persisted message, rendered whole, looks the same: no jump when it replaces the bubble.

export interface StreamingMarkdown {
  /** The text this state was made from. */
  readonly text: string;
  /** Finished blocks' markdown, in order; never changes once added. */
  readonly frozen: readonly string[];
  /** Where the unfinished tail starts in `text`. */
  readonly tailStart: number;
  /** Where the next line to look at starts (lines before it were looked at). */
  readonly scanFrom: number;
  /** The fence (``` or ~~~, with its length) open at `scanFrom`, if any. */
  readonly fence: string | undefined;
  /** A blank line outside fences ends here: a cut, once the next line shows it starts a block. */
  readonly cutAt: number | undefined;
  /** The unfinished tail's markdown, an open code fence closed. */
  readonly tail: string;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Whether a line after a blank line starts a block of its own (true), may continue the one
 * before (false: indented, or a list, quote or table line), or cannot tell yet (undefined: only
 * digits so far, which may become an ordered list item).
 */
function startsBlock(line: string, complete: boolean): boolean | undefined {
  if (line === '') return undefined;
  if (/^[\s\-*+>|]/.test(line)) return false;
  const digits = /^\d{1,9}/.exec(line)?.[0];
  if (!digits) return true;
  if (line.length === digits.length) return complete ? true : undefined;
  return !/^[.)]/.test(line.slice(digits.length));
}

export function startStreaming(): StreamingMarkdown {
  return {
    text: '',
    frozen: [],
    tailStart: 0,
    scanFrom: 0,
    fence: undefined,
    cutAt: undefined,
    tail: '',
  };
}

/** The state for `text`, from the state of a shorter text it continues (else from scratch). */
export function advanceStreaming(previous: StreamingMarkdown, text: string): StreamingMarkdown {
  if (text === previous.text) return previous;
  const continues =
    text.length > previous.text.length &&
    // The stream only appends; a new attempt replaces the text (checked around the last cut).
    text.slice(Math.max(0, previous.tailStart - 64), previous.scanFrom) ===
      previous.text.slice(Math.max(0, previous.tailStart - 64), previous.scanFrom);
  const state = continues ? previous : startStreaming();
  let { frozen, tailStart, scanFrom, fence, cutAt } = state;
  for (;;) {
    const end = text.indexOf('\n', scanFrom);
    if (end < 0) break;
    const line = text.slice(scanFrom, end);
    if (cutAt !== undefined && line.trim() !== '') {
      if (startsBlock(line, true)) [frozen, tailStart] = cut(text, frozen, tailStart, cutAt);
      cutAt = undefined;
    }
    const marker = FENCE.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker)
        fence = undefined;
    } else if (marker) {
      fence = marker;
    } else if (line.trim() === '' && text.slice(tailStart, scanFrom).trim() !== '') {
      cutAt = end + 1;
    }
    scanFrom = end + 1;
  }
  // The line under way may already show that a new block starts: no need to wait for its end.
  if (cutAt !== undefined) {
    const starts = startsBlock(text.slice(scanFrom), false);
    if (starts) [frozen, tailStart] = cut(text, frozen, tailStart, cutAt);
    if (starts !== undefined) cutAt = undefined;
  }
  const tail = text.slice(tailStart);
  const closed = fence ? `${tail}${tail.endsWith('\n') ? '' : '\n'}${fence}` : tail;
  return { text, frozen, tailStart, scanFrom, fence, cutAt, tail: closed };
}

function cut(
  text: string,
  frozen: readonly string[],
  tailStart: number,
  at: number,
): [readonly string[], number] {
  return [[...frozen, text.slice(tailStart, at)], at];
}
