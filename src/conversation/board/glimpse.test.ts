import { describe, expect, it } from 'vitest';
import { asksSomething, glimpseOf } from './glimpse';

const at = (n: number) => `2026-11-29T10:00:${String(n).padStart(2, '0')}Z`;
const user = (n: number) => ({
  kind: 'MessageEvent',
  id: `u${n}`,
  source: 'user',
  timestamp: at(n),
  llm_message: { role: 'user', content: [{ type: 'text', text: 'Do it' }] },
});
const agentSays = (n: number, text: string) => ({
  kind: 'MessageEvent',
  id: `m${n}`,
  source: 'agent',
  timestamp: at(n),
  llm_message: { role: 'assistant', content: [{ type: 'text', text }] },
});
const action = (n: number, callId: string, act: object, tool = 'terminal') => ({
  kind: 'ActionEvent',
  id: `a${n}`,
  source: 'agent',
  timestamp: at(n),
  tool_name: tool,
  tool_call_id: callId,
  action: act,
});
const observed = (n: number, callId: string, observation: object = { kind: 'TerminalObservation' }) => ({
  kind: 'ObservationEvent',
  id: `o${n}`,
  source: 'environment',
  timestamp: at(n),
  tool_call_id: callId,
  observation,
});
/** The events of a run in log order, as the glimpse reads them: newest first. */
const newestFirst = (...events: object[]) => events.reverse();

describe('a glimpse of the newest events', () => {
  it('says when the newest event, state updates aside, is a stop', () => {
    const interrupt = { kind: 'InterruptEvent', id: 'i1', source: 'environment', timestamp: at(5) };
    const update = {
      kind: 'ConversationStateUpdateEvent',
      id: 's1',
      timestamp: at(6),
      key: 'execution_status',
      value: 'paused',
    };
    expect(glimpseOf(newestFirst(user(1), agentSays(2, 'Working'), interrupt, update), at(6)).stop).toEqual({
      eventId: 'i1',
    });
    expect(glimpseOf(newestFirst(user(1), interrupt, agentSays(7, 'Went on')), at(7)).stop).toBeUndefined();
  });

  it('names the action that waits for approval: an action with no outcome after it', () => {
    const glimpse = glimpseOf(
      newestFirst(
        user(1),
        action(2, 'c1', { kind: 'TerminalAction', command: 'ls' }),
        observed(3, 'c1'),
        action(4, 'c2', { kind: 'TerminalAction', command: 'rm -rf build/' }),
      ),
      'x',
    );
    expect(glimpse.pending).toEqual({ eventId: 'a4', tool: 'terminal', what: 'rm -rf build/' });
    expect(glimpse.runStartedAt).toBe(at(1));
  });

  it('reads the last words of the run: a question, in any script Tether speaks, past closing marks', () => {
    expect(glimpseOf(newestFirst(user(1), agentSays(2, 'Shall I push it?')), 'x').question).toEqual({
      eventId: 'm2',
    });
    expect(asksSomething('どちらにしますか？')).toBe(true);
    expect(asksSomething('هل أتابع؟')).toBe(true);
    expect(asksSomething('Which one, **A or B?**')).toBe(true);
    expect(asksSomething('Done. Is there anything else?"')).toBe(true);
    expect(asksSomething('Done: fixed `a?b`.')).toBe(false);
    // Only the last words count: a question answered by more words is not the end of the run.
    expect(
      glimpseOf(newestFirst(user(1), agentSays(2, 'Shall I?'), agentSays(3, 'I went ahead.')), 'x').question,
    ).toBeUndefined();
    // A finish that asks.
    const finish = action(2, 'c9', { kind: 'FinishAction', message: 'Done. Shall I open a PR?' }, 'finish');
    expect(glimpseOf(newestFirst(user(1), finish), 'x')).toMatchObject({ question: { eventId: 'a2' } });
    expect(glimpseOf(newestFirst(user(1), finish), 'x').pending).toBeUndefined();
  });

  it('stops at the person’s message: what came before belongs to an earlier run', () => {
    const glimpse = glimpseOf(
      newestFirst(
        action(1, 'c1', { kind: 'FileEditorAction', command: 'create', path: '/w/a.py' }, 'file_editor'),
        agentSays(2, 'Want more?'),
        user(3),
        agentSays(4, 'All set.'),
      ),
      'x',
    );
    expect(glimpse).toEqual({ readAt: 'x', edited: false, runStartedAt: at(3), runEndedAt: at(4) });
  });

  it('tells edits from views, the error that stopped the run, and the task in progress', () => {
    const glimpse = glimpseOf(
      newestFirst(
        user(1),
        action(2, 'c1', { kind: 'FileEditorAction', command: 'view', path: '/w/a.py' }, 'file_editor'),
        observed(3, 'c1', { kind: 'FileEditorObservation' }),
        action(4, 't1', { kind: 'TaskTrackerAction', command: 'plan' }, 'task_tracker'),
        observed(5, 't1', {
          kind: 'TaskTrackerObservation',
          task_list: [
            { title: 'Read', status: 'done' },
            { title: 'Fix the parser', status: 'in_progress' },
          ],
        }),
        { kind: 'ConversationErrorEvent', id: 'e6', timestamp: at(6), code: 'MaxBudgetReached' },
      ),
      'x',
    );
    expect(glimpse).toMatchObject({
      edited: false,
      task: 'Fix the parser',
      error: { eventId: 'e6', code: 'MaxBudgetReached' },
    });
    const edited = glimpseOf(
      newestFirst(
        user(1),
        action(2, 'c1', { kind: 'FileEditorAction', command: 'str_replace', path: '/w/a.py' }, 'file_editor'),
      ),
      'x',
    );
    expect(edited.edited).toBe(true);
  });

  it('reads what is no event as nothing, and never throws', () => {
    expect(glimpseOf([null, 3, 'x', { kind: 7 }, [], { kind: 'ActionEvent' }], 'x')).toMatchObject({
      edited: false,
    });
  });
});
