import { describe, expect, it } from 'vitest';
import { computeDiff, type DiffRow } from '../workspace/diffModel';
import {
  gapOf,
  fenceFor,
  linesBetween,
  numbersOf,
  reviewMessage,
  sameHunk,
  standingOf,
  type ReviewComment,
} from './reviewComments';
import { answeredSince, echoedComments, sendingAs, sentAs } from './reviewDelivery';

const before = ['def add(a, b):', '    return a + b', '', 'def sub(a, b):', '    return a - b', ''].join(
  '\n',
);
const after = [
  'def add(a, b):',
  '    return a - b',
  '',
  'def sub(a, b):',
  '    # keep this',
  '    return a - b',
  '',
].join('\n');

function rowsOf(original: string, modified: string): DiffRow[] {
  const diff = computeDiff(original, modified, { context: 1 });
  if (diff.kind !== 'text') throw new Error(diff.kind);
  return diff.rows;
}

const indexOf = (rows: DiffRow[], text: string, kind: 'add' | 'del' | 'same') =>
  rows.findIndex((row) => row.kind === kind && row.text === text);

function commentOn(rows: DiffRow[], from: number, to: number, words = 'Why?'): ReviewComment {
  const lines = linesBetween(rows, from, to);
  return {
    id: `c${from}-${to}`,
    path: '/w/calc.py',
    shownPath: 'calc.py',
    lines,
    shownText: after,
    gapAt: lines.some((line) => line.newNumber !== undefined) ? undefined : gapOf(rows, from, to),
    words,
    createdAt: 1,
    delivery: { kind: 'draft' },
  };
}

describe('review comments', () => {
  const rows = rowsOf(before, after);
  const added = indexOf(rows, '    return a - b', 'add');
  const removed = indexOf(rows, '    return a + b', 'del');

  it('takes the lines between two rows, without hunk headers, in either order', () => {
    const lines = linesBetween(rows, added, removed);
    expect(lines.map((line) => line.kind)).toEqual(['del', 'add']);
    expect(lines[1]).toMatchObject({ text: '    return a - b', newNumber: 2 });
  });

  it('keeps a comment inside one hunk', () => {
    const wide = rowsOf(
      Array.from({ length: 30 }, (_, i) => `line ${i}`).join('\n'),
      Array.from({ length: 30 }, (_, i) => (i === 2 || i === 25 ? `changed ${i}` : `line ${i}`)).join('\n'),
    );
    const first = indexOf(wide, 'changed 2', 'add');
    const last = indexOf(wide, 'changed 25', 'add');
    expect(sameHunk(wide, first, first + 1)).toBe(true);
    expect(sameHunk(wide, first, last)).toBe(false);
  });

  it('names new-side numbers, or the old side for removed lines only', () => {
    expect(numbersOf(commentOn(rows, added, added))).toEqual({ side: 'new', from: 2, to: 2 });
    expect(numbersOf(commentOn(rows, removed, removed))).toEqual({ side: 'old', from: 2, to: 2 });
  });

  it('is open while its lines stand unchanged, even moved, and addressed once they change', () => {
    const comment = commentOn(rows, added, added);
    expect(standingOf(comment, after)).toEqual({ kind: 'open', from: 2, to: 2 });
    expect(standingOf(comment, `# header\n\n${after}`)).toEqual({ kind: 'open', from: 4, to: 4 });
    expect(standingOf(comment, after.replace('return a - b\n\ndef sub', 'return a + b\n\ndef sub'))).toEqual({
      kind: 'addressed',
      gone: false,
    });
    expect(standingOf(comment, null)).toEqual({ kind: 'addressed', gone: true });
  });

  it('follows the lines themselves, not their text: a same line elsewhere is not them', () => {
    // "    return a - b" is at 2 and at 6: fixing line 2 addresses its comment, not line 6's.
    const fixed = after.replace('return a - b\n\ndef sub', 'return a + b\n\ndef sub');
    const second = rows.findIndex((row) => row.kind === 'same' && row.text === '    return a - b');
    expect(standingOf(commentOn(rows, added, added), fixed).kind).toBe('addressed');
    expect(standingOf(commentOn(rows, second, second), fixed)).toEqual({ kind: 'open', from: 6, to: 6 });
  });

  it('is addressed when lines are put between the lines it is on', () => {
    const comment = commentOn(rows, added, indexOf(rows, 'def sub(a, b):', 'same'));
    expect(standingOf(comment, after).kind).toBe('open');
    expect(standingOf(comment, after.replace('\n\ndef sub', '\n\n# new\ndef sub')).kind).toBe('addressed');
    // Above the first line is not between them.
    expect(standingOf(comment, `# top\n${after}`)).toEqual({ kind: 'open', from: 3, to: 5 });
  });

  it('holds a comment on removed lines to the place they were', () => {
    const comment = commentOn(rows, removed, removed);
    expect(comment.gapAt).toBe(2);
    expect(standingOf(comment, after)).toEqual({ kind: 'open', from: 2, to: 2 });
    expect(standingOf(comment, `# top\n${after}`)).toEqual({ kind: 'open', from: 3, to: 3 });
    // The line back where it was: something was put in its place.
    expect(standingOf(comment, after.replace('(a, b):\n', '(a, b):\n    return a + b\n')).kind).toBe(
      'addressed',
    );
    // The line after the place changed.
    expect(standingOf(comment, before).kind).toBe('addressed');
  });

  it('says when the change is too big to follow', () => {
    const comment = commentOn(rows, added, added);
    const huge = Array.from({ length: 20_000 }, (_, i) => `${i % 7} ${(i * 7919) % 1013}`).join('\n');
    const other = Array.from({ length: 20_000 }, (_, i) => `${i % 5} ${(i * 104729) % 997}`).join('\n');
    expect(standingOf({ ...comment, shownText: huge }, other, 1)).toEqual({ kind: 'unknown' });
  });

  it('makes one message of every comment: where, the quoted lines, the words', () => {
    const first = commentOn(rows, removed, added, 'This subtracts.\nIt should add.');
    const second = commentOn(rows, added, added, 'Keep `this` ```odd```');
    const message = reviewMessage([first, second], {
      heading: (count) => `${count} comments:`,
      where: (comment, numbers) => `${comment.shownPath} ${numbers.side} ${numbers.from}-${numbers.to}`,
    });
    expect(message).toBe(
      [
        '2 comments:',
        '',
        '1. calc.py new 2-2',
        '```diff',
        '-    return a + b',
        '+    return a - b',
        '```',
        '> This subtracts.',
        '> It should add.',
        '',
        '2. calc.py new 2-2',
        '```diff',
        '+    return a - b',
        '```',
        '> Keep `this` ```odd```',
      ].join('\n'),
    );
  });

  it('names the lines where they are now when a comment goes again', () => {
    const comment = commentOn(rows, added, added);
    const message = reviewMessage(
      [comment],
      { heading: () => 'Again:', where: (_, numbers) => `line ${numbers.from}` },
      new Map([[comment.id, { kind: 'open', from: 9, to: 9 }]]),
    );
    expect(message).toContain('1. line 9');
  });

  it('fences a quote longer than any run of backticks in it', () => {
    expect(fenceFor('plain')).toBe('```');
    expect(fenceFor('a ```` b')).toBe('`````');
  });
});

describe('review delivery', () => {
  const draft: ReviewComment = {
    id: 'a',
    path: '/w/a.py',
    shownPath: 'a.py',
    lines: [{ kind: 'add', text: 'x', newNumber: 1 }],
    shownText: 'x',
    words: 'w',
    createdAt: 1,
    delivery: { kind: 'draft' },
  };
  const message = (id: string, text: string, source = 'user') =>
    ({
      id,
      kind: 'MessageEvent',
      timestamp: '',
      source,
      llm_message: { role: source, content: [{ type: 'text', text }] },
    }) as never;

  it('is sent once the server holds its exact text, counting rounds', () => {
    const sending = sendingAs(draft, 'review text', 5);
    expect(sending.delivery).toEqual({ kind: 'sending', text: 'review text', at: 5, round: 1 });
    expect(
      echoedComments([sending], [message('e1', 'other'), message('e2', 'review text', 'agent')]),
    ).toEqual(new Map());
    const echoes = echoedComments([sending, draft], [message('e3', 'review text')]);
    expect(echoes).toEqual(new Map([['a', 'e3']]));
    const sent = sentAs(sending, 'e3');
    expect(sent.delivery).toEqual({ kind: 'sent', eventId: 'e3', at: 5, round: 1 });
    expect(sendingAs(sent, 'again', 9).delivery).toMatchObject({ kind: 'sending', round: 2 });
    expect(sentAs(draft, 'e4')).toBe(draft);
  });
});

describe('a review answered', () => {
  const at = (id: string, timestamp: string, source: string, kind = 'ActionEvent') =>
    ({ id, kind, timestamp, source }) as never;

  it('is answered once the agent acts after its message', () => {
    const message = at('m', '2026-11-29T10:00:01', 'user', 'MessageEvent');
    expect(answeredSince('m', [at('a', '2026-11-29T10:00:00', 'agent'), message])).toBe(false);
    expect(
      answeredSince('m', [
        message,
        at('s', '2026-11-29T10:00:02', 'environment', 'ConversationStateUpdateEvent'),
      ]),
    ).toBe(false);
    expect(answeredSince('m', [message, at('b', '2026-11-29T10:00:02', 'agent')])).toBe(true);
    expect(answeredSince('gone', [message])).toBe(true);
  });
});
