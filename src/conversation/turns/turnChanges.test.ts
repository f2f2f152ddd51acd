import { describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../agent-server/protocol';
import { ConversationEventLog } from '../eventLog';
import { rowReaderOf } from '../rowReader';
import type { ToolCall } from '../toolCalls';
import { restoredAsPlanned, restorePlan } from './restorePlan';
import { isAnswerAt, turnAround, turnChanges } from './turnChanges';
import { at, command, edit } from '../testing/toolCallFixtures';

describe('what a turn changed, from its own edits', () => {
  it('gives each file as before its first edit and after its last; a created file had no text before', () => {
    const changes = turnChanges([
      edit('1', '/w/a.py', { old: 'one\n', new: 'two\n' }),
      edit('2', '/w/new.md', { command: 'create', new: '# New\n', existed: false }),
      command('3'),
      edit('4', '/w/a.py', { old: 'two\n', new: 'three\n' }),
      edit('5', '/w/a.py', { command: 'view' }),
    ]);
    expect(changes.files).toEqual([
      { path: '/w/a.py', before: 'one\n', after: 'three\n', edits: 2, eventId: 'o-4' },
      { path: '/w/new.md', before: null, after: '# New\n', edits: 1, eventId: 'o-2' },
    ]);
    expect(changes.commands).toBe(1);
    expect(changes.unreported).toEqual([]);
  });

  it('leaves out an edit the turn undid, a failed edit, and a file whose texts were not reported', () => {
    const changes = turnChanges([
      edit('1', '/w/a.py', { old: 'x', new: 'y' }),
      edit('2', '/w/a.py', { old: 'y', new: 'x' }),
      edit('3', '/w/b.py', { old: 'x', new: 'y', error: true }),
      edit('4', '/w/c.py', { old: 'x', new: 'y' }),
      edit('5', '/w/c.py', { old: null, new: undefined }),
    ]);
    expect(changes.files).toEqual([]);
    expect(changes.unreported).toEqual(['/w/c.py']);
  });

  it('a create over a file that was there keeps the text it replaced', () => {
    expect(
      turnChanges([edit('1', '/w/a', { command: 'create', old: 'old', new: 'new', existed: true })]).files,
    ).toEqual([{ path: '/w/a', before: 'old', after: 'new', edits: 1, eventId: 'o-1' }]);
  });
});

describe('putting a turn back', () => {
  const files = [
    { path: '/w/a', before: 'one', after: 'two', edits: 1, eventId: 'o' },
    { path: '/w/new', before: null, after: 'made', edits: 1, eventId: 'o' },
    { path: '/w/later', before: 'x', after: 'y', edits: 1, eventId: 'o' },
    { path: '/w/gone', before: 'x', after: 'y', edits: 1, eventId: 'o' },
    { path: '/w/made-and-gone', before: null, after: 'z', edits: 1, eventId: 'o' },
  ];
  const now = new Map<string, string | null>([
    ['/w/a', 'two'],
    ['/w/new', 'made'],
    ['/w/later', 'changed by someone'],
    ['/w/gone', null],
    ['/w/made-and-gone', null],
  ]);

  it('writes back or removes only the files still as the turn left them', () => {
    expect(restorePlan(files, now)).toEqual({
      steps: [
        { kind: 'write', path: '/w/a', text: 'one', now: 'two' },
        { kind: 'remove', path: '/w/new', now: 'made' },
      ],
      skipped: [
        { path: '/w/later', why: 'changed' },
        { path: '/w/gone', why: 'gone' },
      ],
    });
  });

  it('says which files are not as before the turn afterwards', () => {
    const { steps } = restorePlan(files, now);
    expect(
      restoredAsPlanned(
        steps,
        new Map([
          ['/w/a', 'one'],
          ['/w/new', null],
        ]),
      ),
    ).toEqual([]);
    expect(
      restoredAsPlanned(
        steps,
        new Map([
          ['/w/a', 'two'],
          ['/w/new', 'made'],
        ]),
      ),
    ).toEqual(['/w/a', '/w/new']);
  });
});

describe('the turn around an answer', () => {
  const user = (id: string) => ({
    kind: 'MessageEvent',
    id,
    source: 'user',
    timestamp: at(),
    llm_message: { role: 'user', content: [{ type: 'text', text: 'Do it' }] },
  });
  const answer = (id: string) => ({
    kind: 'MessageEvent',
    id,
    source: 'agent',
    timestamp: at(),
    llm_message: { role: 'assistant', content: [{ type: 'text', text: 'Done' }] },
  });

  it('holds the calls from the person’s message to their next, and knows its last answer', () => {
    // Made in the order they happen: each takes the next second.
    const eventsOf = (call: ToolCall) => [call.action, ...call.outcomes];
    const events = [
      user('u1'),
      ...eventsOf(edit('1', '/w/a', { old: 'a', new: 'b' })),
      answer('m1'),
      ...eventsOf(edit('2', '/w/b', { old: 'a', new: 'b' })),
      answer('m2'),
      user('u2'),
      answer('m3'),
    ] as ServerEvent[];
    const log = new ConversationEventLog();
    log.ingest(events);
    const source = rowReaderOf(log);
    const index = (id: string) => source.rowOrder.indexOf(id);
    expect(isAnswerAt(source, index('m1'))).toBe(true);
    expect(isAnswerAt(source, index('u1'))).toBe(false);
    const middle = turnAround(source, index('m1'));
    expect(middle.last).toBe(false);
    const end = turnAround(source, index('m2'));
    expect(end).toMatchObject({ last: true, ended: true });
    expect(turnChanges(end.calls).files.map((file) => file.path)).toEqual(['/w/a', '/w/b']);
    expect(turnAround(source, index('m3'))).toMatchObject({ calls: [], last: true, ended: false });
    // Read through the calls and events, not the rows: none is built for it.
    expect(log.projection.rowsBuilt).toBe(0);
  });
});
