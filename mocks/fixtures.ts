import type { ConversationInfo, ExecutionStatus, WireEvent } from '../src/agent-server/protocol';
import {
  EventClock,
  agentError,
  agentMessage,
  conversationError,
  fileEditAction,
  fileEditObservation,
  finishAction,
  finishObservation,
  interruptEvent,
  statusUpdate,
  systemPrompt,
  taskTrackerAction,
  taskTrackerObservation,
  terminalAction,
  terminalObservation,
  thinkAction,
  userMessage,
  userReject,
  type Task,
} from './events';
import { defaultAgent, type MockStore, type StoredConversation } from './store';
import { appendAll } from './tree';
import { PARSER_FIXED, PARSER_SOURCE, WORKSPACE_ROOT } from './workspace';

// Seeded conversations for the built-in mock agent-server: one for every case the chat view
// must handle. Fixed clock and ids, so screenshots and tests are deterministic.
//
// Over 400 lines, and one idea: the seeds, one function per conversation, each reading as the
// story it tells; the builders they use are in events.ts.

/** Ids of fixture events that are broken on purpose (the UI must survive them). */
export const DELIBERATELY_MALFORMED = new Set<string>();

function deliberatelyMalformed(event: { id: string } & Record<string, unknown>): WireEvent {
  DELIBERATELY_MALFORMED.add(event.id);
  return event as unknown as WireEvent;
}

export const SEED_TIME = Date.UTC(2026, 10, 20, 9, 0, 0);

export const SEEDED = {
  parser: '3f1c2a4e-0000-4000-8000-000000000001',
  parallel: '3f1c2a4e-0000-4000-8000-000000000002',
  crash: '3f1c2a4e-0000-4000-8000-000000000003',
  interrupted: '3f1c2a4e-0000-4000-8000-000000000004',
  llmError: '3f1c2a4e-0000-4000-8000-000000000005',
  restart: '3f1c2a4e-0000-4000-8000-000000000006',
  long: '3f1c2a4e-0000-4000-8000-000000000007',
  oddities: '3f1c2a4e-0000-4000-8000-000000000008',
  gallery: '3f1c2a4e-0000-4000-8000-000000000009',
  branched: '3f1c2a4e-0000-4000-8000-000000000010',
} as const;

function conversation(
  id: string,
  title: string | null,
  status: ExecutionStatus,
  startMs: number,
  build: (clock: EventClock) => WireEvent[],
  /** Where HEAD was left, when not at the last event appended (a navigate after it). */
  head?: (events: WireEvent[]) => string,
): StoredConversation {
  const clock = new EventClock(startMs, id.slice(-4));
  const tree = appendAll([systemPrompt(clock), ...build(clock)]);
  const events = tree.events;
  const last = events.at(-1)!.timestamp;
  const info: ConversationInfo = {
    id,
    title,
    execution_status: status,
    created_at: new Date(startMs).toISOString(),
    updated_at: `${last.slice(0, 19)}Z`,
    confirmation_policy: { kind: 'NeverConfirm' },
    agent: defaultAgent(),
    workspace: { kind: 'LocalWorkspace', working_dir: WORKSPACE_ROOT },
    leaf_event_id: head ? head(events) : tree.head,
    last_user_message_id:
      events.findLast((event) => event.kind === 'MessageEvent' && event.source === 'user')?.id ?? null,
  };
  return { info, events };
}

function parserConversation(clock: EventClock): WireEvent[] {
  const tasks: Task[] = [
    { title: 'Reproduce the failing test', status: 'done' },
    { title: 'Fix header parsing', status: 'in_progress', notes: 'values may contain colons' },
    { title: 'Run the whole suite', status: 'todo' },
  ];
  const events: WireEvent[] = [
    userMessage(
      clock,
      'The parser tests fail on headers like `Location: http://example.com`. Can you fix it?',
    ),
    statusUpdate(clock, 'running'),
  ];
  const plan = taskTrackerAction(clock, tasks, {
    thought: 'I will plan the work first.',
    summary: 'Plan the fix',
  });
  events.push(plan, taskTrackerObservation(clock, plan, tasks));
  const failing = terminalAction(clock, 'python -m pytest tests/test_parser.py -q', {
    reasoning: 'The report mentions URLs in headers; a colon inside the value would break `split(":")`.',
    summary: 'Run the parser tests',
  });
  events.push(
    failing,
    terminalObservation(
      clock,
      failing,
      'F.\n=================================== FAILURES ===================================\nValueError: too many values to unpack (expected 2)\n1 failed, 11 passed in 0.12s',
      1,
    ),
  );
  const edit = fileEditAction(clock, '/workspace/parser.py', 'line.split(":")', 'line.split(":", 1)', {
    thought: 'Split only on the first colon.',
  });
  events.push(edit, fileEditObservation(clock, edit, PARSER_SOURCE, PARSER_FIXED));
  const passing = terminalAction(clock, 'python -m pytest -q', { summary: 'Run the whole suite' });
  events.push(passing, terminalObservation(clock, passing, '148 passed in 2.31s', 0));
  const finish = finishAction(
    clock,
    'Fixed **`parse_header`**: it now splits on the first colon only.\n\n```python\nkey, value = line.split(":", 1)\n```\n\n| suite | result |\n| --- | --- |\n| parser | 12 passed |\n| all | 148 passed |',
  );
  events.push(finish, finishObservation(clock, finish), statusUpdate(clock, 'finished'));
  return events;
}

function parallelConversation(clock: EventClock): WireEvent[] {
  const events: WireEvent[] = [userMessage(clock, 'What changed recently?'), statusUpdate(clock, 'running')];
  const first = terminalAction(clock, 'git status --short', {
    responseId: 'resp-parallel-1',
    thought: 'Let me look at the repository state and the recent history at once.',
  });
  const second = terminalAction(clock, 'git log --oneline -3', { responseId: 'resp-parallel-1' });
  events.push(first, second);
  events.push(
    terminalObservation(clock, first, ''),
    terminalObservation(
      clock,
      second,
      'a1b2c3d Fix header parsing\n9f8e7d6 Add parser tests\n0011223 Initial commit',
    ),
    thinkAction(clock, 'Both commands answered; the tree is clean.', { responseId: 'resp-parallel-2' }),
    agentMessage(
      clock,
      'The last three commits fixed header parsing and added its tests. The tree is clean.',
    ),
    statusUpdate(clock, 'finished'),
  );
  return events;
}

function crashConversation(clock: EventClock): WireEvent[] {
  const events: WireEvent[] = [
    userMessage(clock, 'Build the project please.'),
    statusUpdate(clock, 'running'),
  ];
  const run = terminalAction(clock, 'npm run build', {
    thought: 'Build the project.',
    summary: 'Build the project',
  });
  events.push(
    run,
    // The server was killed while the build ran; on restart it reported the cut-off call...
    agentError(
      clock,
      run,
      'A restart occurred while this tool was in progress. This may indicate a fatal memory error or system crash. The tool execution was interrupted and did not complete.',
    ),
    statusUpdate(clock, 'error'),
    userMessage(clock, 'The server restarted, please carry on.'),
    statusUpdate(clock, 'running'),
    // ...and running again re-executed the same call (seed 004).
    terminalObservation(
      clock,
      run,
      'vite v8.3.8 building for production...\n✓ 42 modules transformed.\n✓ built in 1.20s',
    ),
    agentMessage(clock, 'The build succeeded after the restart.'),
    statusUpdate(clock, 'finished'),
  );
  return events;
}

function interruptedConversation(clock: EventClock): WireEvent[] {
  const events: WireEvent[] = [
    userMessage(clock, 'Install everything and run the slow tests.'),
    statusUpdate(clock, 'running'),
  ];
  const install = terminalAction(clock, 'pip install -r requirements.txt', {
    responseId: 'resp-int-1',
    thought: 'Install the dependencies and run the slow suite in parallel.',
  });
  const slow = terminalAction(clock, 'python -m pytest tests/slow -q', { responseId: 'resp-int-1' });
  events.push(
    install,
    slow,
    agentError(clock, install, 'Tool call interrupted before completion. The conversation was paused.'),
    interruptEvent(clock),
    statusUpdate(clock, 'paused'),
  );
  return events;
}

function llmErrorConversation(clock: EventClock): WireEvent[] {
  return [
    userMessage(clock, 'Summarise the README.'),
    statusUpdate(clock, 'running'),
    conversationError(
      clock,
      'LLMAuthenticationError',
      'litellm.AuthenticationError: Incorrect API key provided.',
      {
        kind: 'auth',
        retryable: false,
        user_action: 'settings',
      },
    ),
    statusUpdate(clock, 'error'),
  ];
}

function restartConversation(clock: EventClock): WireEvent[] {
  const events: WireEvent[] = [
    userMessage(clock, 'Train the model for 50 epochs.'),
    statusUpdate(clock, 'running'),
  ];
  events.push(terminalAction(clock, 'python train.py --epochs 50', { summary: 'Train the model' }));
  return events;
}

const LONG_REPLY = [
  'Here is what I found:',
  '',
  '- the function is called from `main.py`',
  '- it returns `None` on empty input',
  '',
  '```ts\nexport function sum(xs: number[]): number {\n  return xs.reduce((a, b) => a + b, 0);\n}\n```',
].join('\n');

/** A long working session: `turns` rounds of message, tool call and answer. */
export function longConversation(clock: EventClock, targetEvents: number): WireEvent[] {
  const events: WireEvent[] = [];
  let turn = 0;
  while (events.length < targetEvents - 1) {
    turn += 1;
    events.push(userMessage(clock, `Step ${turn}: check module ${turn}.`));
    const kind = turn % 3;
    if (kind === 0) {
      const a = terminalAction(clock, `ls src/module${turn}`, {
        responseId: `resp-long-${turn}`,
        thought: `Inspect module ${turn}.`,
      });
      const b = terminalAction(clock, `wc -l src/module${turn}/*.ts`, { responseId: `resp-long-${turn}` });
      events.push(
        a,
        b,
        terminalObservation(clock, a, 'index.ts\nutil.ts'),
        terminalObservation(clock, b, '  120 index.ts\n   48 util.ts\n  168 total'),
      );
    } else if (kind === 1) {
      const edit = fileEditAction(
        clock,
        `/workspace/src/module${turn}/index.ts`,
        'return null;',
        'return [];',
      );
      events.push(edit, fileEditObservation(clock, edit, '  return null;\n', '  return [];\n'));
    } else {
      const run = terminalAction(clock, `npm test -- module${turn}`);
      // Every tenth run prints a long log, as real test suites do.
      const log =
        turn % 10 === 2
          ? Array.from({ length: 200 }, (_, i) => `ok ${i + 1} module${turn} case ${i + 1}`).join('\n')
          : '.'.repeat(40);
      events.push(run, terminalObservation(clock, run, `${log}\n${turn} passed`, 0));
    }
    events.push(agentMessage(clock, `${LONG_REPLY}\n\nStep ${turn} is done.`));
  }
  events.push(statusUpdate(clock, 'finished'));
  return events.slice(0, targetEvents);
}

const HOSTILE_HTML =
  'Here is the page: <script>window.__pwned = true</script> <img src=x onerror="window.__pwned = true"> <b>bold?</b>';

function odditiesConversation(clock: EventClock): WireEvent[] {
  const events: WireEvent[] = [
    userMessage(clock, 'Show me some odd things.'),
    statusUpdate(clock, 'running'),
  ];
  const rejected = fileEditAction(clock, '/etc/hosts', '127.0.0.1', '0.0.0.0', {
    summary: 'Edit /etc/hosts',
  });
  events.push(rejected, userReject(clock, rejected, 'Do not touch system files.'));
  const html = terminalAction(clock, 'cat page.html');
  events.push(
    html,
    terminalObservation(
      clock,
      html,
      '<script>window.__pwned = true</script><img src=x onerror="window.__pwned = true">',
    ),
    agentMessage(clock, HOSTILE_HTML),
  );
  const huge = terminalAction(clock, 'cat big.log');
  events.push(
    huge,
    terminalObservation(
      clock,
      huge,
      Array.from({ length: 20000 }, (_, i) => `line ${i + 1}: ${'x'.repeat(40)}`).join('\n'),
    ),
    {
      ...clock.next(),
      kind: 'TelemetryPulseEvent',
      source: 'environment',
      payload: { cpu: 0.4 },
    } as WireEvent,
    deliberatelyMalformed({ ...clock.next(), kind: 'MessageEvent', source: 'agent', llm_message: null }),
  );
  // An outcome whose action the server never sent: shown on its own.
  const ghost = terminalAction(clock, 'echo never-loaded');
  events.push(
    terminalObservation(clock, ghost, 'never-loaded'),
    agentMessage(clock, 'That is all.'),
    statusUpdate(clock, 'finished'),
  );
  return events;
}

/** Under an earlier event: the first event of a new branch (appended after a navigate there). */
const under = <T extends WireEvent>(event: T, parent: WireEvent): T => ({
  ...event,
  parent_id: parent.id,
});

/**
 * A conversation branched three times, as edits and a regenerate leave it: the second request as
 * first sent, then edited, then the edited one answered again. HEAD was moved back to the edited
 * request's first answer, so the newest event is not on the active branch.
 */
function branchedConversation(clock: EventClock): WireEvent[] {
  const events: WireEvent[] = [userMessage(clock, 'Write a greeting function in greet.py')];
  const create = terminalAction(clock, `printf 'def greet():\\n    return "Hello"\\n' > greet.py`);
  events.push(create, terminalObservation(clock, create, '', 0));
  const answer = agentMessage(clock, 'Done: `greet()` in greet.py returns "Hello".');
  events.push(answer, statusUpdate(clock, 'finished'));
  events.push(userMessage(clock, 'Make it say hello in French'));
  events.push(
    agentMessage(clock, 'Bonjour ! `greet()` now answers in French.'),
    statusUpdate(clock, 'finished'),
  );
  const spanish = under(userMessage(clock, 'Make it say hello in Spanish'), answer);
  events.push(spanish, agentMessage(clock, '¡Hola! `greet()` now answers in Spanish.'));
  events.push(statusUpdate(clock, 'finished'));
  events.push(under(agentMessage(clock, 'Hola, then: `greet()` returns "Hola".'), spanish));
  events.push(statusUpdate(clock, 'finished'));
  return events;
}

/** Every kind of row and card in one conversation, for the visual snapshot. */
function galleryConversation(clock: EventClock): WireEvent[] {
  const tasks: Task[] = [
    { title: 'Read the code', status: 'done' },
    { title: 'Change it', status: 'in_progress' },
    { title: 'Test it', status: 'todo' },
  ];
  const events: WireEvent[] = [
    userMessage(clock, 'Show me **every** kind of card.'),
    statusUpdate(clock, 'running'),
  ];
  events.push(agentMessage(clock, 'Starting with a plan.', 'The user wants a tour of the cards.'));
  const plan = taskTrackerAction(clock, tasks, {
    responseId: 'resp-g-1',
    thought: 'Plan, then inspect two things at once.',
  });
  const ls = terminalAction(clock, 'ls', { responseId: 'resp-g-1', risk: 'LOW' });
  events.push(
    plan,
    ls,
    taskTrackerObservation(clock, plan, tasks),
    terminalObservation(clock, ls, 'README.md\nsrc'),
  );
  const failing = terminalAction(clock, 'make test', { risk: 'MEDIUM' });
  // Coloured as pytest colours it, with a bracketed-paste sequence that must not show.
  events.push(
    failing,
    terminalObservation(
      clock,
      failing,
      '\u001b[?2004l\u001b[1m\u001b[31mFAILED\u001b[0m tests/test_a.py::test_one - \u001b[33massert 1 == 2\u001b[0m\n\u001b[32m3 passed\u001b[0m, \u001b[1;31m1 failed\u001b[0m',
      2,
    ),
  );
  const edit = fileEditAction(clock, '/workspace/src/a.py', 'return 1', 'return 2');
  events.push(
    edit,
    fileEditObservation(clock, edit, 'def one():\n    return 1\n', 'def one():\n    return 2\n'),
  );
  const rejected = terminalAction(clock, 'rm -rf build', { risk: 'HIGH' });
  events.push(rejected, userReject(clock, rejected, 'Keep the build folder.'));
  const broken = terminalAction(clock, 'cat missing.txt', { summary: 'Read a file that is not there' });
  events.push(broken, agentError(clock, broken, 'Tool "terminal" failed: the command could not be started.'));
  const crashed = terminalAction(clock, 'npm run build');
  events.push(
    crashed,
    agentError(
      clock,
      crashed,
      'A restart occurred while this tool was in progress. The tool execution was interrupted and did not complete.',
    ),
    terminalObservation(clock, crashed, 'built in 1.2s'),
  );
  events.push(terminalAction(clock, 'sleep 600', { summary: 'Wait for the queue' }));
  events.push(thinkAction(clock, 'Everything so far is shown; now the markers.'));
  events.push(interruptEvent(clock), statusUpdate(clock, 'paused'));
  events.push(
    conversationError(clock, 'LLMRateLimitError', 'Rate limit reached for the model.', {
      kind: 'rate_limit',
      retryable: true,
      user_action: 'retry',
    }),
  );
  events.push({
    ...clock.next(),
    kind: 'BrandNewEvent',
    source: 'agent',
    note: 'from a newer server',
  } as WireEvent);
  const finish = finishAction(clock, 'That was **every** card.');
  events.push(finish, finishObservation(clock, finish), statusUpdate(clock, 'finished'));
  return events;
}

export function seedStore(store: MockStore): void {
  const hour = 3600_000;
  store.savedWorkspaces = [{ id: WORKSPACE_ROOT, name: 'workspace', path: WORKSPACE_ROOT }];
  store.add(conversation(SEEDED.parser, 'Fix header parsing', 'finished', SEED_TIME, parserConversation));
  store.add(conversation(SEEDED.parallel, null, 'finished', SEED_TIME - hour, parallelConversation));
  store.add(
    conversation(SEEDED.crash, 'Build after a crash', 'finished', SEED_TIME - 2 * hour, crashConversation),
  );
  store.add(
    conversation(
      SEEDED.interrupted,
      'Slow test run, stopped',
      'paused',
      SEED_TIME - 3 * hour,
      interruptedConversation,
    ),
  );
  store.add(
    conversation(SEEDED.llmError, 'Wrong LLM key', 'error', SEED_TIME - 4 * hour, llmErrorConversation),
  );
  store.add(
    conversation(
      SEEDED.restart,
      'Training cut by a restart',
      'error',
      SEED_TIME - 5 * hour,
      restartConversation,
    ),
  );
  store.add(
    conversation(SEEDED.long, 'A long session (2,000 events)', 'finished', SEED_TIME - 6 * hour, (c) =>
      longConversation(c, 1999),
    ),
  );
  store.add(
    conversation(
      SEEDED.oddities,
      'Odd events and hostile output',
      'finished',
      SEED_TIME - 7 * hour,
      odditiesConversation,
    ),
  );
  store.add(
    conversation(SEEDED.gallery, 'Every kind of card', 'finished', SEED_TIME - 8 * hour, galleryConversation),
  );
  // Older than the list's first page: it is opened by its address.
  store.add(
    conversation(
      SEEDED.branched,
      'Greeting, tried two ways',
      'finished',
      SEED_TIME - 60 * hour,
      branchedConversation,
      (events) =>
        events.find(
          (event) =>
            event.kind === 'MessageEvent' && JSON.stringify(event).includes('now answers in Spanish'),
        )!.id,
    ),
  );
  // Enough older conversations that the list needs a second page.
  for (let i = 1; i <= 24; i++) {
    const id = `3f1c2a4e-0000-4000-8000-1000000000${String(i).padStart(2, '0')}`;
    const start = SEED_TIME - (24 + i) * hour;
    store.add(
      conversation(id, i % 4 === 0 ? null : `Earlier task ${i}`, 'finished', start, (c) => [
        userMessage(c, `Earlier request number ${i}`),
        agentMessage(c, `Answer number ${i}.`),
        statusUpdate(c, 'finished'),
      ]),
    );
  }
}

/** Conversations for `npm run bench` and the budget checks, seeded on demand (`?seed=bench`). */
export const BENCH = {
  events10k: '3f1c2a4e-0000-4000-8000-b00000010000',
  events5k: '3f1c2a4e-0000-4000-8000-b00000005000',
  events1k: '3f1c2a4e-0000-4000-8000-b00000001000',
  events10: '3f1c2a4e-0000-4000-8000-b00000000010',
} as const;

export function seedBenchConversations(store: MockStore): void {
  const hour = 3600_000;
  store.add(
    conversation(BENCH.events10k, 'Bench: 10,000 events', 'finished', SEED_TIME - 100 * hour, (c) =>
      longConversation(c, 9999),
    ),
  );
  store.add(
    conversation(BENCH.events5k, 'Bench: 5,000 events', 'finished', SEED_TIME - 101 * hour, (c) =>
      longConversation(c, 4999),
    ),
  );
  store.add(
    conversation(BENCH.events1k, 'Bench: 1,000 events', 'finished', SEED_TIME - 101.5 * hour, (c) =>
      longConversation(c, 999),
    ),
  );
  store.add(
    conversation(BENCH.events10, 'Bench: 10 events', 'finished', SEED_TIME - 102 * hour, (c) =>
      longConversation(c, 9),
    ),
  );
}

/** The second built-in mock's conversations: their updates fall between the first mock's. */
export const SECOND_SEEDED = {
  review: '5e2d0b7c-0000-4000-8000-000000000001',
  deploy: '5e2d0b7c-0000-4000-8000-000000000002',
  flaky: '5e2d0b7c-0000-4000-8000-000000000003',
} as const;

export function seedSecondServer(store: MockStore): void {
  const hour = 3600_000;
  store.savedWorkspaces = [
    { id: '/srv/deploy', name: 'deploy', path: '/srv/deploy' },
    { id: '/srv/release-notes', name: 'release-notes', path: '/srv/release-notes' },
  ];
  const simple = (id: string, title: string, request: string, answer: string, startMs: number) =>
    conversation(id, title, 'finished', startMs, (c) => [
      userMessage(c, request),
      agentMessage(c, answer),
      statusUpdate(c, 'finished'),
    ]);
  store.add(
    simple(
      SECOND_SEEDED.review,
      'Review the release notes',
      'Review the release notes for typos.',
      'Two typos fixed in the release notes.',
      SEED_TIME - 0.5 * hour,
    ),
  );
  store.add(
    simple(
      SECOND_SEEDED.deploy,
      'Deploy script on the workstation',
      'Why does the deploy script fail on the workstation?',
      'It reads a variable that only the laptop sets.',
      SEED_TIME - 2.5 * hour,
    ),
  );
  store.add(
    simple(
      SECOND_SEEDED.flaky,
      'Flaky integration test',
      'Find out why the integration test is flaky.',
      'It depends on the order of two timers.',
      SEED_TIME - 30 * hour,
    ),
  );
}

/** The third built-in mock's conversations, behind its session key. */
export const THIRD_SEEDED = {
  migration: '7a4c1f2e-0000-4000-8000-000000000001',
} as const;

export const THIRD_MOCK_KEY = 'third-key';

export function seedThirdServer(store: MockStore): void {
  store.sessionApiKeys = [THIRD_MOCK_KEY];
  store.add(
    conversation(
      THIRD_SEEDED.migration,
      'Database migration dry run',
      'finished',
      SEED_TIME - 1.5 * 3600_000,
      (c) => [
        userMessage(c, 'Dry-run the database migration.'),
        agentMessage(c, 'The dry run finished: 3 tables change, none lose data.'),
        statusUpdate(c, 'finished'),
      ],
    ),
  );
}

/**
 * Many conversations on a mock, for the bench's inbox figure (`?seed=bench`): `count`
 * conversations of two events each, an hour apart, starting `offsetMs` before the seed time.
 */
export function seedManyConversations(
  store: MockStore,
  prefix: string,
  count: number,
  offsetMs: number,
): void {
  for (let i = 0; i < count; i++) {
    const id = `${prefix}-0000-4000-8000-${String(i).padStart(12, '0')}`;
    store.add(
      conversation(id, `Bench inbox ${prefix} ${i}`, 'finished', SEED_TIME - offsetMs - i * 3600_000, (c) => [
        userMessage(c, `Request ${i}`),
        agentMessage(c, `Answer ${i}.`),
      ]),
    );
  }
}

/**
 * A board's worth on each mock, for the bench's board figure (`?seed=board`): `count` conversations
 * at rest (nothing runs, so the lists are read at the idle pace), every kind of place among them:
 * one in ten waits on an error or is stuck, one in five finished with a file edited, the rest
 * finished or idle. They changed within the last days, so the board reads each one's newest events.
 */
export function seedBoardConversations(store: MockStore, prefix: string, count: number, now: number): void {
  for (let i = 0; i < count; i++) {
    const id = `${prefix}-0000-4000-8000-${String(i).padStart(12, '0')}`;
    const status = i % 20 === 0 ? 'error' : i % 20 === 10 ? 'stuck' : i % 7 === 0 ? 'idle' : 'finished';
    const edits = i % 5 === 1;
    store.add(
      conversation(id, `Board ${i}`, status, now - 3_600_000 - i * 600_000, (c) => {
        const edit = fileEditAction(c, `${WORKSPACE_ROOT}/src/module${i}.py`, 'a = 1', 'a = 2');
        return [
          userMessage(c, `Task ${i}`),
          ...(edits ? [edit, fileEditObservation(c, edit, 'a = 1\n', 'a = 2\n')] : []),
          agentMessage(c, i % 9 === 4 ? `Done with ${i}. Shall I go on?` : `Done with ${i}.`),
        ];
      }),
    );
  }
}
