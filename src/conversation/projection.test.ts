import { describe, expect, it } from 'vitest';
import { gate, gated } from './testing/gated';
import fc from 'fast-check';
import {
  EventClock,
  agentError,
  agentMessage,
  condensation,
  condensationRequest,
  conversationError,
  fileEditAction,
  fileEditObservation,
  finishAction,
  finishObservation,
  interruptEvent,
  modelUpdate,
  pauseEvent,
  statsUpdate,
  statusUpdate,
  systemPrompt,
  terminalAction,
  terminalObservation,
  thinkAction,
  userMessage,
  userReject,
} from '../../mocks/events';
import type { ExecutionStatus, ServerEvent } from '../agent-server/protocol';
import { asServerEvent } from '../agent-server/protocol';
import { ConversationProjection, projectEvents, type Row } from './projection';
import { sortKeyOf } from './eventOrder';
import { callState } from './toolCalls';
import { isActive } from './executionStatus';

const clock = () => new EventClock(Date.UTC(2026, 10, 1, 9), 'e');

function only<T extends Row['type']>(rows: Row[], type: T): Extract<Row, { type: T }>[] {
  return rows.filter((row): row is Extract<Row, { type: T }> => row.type === type);
}

describe('a. messages', () => {
  it('shows user and agent messages with their text, in order', () => {
    const c = clock();
    const events = [userMessage(c, 'Fix the bug'), agentMessage(c, 'Done.', 'Let me think')];
    const rows = projectEvents(events).rows;
    expect(rows.map((r) => r.type)).toEqual(['message', 'message']);
    const [user, agent] = only(rows, 'message');
    expect(user!.event.source).toBe('user');
    expect(agent!.event.llm_message.reasoning_content).toBe('Let me think');
    expect(rows.map((r) => r.eventId)).toEqual(events.map((e) => e.id));
  });

  it('keeps image content', () => {
    const c = clock();
    const message = userMessage(c, 'look');
    message.llm_message.content.push({ type: 'image', image_urls: ['data:image/png;base64,AAAA'] });
    const [row] = only(projectEvents([message]).rows, 'message');
    expect(row!.event.llm_message.content[1]).toEqual({
      type: 'image',
      image_urls: ['data:image/png;base64,AAAA'],
    });
  });
});

describe('b. pairing actions with outcomes', () => {
  it('pairs an observation by its call into one card', () => {
    const c = clock();
    const run = terminalAction(c, 'ls', { summary: 'List files' });
    const rows = projectEvents([run, terminalObservation(c, run, 'a.txt', 0)]).rows;
    expect(rows).toHaveLength(1);
    const [turn] = only(rows, 'turn');
    expect(turn!.calls[0]!.action?.id).toBe(run.id);
    expect(turn!.calls[0]!.outcomes.map((o) => o.kind)).toEqual(['ObservationEvent']);
    expect(callState(turn!.calls[0]!, false)).toBe('done');
  });

  it('marks a failing command, a rejected call and a tool error', () => {
    const c = clock();
    const failing = terminalAction(c, 'false');
    const rejected = fileEditAction(c, '/a', 'x', 'y');
    const broken = terminalAction(c, 'oops');
    const toolFailure = terminalObservation(c, failing, 'Command timed out', -1);
    toolFailure.observation.is_error = true;
    const projection = projectEvents([
      failing,
      toolFailure,
      rejected,
      userReject(c, rejected, 'not that file'),
      broken,
      agentError(c, broken, 'Tool terminal failed: bad arguments'),
    ]);
    const states = only(projection.rows, 'turn').map((t) => callState(t.calls[0]!, true));
    expect(states).toEqual(['error', 'rejected', 'error']);
  });

  it('keeps the file edit observation with its path and diff', () => {
    const c = clock();
    const edit = fileEditAction(c, '/w/app.py', 'a', 'b');
    const [turn] = only(projectEvents([edit, fileEditObservation(c, edit, 'a\n', 'b\n')]).rows, 'turn');
    expect(turn!.calls[0]!.outcomes[0]).toMatchObject({
      observation: { path: '/w/app.py', old_content: 'a\n', new_content: 'b\n' },
    });
  });
});

describe('c. parallel calls', () => {
  it('groups calls of one LLM response in one turn, thought once', () => {
    const c = clock();
    const first = terminalAction(c, 'ls', { responseId: 'r1', thought: 'Look around first' });
    const second = terminalAction(c, 'pwd', { responseId: 'r1' });
    const other = terminalAction(c, 'whoami', { responseId: 'r2', thought: 'Next' });
    const rows = projectEvents([
      first,
      second,
      terminalObservation(c, first, 'x'),
      terminalObservation(c, second, 'y'),
      other,
    ]).rows;
    const turns = only(rows, 'turn');
    expect(turns).toHaveLength(2);
    expect(turns[0]!.calls.map((call) => call.toolCallId)).toEqual([first.tool_call_id, second.tool_call_id]);
    expect(turns[0]!.thought).toBe('Look around first');
    expect(turns[1]!.thought).toBe('Next');
  });
});

describe('d. several outcomes for one call (seed 004)', () => {
  it('shows one card listing every outcome, state from the observation', () => {
    const c = clock();
    const run = terminalAction(c, 'pytest');
    const restart = agentError(c, run, 'A restart occurred while this tool was in progress.');
    const rerun = terminalObservation(c, run, '3 passed', 0);
    const rows = projectEvents([run, restart, statusUpdate(c, 'error'), rerun]).rows;
    expect(rows).toHaveLength(1);
    const call = only(rows, 'turn')[0]!.calls[0]!;
    expect(call.outcomes.map((o) => o.id)).toEqual([restart.id, rerun.id]);
    expect(callState(call, false)).toBe('done');
  });

  it('takes the state from the first outcome when there is no observation', () => {
    const c = clock();
    const run = terminalAction(c, 'make');
    const first = agentError(c, run, 'A restart occurred while this tool was in progress.');
    const second = agentError(c, run, 'Tool crashed');
    const call = only(projectEvents([run, second, first]).rows, 'turn')[0]!.calls[0]!;
    expect(call.outcomes.map((o) => o.id)).toEqual([first.id, second.id]);
    expect(callState(call, true)).toBe('interrupted');
  });
});

describe('e. outcome before its action', () => {
  it('shows a standalone card, merged once the action arrives', () => {
    const c = clock();
    const run = terminalAction(c, 'ls');
    const obs = terminalObservation(c, run, 'a.txt');
    const projection = new ConversationProjection();
    projection.apply([obs]);
    expect(projection.rows.map((r) => r.type)).toEqual(['orphan-outcome']);
    expect(projection.rows[0]!.eventId).toBe(obs.id);
    projection.apply([run]);
    expect(projection.rows.map((r) => r.type)).toEqual(['turn']);
    const turn = only(projection.rows, 'turn')[0]!;
    expect(turn.calls[0]!.outcomes[0]!.id).toBe(obs.id);
  });
});

describe('f. dangling calls (seed 002)', () => {
  it('settles an action without outcome when nothing runs, shows it running otherwise', () => {
    const c = clock();
    const run = terminalAction(c, 'sleep 100');
    const call = only(projectEvents([run]).rows, 'turn')[0]!.calls[0]!;
    expect(callState(call, isActive('idle'))).toBe('interrupted');
    expect(callState(call, isActive('paused'))).toBe('interrupted');
    expect(callState(call, isActive('finished'))).toBe('interrupted');
    expect(callState(call, isActive('error'))).toBe('interrupted');
    expect(callState(call, isActive('running'))).toBe('running');
    expect(callState(call, isActive('waiting_for_confirmation'))).toBe('running');
    expect(callState(call, isActive('idle', true))).toBe('running');
  });

  it('settles only the unanswered calls of a parallel batch', () => {
    const c = clock();
    const a = terminalAction(c, 'a', { responseId: 'r' });
    const b = terminalAction(c, 'b', { responseId: 'r' });
    const turn = only(projectEvents([a, b, terminalObservation(c, a, 'ok')]).rows, 'turn')[0]!;
    expect(turn.calls.map((call) => callState(call, false))).toEqual(['done', 'interrupted']);
  });

  it('counts the calls still waiting for an outcome, whatever order events come in', () => {
    const c = clock();
    const a = terminalAction(c, 'a', { responseId: 'r' });
    const b = terminalAction(c, 'b', { responseId: 'r' });
    const doneA = terminalObservation(c, a, 'ok');
    const projection = new ConversationProjection();
    projection.apply([a, b]);
    expect(projection.openCalls).toBe(2);
    projection.apply([doneA, doneA]);
    expect(projection.openCalls).toBe(1);
    const outcomeFirst = new ConversationProjection();
    outcomeFirst.apply([doneA]);
    outcomeFirst.apply([a, b]);
    expect(outcomeFirst.openCalls).toBe(1);
  });
});

describe('g. other kinds', () => {
  it('shows conversation errors and pause / interrupt markers, hides bookkeeping', () => {
    const c = clock();
    const events = [systemPrompt(c), userMessage(c, 'hi'), statusUpdate(c, 'running')];
    const error = conversationError(c, 'LLMAuthenticationError', 'Invalid API key', {
      kind: 'auth',
      retryable: false,
      user_action: 'settings',
    });
    events.push(error, pauseEvent(c), interruptEvent(c));
    events.push(condensationRequest(c), {
      ...c.next(),
      kind: 'ConversationStateUpdateEvent',
      source: 'environment',
      key: 'stats',
      value: {},
    });
    const projection = projectEvents(gated(events));
    expect(projection.rows.map((r) => r.type)).toEqual(['message', 'conversation-error', 'marker', 'marker']);
    expect(projection.errorExplained).toBe(true);
  });

  it('marks a compaction and every model switch with the model before it, in any arrival order', () => {
    const c = clock();
    const first = modelUpdate(c, 'openai/a');
    const compacted = gate(condensation(c, ['x', 'y'], 'They talked.'));
    const second = modelUpdate(c, 'openai/b');
    const same = modelUpdate(c, 'openai/b');
    const words = (events: ServerEvent[]) =>
      projectEvents(events).rows.map((row) =>
        row.type === 'model'
          ? [row.model, row.previous]
          : row.type === 'compaction'
            ? row.event.summary
            : row.type,
      );
    const expected = [
      ['openai/a', undefined],
      'They talked.',
      ['openai/b', 'openai/a'],
      ['openai/b', 'openai/b'],
    ];
    expect(words([first, compacted, second, same])).toEqual(expected);
    // The later switch came first: once the earlier one arrives, it names the earlier model.
    const projection = new ConversationProjection();
    projection.apply([second, same]);
    expect(only(projection.rows, 'model')[0]!.previous).toBeUndefined();
    projection.apply([compacted, first]);
    expect(snapshot(projection)).toEqual(snapshot(projectEvents([first, compacted, second, same])));
    expect(projection.modelFromEvents).toBe('openai/b');
  });

  it('keeps the newest stats update, whatever order they come in', () => {
    const c = clock();
    const stats = (prompt: number) => ({ usage_to_metrics: { agent: { prompt } } }) as never;
    const older = statsUpdate(c, stats(10));
    const newer = statsUpdate(c, stats(30));
    expect(projectEvents([newer, older]).statsFromEvents).toEqual(stats(30));
    expect(projectEvents([older, newer]).statsFromEvents).toEqual(stats(30));
    expect(projectEvents([userMessage(c, 'x')]).statsFromEvents).toBeUndefined();
  });

  it('counts a newer stats or status update as a change, though it draws no row', () => {
    // What the screen reads from them (usage, the status) is drawn again only on a change.
    const c = clock();
    const stats = (prompt: number) => ({ usage_to_metrics: { agent: { prompt } } }) as never;
    const projection = projectEvents([userMessage(c, 'x')]);
    const older = statsUpdate(c, stats(10));
    const newer = statsUpdate(c, stats(30));
    expect(projection.apply([newer])).toBe(true);
    expect(projection.apply([older])).toBe(false);
    expect(projection.apply([statusUpdate(c, 'running')])).toBe(true);
  });

  it('reports when an error status has no explaining event after the last user message', () => {
    const c = clock();
    const error = conversationError(c, 'X', 'old', { kind: 'other' });
    expect(projectEvents([error, userMessage(c, 'again')]).errorExplained).toBe(false);
    expect(projectEvents([userMessage(c, 'x')]).errorExplained).toBe(false);
  });

  it('tracks the newest execution status from state updates, full_state included', () => {
    const c = clock();
    const running = statusUpdate(c, 'running');
    const full = {
      ...c.next(),
      kind: 'ConversationStateUpdateEvent',
      source: 'environment',
      key: 'full_state',
      value: { execution_status: 'paused' },
    } as ServerEvent;
    expect(projectEvents([full, running]).statusFromEvents).toBe('paused');
    expect(projectEvents([running]).statusFromEvents).toBe('running');
  });

  it('keeps finish and think actions in their turn for the view to render as answer and thought', () => {
    const c = clock();
    const think = thinkAction(c, 'hmm');
    const finish = finishAction(c, 'All done');
    const turns = only(projectEvents([think, finish, finishObservation(c, finish)]).rows, 'turn');
    expect(turns.map((t) => t.calls[0]!.action?.action?.kind)).toEqual(['ThinkAction', 'FinishAction']);
  });

  it('shows unknown kinds and malformed events as raw rows, and never throws', () => {
    const c = clock();
    const unknown = gate({ ...c.next(), kind: 'FutureEvent', source: 'agent', payload: 1 });
    const brokenMessage = { ...c.next(), kind: 'MessageEvent', source: 'agent' } as ServerEvent;
    const brokenAction = gate({ ...c.next(), kind: 'ActionEvent', source: 'agent', action: null });
    const rows = projectEvents([unknown, brokenMessage, brokenAction]).rows;
    expect(rows.map((r) => r.type)).toEqual(['unknown', 'unknown', 'unknown']);
    expect(only(rows, 'unknown').map((r) => r.lacks)).toEqual([null, 'llm_message.content', 'tool_call_id']);
  });

  it('refuses input that cannot be keyed', () => {
    expect(asServerEvent(null)).toBeNull();
    expect(asServerEvent('text')).toBeNull();
    expect(asServerEvent({ kind: 'MessageEvent' })).toBeNull();
    expect(asServerEvent({ id: 'x', kind: 'MessageEvent' })).toMatchObject({ id: 'x', timestamp: '' });
  });
});

describe('h. incremental application', () => {
  it('replaces only the rows an event touches', () => {
    const c = clock();
    const hello = userMessage(c, 'hello');
    const run = terminalAction(c, 'ls');
    const projection = projectEvents([hello, run]);
    const before = projection.rows;
    projection.apply([terminalObservation(c, run, 'x')]);
    const after = projection.rows;
    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
  });

  it('gives a new row order on a change and leaves the one read before as it was', () => {
    const c = clock();
    const projection = projectEvents([userMessage(c, 'hello')]);
    const before = projection.rowOrder;
    const copy = [...before];
    projection.apply([agentMessage(c, 'hi')]);
    expect(projection.rowOrder).not.toBe(before);
    expect(before).toEqual(copy);
    expect(projection.rowOrder).toHaveLength(2);
    const withTwo = projection.rowOrder;
    const run = terminalAction(c, 'ls');
    projection.apply([run]);
    const withRun = projection.rowOrder;
    expect(withTwo).toHaveLength(2);
    // An outcome joins its turn: the rows are the same, so the order is the same array.
    projection.apply([terminalObservation(c, run, 'x')]);
    expect(projection.rowOrder).toBe(withRun);
  });

  it('ignores duplicates without a new version', () => {
    const c = clock();
    const hello = userMessage(c, 'hello');
    const projection = projectEvents([hello]);
    const version = projection.version;
    expect(projection.apply([hello])).toBe(false);
    expect(projection.version).toBe(version);
  });

  it('equals the projection from scratch for any arrival order, with duplicates', () => {
    const c = clock();
    const [a, b, d] = [
      terminalAction(c, 'a', { responseId: 'r', thought: 'both' }),
      terminalAction(c, 'b', { responseId: 'r' }),
      fileEditAction(c, '/f', 'x', 'y'),
    ];
    const finish = finishAction(c, 'done');
    const all: ServerEvent[] = [
      gate(systemPrompt(c)),
      userMessage(c, 'go'),
      a,
      b,
      terminalObservation(c, a, 'ok'),
      agentError(c, b, 'A restart occurred while this tool was in progress.'),
      terminalObservation(c, b, 'later'),
      d,
      userReject(c, d, 'no'),
      statusUpdate(c, 'running'),
      agentMessage(c, 'thinking aloud', 'why'),
      gate({ ...c.next(), kind: 'Mystery', source: 'agent' }),
      finish,
      finishObservation(c, finish),
      pauseEvent(c),
      conversationError(c, 'E', 'boom', { kind: 'x' }),
      modelUpdate(c, 'openai/one'),
      gate(condensationRequest(c)),
      gate(condensation(c, [a.id], 'summary')),
      modelUpdate(c, 'openai/two'),
      modelUpdate(c, 'openai/three'),
    ];
    // Events sorted by time, so the scratch projection is the reference.
    const expected = snapshot(projectEvents(all));
    fc.assert(
      fc.property(
        fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length }),
        fc.array(fc.nat(all.length - 1), { maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 6 }),
        (shuffled, duplicateAt, chunkSizes) => {
          const arrival = [...shuffled, ...duplicateAt.map((i) => all[i]!)];
          const projection = new ConversationProjection();
          let at = 0;
          let size = 0;
          while (at < arrival.length) {
            const chunk = chunkSizes[size++ % chunkSizes.length]!;
            projection.apply(arrival.slice(at, at + chunk));
            at += chunk;
          }
          expect(snapshot(projection)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('equals the projection from scratch for generated conversations, each event shown once', () => {
    // A conversation as a list of steps: messages from either side, responses of one to three
    // calls whose outcomes are each an observation, an error, a rejection, two outcomes (a
    // restart's error, then the late result), or none yet; messages typed between a response's
    // calls; status updates, pauses and stops.
    const outcome = fc.constantFrom('observed', 'error', 'rejected', 'twice', 'none');
    const tool = fc.constantFrom('terminal', 'file_editor', 'think');
    const step = fc.oneof(
      fc.record({ kind: fc.constant('user' as const), text: fc.string({ maxLength: 8 }) }),
      fc.record({ kind: fc.constant('agent' as const), text: fc.string({ maxLength: 8 }) }),
      fc.record({
        kind: fc.constant('response' as const),
        calls: fc.array(fc.record({ tool, outcome }), { minLength: 1, maxLength: 3 }),
        typedBetween: fc.boolean(),
        thought: fc.boolean(),
      }),
      fc.record({
        kind: fc.constant('status' as const),
        status: fc.constantFrom<ExecutionStatus>('running', 'idle', 'finished'),
      }),
      fc.record({ kind: fc.constant('pause' as const) }),
      fc.record({ kind: fc.constant('stop' as const) }),
    );
    type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;
    const build = (steps: Step[]) => {
      const c = clock();
      const events: ServerEvent[] = [gate(systemPrompt(c))];
      for (const s of steps) {
        if (s.kind === 'user') events.push(userMessage(c, s.text));
        else if (s.kind === 'agent') events.push(agentMessage(c, s.text));
        else if (s.kind === 'status') events.push(statusUpdate(c, s.status));
        else if (s.kind === 'pause') events.push(pauseEvent(c));
        else if (s.kind === 'stop') events.push(interruptEvent(c));
        else {
          const responseId = `r_${events.length}`;
          const actions = s.calls.map(({ tool: name }, index) => {
            const options = { responseId, ...(s.thought && index === 0 ? { thought: 'why' } : {}) };
            return name === 'terminal'
              ? terminalAction(c, 'ls', options)
              : name === 'file_editor'
                ? fileEditAction(c, '/f', 'a', 'b', options)
                : thinkAction(c, 'hmm', options);
          });
          events.push(...actions);
          if (s.typedBetween) events.push(userMessage(c, 'meanwhile'));
          s.calls.forEach(({ outcome: end }, index) => {
            const action = actions[index]!;
            if (end === 'observed' || end === 'twice') {
              if (end === 'twice')
                events.push(agentError(c, action, 'A restart occurred while this tool was in progress.'));
              events.push(terminalObservation(c, action, 'out'));
            } else if (end === 'error') events.push(agentError(c, action, 'failed'));
            else if (end === 'rejected') events.push(userReject(c, action, 'no'));
          });
        }
      }
      return events;
    };
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 1, maxLength: 12 }),
        fc.infiniteStream(fc.integer({ min: 0, max: 1_000_000 })),
        fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        (steps, order, chunkSizes, duplicateAt) => {
          const all = build(steps);
          const expected = snapshot(projectEvents(all));
          // Any arrival order (a key per event from the stream), duplicates, in chunks.
          const keys = all.map(() => order.next().value as number);
          const arrival = all
            .map((event, index) => ({ event, key: keys[index]! }))
            .sort((x, y) => x.key - y.key)
            .map(({ event }) => event);
          arrival.push(...duplicateAt.map((i) => all[i % all.length]!));
          const projection = new ConversationProjection();
          for (let at = 0, size = 0; at < arrival.length; size++) {
            const chunk = chunkSizes[size % chunkSizes.length]!;
            projection.apply(arrival.slice(at, at + chunk));
            at += chunk;
          }
          expect(snapshot(projection)).toEqual(expected);
          // Each message is one row, and each call is in one row, whatever the order.
          const rows = projection.rows;
          const messages = all.filter((event) => event.kind === 'MessageEvent').length;
          expect(only(rows, 'message')).toHaveLength(messages);
          const callIds = rows.flatMap((row) =>
            row.type === 'turn'
              ? row.calls.map((call) => call.toolCallId)
              : row.type === 'orphan-outcome'
                ? [row.call.toolCallId]
                : [],
          );
          const actions = all.filter((event) => event.kind === 'ActionEvent').length;
          expect(new Set(callIds).size).toBe(callIds.length);
          expect(callIds).toHaveLength(actions);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('equals the scratch projection after large history pages (sorted path)', () => {
    const c = clock();
    const events: ServerEvent[] = [];
    for (let i = 0; i < 150; i++) {
      const run = terminalAction(c, `echo ${i}`);
      events.push(userMessage(c, `step ${i}`), run, terminalObservation(c, run, `${i}`));
    }
    const expected = snapshot(projectEvents(events));
    const projection = new ConversationProjection();
    projection.apply(events.slice(300));
    projection.apply(events.slice(100, 300));
    for (const event of events.slice(0, 100).reverse()) projection.apply([event]);
    expect(snapshot(projection)).toEqual(expected);
  });
});

function snapshot(projection: ConversationProjection) {
  // What the screen reads (keys, then each row by key) must agree with the rows themselves.
  expect(projection.rowOrder.map((_, index) => projection.rowAt(index))).toEqual(projection.rows);
  expect(projection.rowOrder).toEqual(projection.rows.map((row) => row.key));
  return projection.rows.map((row) => ({
    ...row,
    ...(row.type === 'turn' ? { calls: row.calls.map((call) => ({ ...call })) } : {}),
  }));
}

describe('messages sent during a run (seed 000)', () => {
  it('are unread until the agent acts after them; the message that started the run is not', () => {
    const c = clock();
    const first = userMessage(c, 'start');
    const running = statusUpdate(c, 'running');
    const projection = projectEvents([first, running]);
    expect(sortKeyOf(first) < projection.readUpTo).toBe(true);
    const action = terminalAction(c, 'ls');
    const midRun = userMessage(c, 'also this');
    projection.apply([action, midRun]);
    expect(sortKeyOf(midRun) > projection.readUpTo).toBe(true);
    projection.apply([agentMessage(c, 'noted')]);
    expect(sortKeyOf(midRun) > projection.readUpTo).toBe(false);
  });
});
