import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  EventClock,
  agentError,
  agentMessage,
  conversationError,
  statusUpdate,
  systemPrompt,
  terminalAction,
  terminalObservation,
  userMessage,
} from '../../../mocks/events';
import { appendUnder, pathToRoot } from '../../../mocks/tree';
import type { WireEvent } from '../../agent-server/protocol';
import { gated } from '../testing/gated';
import { ConversationEventLog } from '../eventLog';
import { projectEvents, type ConversationProjection } from '../projection';

// The rows follow the active branch of the server's event tree, however its events arrive.

const clock = () => new EventClock(Date.UTC(2026, 10, 1, 9), 'b');

/** A server's log, appended to as the server does: under HEAD, which moves with each append or navigate. */
class Server {
  readonly events: WireEvent[] = [];
  head: string | null = null;
  append(...events: WireEvent[]): WireEvent[] {
    return events.map((event) => {
      const appended = appendUnder(event, this.head, this.events.length === 0);
      this.events.push(appended.event);
      this.head = appended.head;
      return appended.event;
    });
  }
  navigate(to: string | null) {
    this.head = to;
  }
}

/** Three branches: the second message as sent, as edited, and the edited one's answer again. */
function branchedConversation() {
  const c = clock();
  const server = new Server();
  const ls = terminalAction(c, 'ls');
  server.append(systemPrompt(c), userMessage(c, 'one'), statusUpdate(c, 'running'), ls);
  server.append(terminalObservation(c, ls, 'a.py', 0), agentMessage(c, 'First answer.'));
  const [, firstAnswer] = server.events.slice(-2);
  server.append(statusUpdate(c, 'finished'));
  const pwd = terminalAction(c, 'pwd');
  server.append(
    userMessage(c, 'two'),
    pwd,
    terminalObservation(c, pwd, '/w', 0),
    agentMessage(c, 'Answer A.'),
  );
  const leafA = server.head!;
  server.navigate(firstAnswer!.id);
  const [edited] = server.append(userMessage(c, 'two, edited'));
  server.append(agentMessage(c, 'Answer B.'), statusUpdate(c, 'finished'));
  const leafB = server.head!;
  server.navigate(edited!.id);
  server.append(agentMessage(c, 'Answer B, again.'));
  const leafC = server.head!;
  return { server, c, leaves: { A: leafA, B: leafB, C: leafC }, firstAnswer: firstAnswer!.id };
}

/** A request answered by two parallel calls (one LLM response), both still running. */
function twoParallelCalls() {
  const c = clock();
  const server = new Server();
  const first = terminalAction(c, 'echo first', { responseId: 'r' });
  const second = terminalAction(c, 'echo second', { responseId: 'r' });
  server.append(systemPrompt(c), userMessage(c, 'two slow things'), first, second);
  return { c, server, first, second };
}

function snapshot(projection: ConversationProjection) {
  return projection.rows.map((row) => ({
    ...row,
    ...(row.type === 'turn' ? { calls: row.calls.map((call) => ({ ...call })) } : {}),
  }));
}

/** The reference: the branch's events and the state updates, projected from scratch. */
function branchRows(events: readonly WireEvent[], leaf: string | null) {
  const updates = events.filter((event) => event.kind === 'ConversationStateUpdateEvent');
  return snapshot(projectEvents(gated([...pathToRoot(events, leaf), ...updates])));
}

const texts = (log: ConversationEventLog) =>
  log.projection.rows.flatMap((row) =>
    row.type === 'message' ? [(row.event.llm_message.content[0] as { text: string }).text] : [],
  );

describe('the active branch', () => {
  it('shows only the branch HEAD ends, and another when HEAD moves', () => {
    const { server, leaves } = branchedConversation();
    const log = new ConversationEventLog();
    log.ingest(server.events);
    // Unpinned, HEAD is the newest event appended: the third branch.
    expect(texts(log)).toEqual(['one', 'First answer.', 'two, edited', 'Answer B, again.']);
    log.setHead(leaves.A);
    expect(texts(log)).toEqual(['one', 'First answer.', 'two', 'Answer A.']);
    expect(snapshot(log.projection)).toEqual(branchRows(server.events, leaves.A));
    log.setHead(leaves.B);
    expect(texts(log)).toEqual(['one', 'First answer.', 'two, edited', 'Answer B.']);
    // Every event stays held, whatever its branch.
    expect(server.events.every((event) => log.has(event.id))).toBe(true);
  });

  it('follows a live append under a HEAD moved back, and not an old child of it loaded later', () => {
    const { server, c, firstAnswer } = branchedConversation();
    const log = new ConversationEventLog();
    // The newest page first: the older events, the second message's first version among them, come later.
    log.ingest(server.events.slice(-4));
    log.setHead(firstAnswer);
    server.navigate(firstAnswer);
    const [again] = server.append(userMessage(c, 'two, third try'));
    log.ingest([again], { live: true });
    log.ingest(server.events.slice(0, -5));
    expect(texts(log)).toEqual(['one', 'First answer.', 'two, third try']);
    expect(snapshot(log.projection)).toEqual(branchRows(server.events, again!.id));
  });

  it("takes the info's HEAD for a branch's end, not for an event with one held under it", () => {
    const c = clock();
    const server = new Server();
    const [, ask] = server.append(systemPrompt(c), userMessage(c, 'This will fail'));
    server.append(
      statusUpdate(c, 'error'),
      conversationError(c, 'LLMAuthenticationError', '401', { kind: 'authentication' }),
    );
    // 1.58's info named the message as HEAD after its error event was persisted (seen: its cache
    // keeps an info whose save changed neither the file's size nor its clock tick).
    const log = new ConversationEventLog();
    log.ingest([...server.events].reverse());
    log.setHead(ask!.id, { from: 'info' });
    expect(log.projection.errorExplained).toBe(true);
    expect(snapshot(log.projection)).toEqual(branchRows(server.events, server.head));
    // A navigate's own answer is the server's word now: it moves HEAD to any event.
    log.setHead(ask!.id);
    expect(log.projection.errorExplained).toBe(false);
    // And the info's HEAD at a branch's end is taken (a switch made in another tab).
    const { server: branched, leaves } = branchedConversation();
    const other = new ConversationEventLog();
    other.ingest(branched.events);
    other.setHead(leaves.A, { from: 'info' });
    expect(texts(other)).toEqual(['one', 'First answer.', 'two', 'Answer A.']);
  });

  it('follows appends, not timestamps: 1.57 can persist an event stamped before the one it follows', () => {
    const c = clock();
    const server = new Server();
    const ask = userMessage(c, 'one');
    const early = agentMessage(c, 'Made in another thread, persisted last.');
    const ls = terminalAction(c, 'ls');
    server.append(systemPrompt(c), ask, ls, early);
    const log = new ConversationEventLog();
    for (const event of server.events) log.ingest([event], { live: true });
    expect(texts(log)).toEqual(['one', 'Made in another thread, persisted last.']);
    expect(log.projection.rows).toHaveLength(3);
  });

  it('keeps the parallel calls a crash recovery left off the path (1.57 parents its error to the first)', () => {
    const { c, server, first, second } = twoParallelCalls();
    // After the restart: the error names the first call as its parent, and becomes HEAD.
    server.append({
      ...agentError(c, first, 'A restart occurred while this tool was in progress.'),
      parent_id: first.id,
    });
    server.append(agentMessage(c, 'Recovered.'));
    const log = new ConversationEventLog();
    for (const event of server.events) log.ingest([event], { live: true });
    const turn = log.projection.rows.find((row) => row.type === 'turn');
    expect(turn?.type === 'turn' && turn.calls.map((call) => call.action?.id)).toEqual([first.id, second.id]);
    expect(texts(log)).toEqual(['two slow things', 'Recovered.']);
  });

  it("takes a recovery error that a history page brought before the socket's replay as HEAD", () => {
    const { c, server, first } = twoParallelCalls();
    const log = new ConversationEventLog();
    for (const event of server.events) log.ingest([event], { live: true });
    // The server is killed and comes back: its recovery error goes under the first call, beside
    // the second. The history page, read again as the server answered, brings it first (seen on
    // 1.58.2 under load); the socket's replay then brings it again.
    const [, error] = server.append(statusUpdate(c, 'error'), {
      ...agentError(c, first, 'A restart occurred while this tool was in progress.'),
      parent_id: first.id,
    });
    log.ingest([...server.events].reverse());
    log.ingest([error], { live: true });
    const turn = log.projection.rows.find((row) => row.type === 'turn');
    expect(turn?.type === 'turn' && turn.calls.map((call) => call.outcomes.map((o) => o.id))).toEqual([
      [error!.id],
      [],
    ]);
  });

  it("follows the copy's HEAD down to what a page brings under it later", () => {
    const c = clock();
    const server = new Server();
    server.append(systemPrompt(c), userMessage(c, 'one'), statusUpdate(c, 'running'));
    const ls = terminalAction(c, 'ls');
    server.append(ls, terminalObservation(c, ls, 'a.py', 0));
    // What the browser's copy held when it was last written, and the HEAD it saw then.
    const copied = [...server.events];
    const copiedHead = server.head!;
    server.append(agentMessage(c, 'Done.'), statusUpdate(c, 'finished'));
    const log = new ConversationEventLog();
    log.ingest(copied);
    log.setHead(copiedHead, { from: 'copy' });
    // After a reload the newest page comes with what was appended since (seen on 1.57.0: the
    // transcript stopped at the copy's HEAD, the final answer under it missing).
    log.ingest([...server.events].reverse());
    expect(texts(log)).toEqual(['one', 'Done.']);
    expect(log.projection.statusFromEvents).toBe('finished');
  });

  it("a copy read after the server's info does not undo the info's HEAD", () => {
    // The copy is written a second after HEAD moves: a reload sooner keeps the HEAD before the
    // last switch. Its read can land after the info and the newest page are in (seen on 1.58.2:
    // the reload opened the branch switched away from).
    const { server, leaves } = branchedConversation();
    const log = new ConversationEventLog();
    log.ingest([...server.events].reverse());
    log.setHead(leaves.C, { from: 'info' });
    log.ingest(server.events);
    log.setHead(leaves.A, { from: 'copy' });
    expect(texts(log)).toEqual(['one', 'First answer.', 'two, edited', 'Answer B, again.']);
    // Read first, the copy's HEAD stands until the info's word comes.
    const reloaded = new ConversationEventLog();
    reloaded.ingest(server.events);
    reloaded.setHead(leaves.A, { from: 'copy' });
    expect(texts(reloaded)).toEqual(['one', 'First answer.', 'two', 'Answer A.']);
    reloaded.setHead(leaves.C, { from: 'info' });
    expect(texts(reloaded)).toEqual(['one', 'First answer.', 'two, edited', 'Answer B, again.']);
  });

  it('a replay of events held since before a navigate does not undo it', () => {
    const { server, leaves } = branchedConversation();
    const log = new ConversationEventLog();
    for (const event of server.events) log.ingest([event], { live: true });
    log.setHead(leaves.A);
    // A socket whose cursor lagged the events held replays the newest branch's appends again.
    for (const event of server.events.slice(-3)) log.ingest([{ ...event }], { live: true });
    expect(texts(log)).toEqual(['one', 'First answer.', 'two', 'Answer A.']);
  });

  it('a log from before the tree (no parent ids) is one line, as it always was', () => {
    const c = clock();
    const events = [userMessage(c, 'one'), agentMessage(c, 'Answer.'), userMessage(c, 'two')];
    const log = new ConversationEventLog();
    log.ingest(events);
    log.setHead(events[1]!.id);
    expect(texts(log)).toEqual(['one', 'Answer.', 'two']);
  });

  it('equals the branch projected from scratch for any arrival order, duplicates and pages', () => {
    const { server, leaves } = branchedConversation();
    const all = server.events;
    const expected = {
      newest: branchRows(all, leaves.C),
      A: branchRows(all, leaves.A),
      B: branchRows(all, leaves.B),
    };
    fc.assert(
      fc.property(
        fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length }),
        fc.array(fc.nat(all.length - 1), { maxLength: 6 }),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 5 }),
        fc.constantFrom<('A' | 'B')[]>(['A', 'B'], ['B', 'A'], ['A']),
        (shuffled, duplicateAt, chunkSizes, moves) => {
          const arrival = [...shuffled, ...duplicateAt.map((i) => all[i]!)];
          const log = new ConversationEventLog();
          let at = 0;
          let size = 0;
          while (at < arrival.length) {
            const chunk = chunkSizes[size++ % chunkSizes.length]!;
            log.ingest(arrival.slice(at, at + chunk));
            at += chunk;
          }
          expect(snapshot(log.projection)).toEqual(expected.newest);
          for (const move of moves) {
            log.setHead(leaves[move]);
            expect(snapshot(log.projection)).toEqual(expected[move]);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
