import { describe, expect, it } from 'vitest';
import { gate, gated } from '../testing/gated';
import {
  EventClock,
  agentMessage,
  childConversationAction,
  childConversationObservation,
  fileEditAction,
  fileEditObservation,
  finishAction,
  finishObservation,
  terminalAction,
  terminalObservation,
  thinkAction,
  userMessage,
  userReject,
  action,
} from '../../../mocks/events';
import { longConversation } from '../../../mocks/fixtures';
import type { ServerEvent } from '../../agent-server/protocol';
import { projectEvents } from '../projection';
import { speak } from '../../i18n/i18n';
import { stretchSummary, tallyOf, workStretches } from './workStretches';

const clock = () => new EventClock(Date.UTC(2026, 10, 1, 9), 's');

function stretches(events: ServerEvent[]) {
  const projection = projectEvents(events);
  const byKey = workStretches(projection);
  const rows = projection.rows;
  // Each stretch once, as the rows' indexes it covers.
  const seen = new Map<string, number[]>();
  rows.forEach((row, index) => {
    const stretch = byKey.get(row.key);
    if (stretch) seen.set(stretch.id, [...(seen.get(stretch.id) ?? []), index]);
  });
  return [...seen.entries()].map(([id, indexes]) => {
    const stretch = byKey.get(id)!;
    return { indexes, summary: stretch.kind === 'work' ? stretchSummary(stretch.tally) : 'unshown' };
  });
}

describe('stretches of finished agent work', () => {
  it('folds consecutive finished steps into one line that says what was done', () => {
    const c = clock();
    const ask = userMessage(c, 'go');
    const ls = terminalAction(c, 'ls');
    const edit = fileEditAction(c, '/w/a.py', 'x', 'y');
    const again = fileEditAction(c, '/w/a.py', 'y', 'z');
    const test = terminalAction(c, 'pytest');
    const events = [
      ask,
      ls,
      terminalObservation(c, ls, 'a.py', 0),
      edit,
      fileEditObservation(c, edit, 'x', 'y'),
      again,
      fileEditObservation(c, again, 'y', 'z'),
      test,
      terminalObservation(c, test, 'ok', 0),
      agentMessage(c, 'Done.'),
    ];
    expect(stretches(events)).toEqual([{ indexes: [1, 2, 3, 4], summary: 'Ran 2 commands · edited 1 file' }]);
  });

  it('keeps open what needs a look, which also ends a stretch', () => {
    const c = clock();
    const ask = userMessage(c, 'go');
    const ok = terminalAction(c, 'ls');
    const failing = terminalAction(c, 'npm test');
    const after = terminalAction(c, 'cat log');
    const risky = terminalAction(c, 'rm -rf /');
    const running = terminalAction(c, 'sleep 100');
    const events = [
      ask,
      ok,
      terminalObservation(c, ok, 'a', 0),
      failing,
      terminalObservation(c, failing, '1 failed', 1),
      after,
      terminalObservation(c, after, 'log', 0),
      risky,
      userReject(c, risky, 'no'),
      running,
    ];
    expect(stretches(events)).toEqual([
      { indexes: [1], summary: 'Ran 1 command' },
      { indexes: [3], summary: 'Ran 1 command' },
    ]);
  });

  it('never folds the final answer, messages, or a turn with one unfinished call of several', () => {
    const c = clock();
    const a = terminalAction(c, 'a', { responseId: 'r' });
    const b = terminalAction(c, 'b', { responseId: 'r' });
    const finish = finishAction(c, 'All done.');
    const events = [
      userMessage(c, 'go'),
      a,
      b,
      terminalObservation(c, a, 'ok', 0),
      agentMessage(c, 'Between.'),
      finish,
      finishObservation(c, finish),
    ];
    expect(stretches(events)).toEqual([]);
  });

  it('never folds the start of a child conversation: its card leads to it', () => {
    const c = clock();
    const ask = userMessage(c, 'go');
    const launch = childConversationAction(c, 'Write the README', 'README');
    const ls = terminalAction(c, 'ls');
    const events = [
      ask,
      launch,
      childConversationObservation(c, launch, {
        id: 'child-1',
        parentId: 'parent-1',
        status: 'idle',
        title: 'README',
        workspace: 'workspace',
      }),
      ls,
      terminalObservation(c, ls, 'a.py', 0),
    ];
    expect(stretches(events)).toEqual([{ indexes: [2], summary: 'Ran 1 command' }]);
  });

  it('folds consecutive events Tether cannot show into one line, whether or not steps fold', () => {
    const c = clock();
    const odd = (kind: string) => gate({ ...c.next(), kind, source: 'environment' });
    const events = [
      userMessage(c, 'go'),
      odd('TelemetryPulseEvent'),
      gate({ ...c.next(), kind: 'MessageEvent', source: 'agent', llm_message: null }),
    ];
    const ls = terminalAction(c, 'ls');
    events.push(ls, terminalObservation(c, ls, 'a.py', 0), odd('FutureEvent'), agentMessage(c, 'Done.'));
    expect(stretches(events)).toEqual([
      { indexes: [1, 2], summary: 'unshown' },
      { indexes: [3], summary: 'Ran 1 command' },
      { indexes: [4], summary: 'unshown' },
    ]);
    const projection = projectEvents(events);
    const unfolded = workStretches(projection, false);
    expect([...new Set(unfolded.values())].map((s) => [s.kind, s.keys.length])).toEqual([
      ['unshown', 2],
      ['unshown', 1],
    ]);
    // The same events again: the same stretches, so what is drawn from them need not change.
    const again = workStretches(projection, false);
    expect(again.get(projection.rowOrder[1]!)).toBe(unfolded.get(projection.rowOrder[1]!));
  });

  it('remakes only the stretch a new event changed', () => {
    const c = clock();
    const ask = userMessage(c, 'go');
    const first = terminalAction(c, 'ls');
    const before = [ask, first, terminalObservation(c, first, 'a.py', 0)];
    const note = agentMessage(c, 'Now the second part.');
    const second = terminalAction(c, 'pwd');
    const projection = projectEvents([...before, note, second]);
    const old = workStretches(projection);
    projection.apply([terminalObservation(c, second, '/w', 0)]);
    const now = workStretches(projection);
    const [firstKey, lastKey] = [projection.rowOrder[1]!, projection.rowOrder.at(-1)!];
    expect(now.get(firstKey)).toBeDefined();
    expect(now.get(firstKey)).toBe(old.get(firstKey));
    expect(old.get(lastKey)).toBeUndefined();
    expect(now.get(lastKey)).toMatchObject({ kind: 'work', tally: { ran: 1 } });
  });

  it('builds no row to fold 10,000 events', () => {
    const projection = projectEvents(gated(longConversation(clock(), 10_000)));
    const stretches = workStretches(projection);
    expect(new Set(stretches.values()).size).toBeGreaterThan(1000);
    expect(projection.rowsBuilt).toBe(0);
  });

  it('words every kind of step', () => {
    const c = clock();
    const think = thinkAction(c, 'Now the docs.');
    const created = fileEditAction(c, '/w/new.py', '', 'x');
    (created.action as unknown as { command: string }).command = 'create';
    const viewed = fileEditAction(c, '/w/old.py', '', '');
    (viewed.action as unknown as { command: string }).command = 'view';
    const browse = (url: string) => action(c, 'browser_navigate', { kind: 'BrowserNavigateAction', url });
    const calls = [
      created,
      viewed,
      terminalAction(c, 'ls'),
      think,
      browse('http://a'),
      browse('http://b'),
    ].map((action) => ({ toolCallId: action.tool_call_id, action, outcomes: [] }));
    expect(stretchSummary(tallyOf(calls))).toBe(
      'Ran 1 command · created 1 file · read 1 file · used the browser 2 times · thought once',
    );
  });

  it('words a stretch in the language spoken, with that language’s plural forms', async () => {
    const none = tallyOf([]);
    try {
      await speak('ar');
      expect(stretchSummary({ ...none, ran: 2, edited: 11 })).toBe('شغّل أمرين · عدّل 11 ملفًا');
      expect(stretchSummary({ ...none, ran: 3, thought: 1 })).toBe('شغّل 3 أوامر · فكّر مرة واحدة');
      await speak('de');
      expect(stretchSummary({ ...none, edited: 1, tasks: 2 })).toBe(
        '1 Datei bearbeitet · Aufgabenliste 2-mal aktualisiert',
      );
      await speak('ja');
      expect(stretchSummary({ ...none, ran: 1, browsed: 1 })).toBe('コマンドを 1 件実行 · ブラウザーを使用');
    } finally {
      await speak('en');
    }
  });
});
