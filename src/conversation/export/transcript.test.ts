import { describe, expect, it } from 'vitest';
import {
  EventClock,
  agentError,
  condensation,
  condensationRequest,
  conversationError,
  fileEditAction,
  fileEditObservation,
  finishAction,
  finishObservation,
  interruptEvent,
  modelUpdate,
  statusUpdate,
  terminalAction,
  terminalObservation,
  userMessage,
  userReject,
  agentMessage,
} from '../../../mocks/events';
import { appendAll } from '../../../mocks/tree';
import { fenced, transcriptMarkdown, utcTime } from './transcript';

const heading = {
  title: 'Fix the parser',
  conversationId: 'c-1',
  exportedAt: new Date('2026-11-22T10:00:00Z'),
};

describe('transcript as Markdown', () => {
  it('has every row, in order, with who said it and when', () => {
    const clock = new EventClock(Date.UTC(2026, 10, 20, 10), 'e');
    const ask = userMessage(clock, 'Please fix `split`');
    const run = terminalAction(clock, 'pytest -q', {
      summary: 'Run the tests',
      thought: 'First, the tests.',
    });
    const ran = terminalObservation(clock, run, '\u001b[31m1 failed\u001b[0m', 1);
    const edit = fileEditAction(clock, '/w/p.py', 'split(":")', 'split(":", 1)');
    const edited = fileEditObservation(clock, edit, 'a = split(":")\n', 'a = split(":", 1)\n');
    const risky = terminalAction(clock, 'rm -rf build');
    const rejected = userReject(clock, risky, 'Keep the build folder');
    const finish = finishAction(clock, 'Fixed **it**.');
    const events = [
      ask,
      statusUpdate(clock, 'running'),
      run,
      ran,
      edit,
      edited,
      risky,
      rejected,
      finish,
      finishObservation(clock, finish),
    ];
    const text = transcriptMarkdown(heading, events);
    const order = [
      '# Fix the parser',
      `## You · ${utcTime(ask.timestamp)}`,
      'Please fix `split`',
      'First, the tests.',
      '### terminal: Run the tests — Done',
      '```sh\n$ pytest -q\n```',
      '**exit code 1**',
      '```\n1 failed\n```',
      '### file_editor: str_replace /w/p.py — Done',
      '```diff\n-split(":")\n+split(":", 1)\n```',
      '### terminal: rm -rf build — Rejected',
      '**Rejected**',
      'Keep the build folder',
      'Fixed **it**.',
    ];
    let at = -1;
    for (const piece of order) {
      const found = text.indexOf(piece, at + 1);
      expect(found, piece).toBeGreaterThan(at);
      at = found;
    }
    expect(text).toContain('Conversation `c-1` · 10 events · exported 2026-11-22 10:00 UTC');
    expect(text).not.toContain('\u001b');
  });

  it('marks model switches and compactions, with the summary the agent works from', () => {
    const clock = new EventClock(Date.UTC(2026, 10, 20, 10), 'e');
    const ask = userMessage(clock, 'go');
    const text = transcriptMarkdown(heading, [
      ask,
      modelUpdate(clock, 'openai/a'),
      modelUpdate(clock, 'openai/b'),
      condensationRequest(clock),
      condensation(clock, [ask.id], 'The user said go.'),
    ]);
    expect(text).toContain('_Model from here on: openai/a · ');
    expect(text).toContain('_Model switched from openai/a to openai/b · ');
    expect(text).toContain('_History compacted: the agent now works from a summary of 1 earlier event · ');
    expect(text).toContain('> The user said go.');
  });

  it('says how a run ended: errors, stops, calls cut off', () => {
    const clock = new EventClock(Date.UTC(2026, 10, 20, 10), 'e');
    const slow = terminalAction(clock, 'sleep 600', { summary: 'Wait' });
    const crash = terminalAction(clock, 'make', { summary: 'Build' });
    const text = transcriptMarkdown(heading, [
      userMessage(clock, 'go'),
      slow,
      crash,
      agentError(clock, crash, 'A restart occurred while this tool was in progress.'),
      interruptEvent(clock),
      conversationError(clock, 'RateLimit', 'Rate limit reached', {
        kind: 'rate_limit',
        retryable: true,
        user_action: 'retry',
      }),
    ]);
    expect(text).toContain('### terminal: Wait — Interrupted — no result');
    expect(text).toContain('### terminal: Build — Interrupted by a server restart');
    expect(text).toContain('_Stopped · ');
    expect(text).toContain('> **The conversation stopped with an error (rate limit).**');
    expect(text).toContain('> Try again: Continue, or send a message.');
  });

  it('writes the branch HEAD ends, not the others', () => {
    const clock = new EventClock(Date.UTC(2026, 10, 20, 10), 'b');
    const { events: asked } = appendAll([userMessage(clock, 'One'), agentMessage(clock, 'Answer one.')]);
    const answer = asked[1]!;
    const first = { ...userMessage(clock, 'Two, first try'), parent_id: answer.id };
    const second = { ...userMessage(clock, 'Two, second try'), parent_id: answer.id };
    const events = [...asked, first, second];
    const markdown = transcriptMarkdown({ ...heading, head: first.id }, events);
    expect(markdown).toContain('Two, first try');
    expect(markdown).not.toContain('Two, second try');
    expect(markdown).toContain('Answer one.');
    // Without a HEAD (a caller that knows none), every event is written, as before the tree.
    expect(transcriptMarkdown(heading, events)).toContain('Two, second try');
  });

  it('fences output so that no backticks in it can end the block', () => {
    expect(fenced('plain')).toBe('```\nplain\n```');
    const tricky = 'before\n````\nnot the end\n```\n';
    const block = fenced(tricky, 'md');
    expect(block.startsWith('`````md\n')).toBe(true);
    expect(block.endsWith('\n`````')).toBe(true);
  });

  it('shows an event it does not know as its JSON, and skips what is not an event', () => {
    const clock = new EventClock(Date.UTC(2026, 10, 20, 10), 'e');
    const odd = {
      id: 'odd-1',
      kind: 'BrandNewEvent',
      source: 'agent',
      timestamp: '2026-11-20T10:00:00',
      x: 1,
    };
    const text = transcriptMarkdown(heading, [userMessage(clock, 'hi'), odd, 'not an event', null]);
    expect(text).toContain('_An event of a kind Tether does not know: BrandNewEvent_');
    expect(text).toContain('"kind": "BrandNewEvent"');
  });
});
