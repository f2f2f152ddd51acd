import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  EventClock,
  agentMessage,
  terminalAction,
  terminalObservation,
  userMessage,
} from '../../../mocks/events';
import { EventCopy } from '../copy/eventCopy';
import { CopySearchIndex, snippet } from './copySearchIndex';

const A = 'http://server-a:8000';
const B = 'http://server-b:8000';

function conversation(prefix: string, words: string) {
  const clock = new EventClock(Date.UTC(2026, 10, 26, 9), prefix);
  const run = terminalAction(clock, `grep -rn ${words} src/`);
  return [
    userMessage(clock, `Where is ${words} handled?`),
    run,
    terminalObservation(clock, run, `src/${words}.py:12: def ${words}():\n\u001b[32mok\u001b[0m`),
    agentMessage(clock, `It lives in src/${words}.py.`),
  ];
}

let copy: EventCopy;
beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  copy = (await EventCopy.open())!;
});

const write = (server: string, id: string, events: { id: string }[], title = 'A title') =>
  copy.write(server, id, { events, olderCursor: null, head: undefined, info: { id, title } });

describe('the search over every kept conversation', () => {
  it("finds messages, commands, outputs and titles on every server, with the match's words around it", async () => {
    await write(A, 'a1', conversation('a', 'tokenizer'), 'Fix the tokenizer');
    await write(B, 'b1', conversation('b', 'scheduler'), 'Cron jobs');
    const index = new CopySearchIndex();
    await index.sync(copy);
    const tokenizer = index.search('tokenizer');
    expect(new Set(tokenizer.hits.map((hit) => hit.kind))).toEqual(
      new Set(['title', 'message', 'command', 'output']),
    );
    expect(tokenizer.conversations).toBe(1);
    const scheduler = index.search('schedul');
    expect(scheduler.hits.every((hit) => hit.server === B && hit.conversation === 'b1')).toBe(true);
    expect(scheduler.hits[0]!.title).toBe('Cron jobs');
    const output = scheduler.hits.find((hit) => hit.kind === 'output')!;
    // Terminal colours are not words.
    expect(`${output.before}${output.match}${output.after}`).not.toContain('\u001b');
    expect(index.search('cron jobs').hits.map((hit) => hit.kind)).toEqual(['title']);
    expect(index.search('nothing-like-this').total).toBe(0);
  });

  it('follows the copy: what it grew by, what was written anew, what was forgotten', async () => {
    const events = conversation('a', 'tokenizer');
    await write(A, 'a1', events.slice(0, 2));
    const index = new CopySearchIndex();
    await index.sync(copy);
    expect(index.search('lives').total).toBe(0);
    await write(A, 'a1', events);
    await index.sync(copy);
    expect(index.search('lives').total).toBe(1);
    const documents = index.documentCount;
    await index.sync(copy);
    expect(index.documentCount).toBe(documents);

    await write(A, 'a1', conversation('z', 'parser'));
    await index.sync(copy);
    expect(index.search('tokenizer').total).toBe(0);
    expect(index.search('parser').total).toBeGreaterThan(0);

    await copy.forget(A, 'a1');
    await index.sync(copy);
    expect(index.search('parser').total).toBe(0);
    expect(index.conversationCount).toBe(0);
  });

  it('cuts a snippet around the first match, on one line', () => {
    const text = `${'lead '.repeat(30)}the needle\nis here${' tail'.repeat(30)}`;
    const cut = snippet(text, ['needle']);
    expect(cut.match).toBe('needle');
    expect(cut.before.startsWith('…')).toBe(true);
    expect(cut.after).toMatch(/^\sis here tail.*…$/);
  });
});
