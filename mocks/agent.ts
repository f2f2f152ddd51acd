import { contentText, type ActionEvent, type Content, type WireEvent } from '../src/agent-server/protocol';
import {
  LiveClock,
  agentError,
  agentMessage,
  condensation,
  condensationRequest,
  fileEditAction,
  fileEditObservation,
  interruptEvent,
  modelUpdate,
  pauseEvent,
  statsUpdate,
  statusUpdate,
  taskTrackerAction,
  taskTrackerObservation,
  terminalAction,
  action as toolAction,
  browserObservation,
  planEditObservation,
  childConversationAction,
  conversationError,
  childConversationObservation,
  subAgentAction,
  subAgentObservation,
  terminalObservation,
  userMessage,
  userReject,
} from './events';
import { toolNamesOf, type MockStore, type StoredConversation } from './store';
import { queuedAnswer, scriptFor, type AgentTiming, type Step } from './scripts';
import { countRequest, requestTokens } from './usage';
import { ANSWER_REQUEST } from '../src/conversation/answers/answerRequest';

// A scripted agent for the mock agent-server. It behaves as the real server does from the
// outside: persisted events for every step, StreamingDeltaEvents (never persisted) while it
// "thinks", messages accepted mid-run (persisted at once, answered after the current step),
// interrupt at once, pause between steps, confirmation mode, and crash recovery on "restart".
// A run is plain data (steps and a cursor, scripts.ts) so that it survives a page reload of the
// mock; this file performs it.
//
// Over 400 lines, and one idea: performing a run, step by step, as the server's run loop does.
// The steps themselves are scripts.ts's, the persisted shapes events.ts's.

export type Publish = (conversation: StoredConversation, event: WireEvent) => void;

/** A stream's progress, as the session socket frames it (the server turns it into the legacy deltas too). */
export type StreamProgress =
  | { type: 'item_started'; item_id: string; attempt: number; anchor_seq: number | null }
  | {
      type: 'delta';
      item_id: string;
      attempt: number;
      order: number;
      kind: 'text' | 'reasoning';
      content: string;
    }
  | { type: 'item_aborted'; item_id: string; attempt: number; reason: string };

export type PublishProgress = (conversation: StoredConversation, frame: StreamProgress) => void;

/** Which tab this mock runs in, and whether another tab is still open. */
export interface MockTab {
  id: string;
  isAlive(tabId: string): boolean;
}

type LiveRun = {
  cancelled: boolean;
  timers: Set<ReturnType<typeof setTimeout>>;
  /** The stream open now: its id is the id the step's persisted event will carry. */
  openItem?: string;
};

class Cancelled extends Error {}

/** How often a held step or tool looks whether it may go on. */
const HOLD_CHECK_MS = 20;

/** How long the mock's title "call" takes. */
export const TITLE_AFTER_MS = 600;

/** The server's title without a model (title_utils.generate_fallback_title). */
export function fallbackTitle(message: string, maxLength = 50): string {
  const title = message.trim();
  return title.length > maxLength ? `${title.slice(0, maxLength - 3)}...` : title;
}

export class MockAgent {
  /** The pace of the agent; kept with the store, so a reload of the mock keeps it. */
  get timing(): AgentTiming {
    return this.store.agentTiming;
  }
  set timing(timing: AgentTiming) {
    this.store.agentTiming = timing;
    this.store.save();
  }
  private readonly live = new Map<string, LiveRun>();
  /**
   * Test control: while set, tools do not finish (after `toolMs`, each waits for it to be unset,
   * or for releaseTools), so that a journey sees each state of a run for as long as it needs to,
   * without guessing how long.
   */
  toolsHeld = false;
  private toolsReleased = 0;
  /**
   * Test control: while set, the agent begins no step: it waits for its model, as the real one
   * does, so that nothing in the transcript moves until a journey lets it go on.
   */
  stepsHeld = false;

  /**
   * Test control: the next message sent while a run goes is persisted only as the run's last step
   * ends, and never read: the run ends `finished` without it, and nothing starts for it. A server
   * fault, seen once on 1.57.0 (docs/agent-server-notes.md), played here so that Tether's remedy
   * can be seen to work.
   */
  missNextMessage = false;
  private readonly missed = new Map<string, string | Content[]>();
  /**
   * Conversations whose AutoTitleSubscriber is subscribed in this process: the server keeps it
   * subscribed after the name is set, and it takes one of the conversation's 50 places.
   */
  readonly titleSubscribed = new Set<string>();

  /** Lets the next `count` held tools finish, one after another. */
  releaseTools(count = 1): void {
    this.toolsReleased += count;
  }

  /**
   * A conversation made with `autotitle` (the server's AutoTitleSubscriber): its first message
   * names it, a moment later. Kept with the store, so a reload of the mock forgets no name.
   */
  nameFromFirstMessage(conversationId: string): void {
    this.titleSubscribed.add(conversationId);
    this.store.toName.set(conversationId, {});
    this.store.save();
  }

  constructor(
    private readonly store: MockStore,
    private readonly publish: Publish,
    private readonly progress: PublishProgress = () => {},
    private readonly tab: MockTab = { id: 'this-tab', isAlive: () => false },
  ) {}

  clock(conversation: StoredConversation): LiveClock {
    return this.store.clockFor(conversation);
  }

  /** A user message: persisted at once; answered now, or after the current step of a run. */
  message(conversation: StoredConversation, content: string | Content[], run: boolean): void {
    const text = typeof content === 'string' ? content : contentText(content);
    const status = conversation.info.execution_status;
    if (status === 'waiting_for_confirmation') {
      // As on the real server: a message now approves the pending actions.
      this.publish(conversation, userMessage(this.clock(conversation), content));
      this.respond(conversation, true);
      this.queueAnswer(conversation, text);
      return;
    }
    // As send_message does: a new message resets a finished (or stuck) conversation to idle, and
    // that status update comes before the message.
    if (status === 'finished' || status === 'stuck') this.setStatus(conversation, 'idle');
    const current = this.store.runs.get(conversation.info.id);
    if (current && status === 'running' && this.missNextMessage) {
      this.missNextMessage = false;
      this.missed.set(conversation.info.id, content);
      return;
    }
    this.publish(conversation, userMessage(this.clock(conversation), content));
    this.nameLater(conversation, text);
    if (current && status === 'running') {
      this.queueAnswer(conversation, text);
      return;
    }
    if (!run) return;
    // The scripts name the repository's files; in a worktree, the agent works on its own copies.
    const workingDir = (conversation.info.workspace as { working_dir?: string } | undefined)?.working_dir;
    const here = (path: string) => (workingDir ? this.store.workspace.inWorkingTree(path, workingDir) : path);
    this.store.runs.set(conversation.info.id, {
      // Asked to answer a message it missed, the model answers that one, as it reads the history.
      steps: scriptFor(
        text === ANSWER_REQUEST ? this.messageBefore(conversation, text) : text,
        toolNamesOf(conversation),
        (path) => {
          const bytes = this.store.workspace.read(here(path));
          return bytes && new TextDecoder().decode(bytes);
        },
      ).map((step) => ('path' in step ? { ...step, path: here(step.path) } : step)),
      step: 0,
      owner: this.tab.id,
    });
    this.start(conversation);
  }

  /** The text of the newest user message before the newest one (which is `text`). */
  private messageBefore(conversation: StoredConversation, text: string): string {
    const said = conversation.events
      .filter((event) => event.kind === 'MessageEvent' && event.source === 'user')
      .map((event) => contentText((event as { llm_message?: { content?: unknown } }).llm_message?.content));
    return said.slice(0, -1).at(-1) ?? text;
  }

  /** POST /run: 409 while running; a finished conversation needs a message instead. */
  run(conversation: StoredConversation): 'started' | 'conflict' | 'noop' {
    const status = conversation.info.execution_status;
    if (status === 'running') return 'conflict';
    if (status === 'finished' || status === 'idle') return 'noop';
    const current = this.store.runs.get(conversation.info.id);
    const remaining = current ? current.steps.slice(current.step + (current.actionId ? 1 : 0)) : [];
    this.store.runs.set(conversation.info.id, {
      owner: this.tab.id,
      steps: remaining.length
        ? remaining
        : [{ type: 'answer', say: 'Picking up where I stopped: nothing is left to do.' }],
      step: 0,
    });
    this.start(conversation);
    return 'started';
  }

  /** POST /interrupt: cancels at once, even mid-stream or mid-tool. */
  interrupt(conversation: StoredConversation): void {
    const id = conversation.info.id;
    const openItem = this.live.get(id)?.openItem;
    this.cancel(id);
    if (openItem) {
      this.progress(conversation, {
        type: 'item_aborted',
        item_id: openItem,
        attempt: 1,
        reason: 'cancelled',
      });
    }
    const run = this.store.runs.get(id);
    const clock = this.clock(conversation);
    const inFlight = run?.actionId ? this.findAction(conversation, run.actionId) : undefined;
    if (inFlight) {
      this.publish(
        conversation,
        agentError(clock, inFlight, 'Tool call interrupted before completion. The conversation was paused.'),
      );
    }
    if (
      conversation.info.execution_status === 'running' ||
      conversation.info.execution_status === 'waiting_for_confirmation'
    ) {
      this.publish(conversation, interruptEvent(clock));
      this.setStatus(conversation, 'paused');
    }
  }

  /** POST /pause: the current step finishes first. */
  pause(conversation: StoredConversation): void {
    const run = this.store.runs.get(conversation.info.id);
    if (run && conversation.info.execution_status === 'running') run.pauseRequested = true;
  }

  /** respond_to_confirmation: approve runs the pending action; reject ends the run. */
  respond(conversation: StoredConversation, accept: boolean, reason = 'User rejected the action.'): void {
    if (conversation.info.execution_status !== 'waiting_for_confirmation') return;
    const run = this.store.runs.get(conversation.info.id);
    if (!run) return;
    if (accept) {
      this.setStatus(conversation, 'running');
      this.start(conversation);
      return;
    }
    const pending = run.actionId ? this.findAction(conversation, run.actionId) : undefined;
    if (pending) this.publish(conversation, userReject(this.clock(conversation), pending, reason));
    this.store.runs.delete(conversation.info.id);
    this.setStatus(conversation, 'idle');
  }

  /** A hard kill and restart of the server: what was in flight is reported cut off. */
  restart(): void {
    for (const [id, run] of this.store.runs) {
      const conversation = this.store.get(id);
      this.cancel(id);
      if (!conversation || conversation.info.execution_status !== 'running') continue;
      const inFlight = run.actionId ? this.findAction(conversation, run.actionId) : undefined;
      if (inFlight) {
        this.publish(
          conversation,
          agentError(
            this.clock(conversation),
            inFlight,
            'A restart occurred while this tool was in progress. This may indicate a fatal memory error or system crash. The tool execution was interrupted and did not complete.',
          ),
        );
      }
      this.setStatus(conversation, 'error');
    }
  }

  /**
   * Resumes the runs a reload of the page interrupted (the "server" kept working): this tab's
   * own, and those of a tab that is gone. Another live tab's runs are its to perform.
   */
  resumeAll(): void {
    for (const id of this.store.toName.keys()) this.nameWhenDue(id);
    for (const [id, run] of this.store.runs) {
      const conversation = this.store.get(id);
      if (conversation?.info.execution_status !== 'running' || this.live.has(id)) continue;
      if (run.owner !== undefined && run.owner !== this.tab.id && this.tab.isAlive(run.owner)) continue;
      run.owner = this.tab.id;
      this.start(conversation);
    }
  }

  /**
   * POST /switch_llm: the agent gets the new LLM (its key masked in what is persisted), and the
   * next step's request is counted under the same usage id, as the server keeps one count per id.
   */
  switchModel(
    conversation: StoredConversation,
    model: string,
    baseUrl: string | undefined,
    connectionId?: string,
  ): void {
    const update = modelUpdate(this.clock(conversation), model, baseUrl);
    // The info keeps the whole LLM the server holds, with the new model and URL in it (and the
    // kept key's reference, which the server keeps beside the key it resolved).
    const agent = conversation.info.agent as { llm?: object };
    conversation.info.agent = {
      ...agent,
      llm: {
        ...agent.llm,
        model,
        ...(baseUrl ? { base_url: baseUrl } : {}),
        ...(connectionId ? { provider_connection_id: connectionId } : {}),
      },
    };
    this.publish(conversation, update);
  }

  /**
   * POST /condense with a condenser: the request, then the condensation that forgets all but the
   * newest steps, then the condenser's request counted. Without one the handler refuses (409).
   */
  condense(conversation: StoredConversation): void {
    const clock = this.clock(conversation);
    this.publish(conversation, condensationRequest(clock));
    const steps = conversation.events.filter((event) =>
      ['MessageEvent', 'ActionEvent', 'ObservationEvent'].includes(event.kind),
    );
    const forgotten = steps.slice(0, -2).map((event) => event.id);
    const asked = steps.find((event) => event.kind === 'MessageEvent' && event.source === 'user');
    const summary = `The user asked: “${asked ? contentText((asked as { llm_message: { content: Content[] } }).llm_message.content).slice(0, 120) : '(nothing yet)'}”. ${forgotten.length} earlier events were summarised.`;
    const stats = countRequest(
      conversation,
      'condenser',
      modelOf(conversation),
      requestTokens(forgotten.length, summary),
    );
    this.publish(conversation, condensation(clock, forgotten, summary));
    this.publish(conversation, statsUpdate(clock, stats));
  }

  /**
   * As the real server: the name comes from a call of its own beside the run (with no model to
   * ask, the message cut to 50 characters), is saved a moment later, and is announced nowhere.
   */
  private nameLater(conversation: StoredConversation, text: string): void {
    const id = conversation.info.id;
    const pending = this.store.toName.get(id);
    if (!pending || pending.title !== undefined || conversation.info.title !== null || !text.trim()) return;
    this.store.toName.set(id, { title: fallbackTitle(text), dueAt: Date.now() + TITLE_AFTER_MS });
    this.store.save();
    this.nameWhenDue(id);
  }

  /**
   * Saves the name once its time has come. The server's call goes on whatever the page does: a
   * name still on its way when the mock's page reloads is saved when the mock starts again.
   */
  private nameWhenDue(conversationId: string): void {
    const pending = this.store.toName.get(conversationId);
    if (pending?.title === undefined || pending.dueAt === undefined) return;
    const { title } = pending;
    setTimeout(
      () => {
        const conversation = this.store.get(conversationId);
        if (!this.store.toName.delete(conversationId) || !conversation || conversation.info.title !== null)
          return;
        conversation.info.title = title;
        conversation.info.updated_at = new Date().toISOString();
        this.store.touch(conversation);
      },
      Math.max(0, pending.dueAt - Date.now()),
    );
  }

  /** The conversation is deleted: its run ends without a trace. */
  forget(conversationId: string): void {
    this.cancel(conversationId);
    this.store.runs.delete(conversationId);
    this.store.toName.delete(conversationId);
  }

  private queueAnswer(conversation: StoredConversation, text: string): void {
    const run = this.store.runs.get(conversation.info.id);
    if (run) run.steps.push(...queuedAnswer(text));
    this.store.save();
  }

  private start(conversation: StoredConversation): void {
    const id = conversation.info.id;
    this.cancel(id);
    const token: LiveRun = { cancelled: false, timers: new Set() };
    this.live.set(id, token);
    if (conversation.info.execution_status !== 'running') this.setStatus(conversation, 'running');
    this.perform(conversation, token).catch((error: unknown) => {
      if (!(error instanceof Cancelled)) throw error;
    });
  }

  private cancel(id: string): void {
    const token = this.live.get(id);
    if (!token) return;
    token.cancelled = true;
    for (const timer of token.timers) clearTimeout(timer);
    this.live.delete(id);
  }

  private async perform(conversation: StoredConversation, token: LiveRun) {
    const id = conversation.info.id;
    const sleep = (ms: number) =>
      new Promise<void>((resolve, reject) => {
        if (token.cancelled) return reject(new Cancelled());
        const timer = setTimeout(() => {
          token.timers.delete(timer);
          if (token.cancelled) reject(new Cancelled());
          else resolve();
        }, ms);
        token.timers.add(timer);
      });
    // One stream per step, as the real server mints it: its id becomes the id of the step's
    // persisted event (the answer or the action), which retires it.
    let order = 0;
    const openStream = () => {
      const itemId = this.clock(conversation).next().id;
      token.openItem = itemId;
      order = 0;
      const anchor = conversation.events.length - 1;
      this.progress(conversation, {
        type: 'item_started',
        item_id: itemId,
        attempt: 1,
        anchor_seq: anchor >= 0 ? anchor : null,
      });
      return itemId;
    };
    const stream = async (itemId: string, kind: 'text' | 'reasoning', text: string) => {
      for (const piece of text.match(/\S+\s*/g) ?? []) {
        await sleep(this.timing.tokenMs);
        this.progress(conversation, {
          type: 'delta',
          item_id: itemId,
          attempt: 1,
          order: order++,
          kind,
          content: piece,
        });
      }
    };
    /** The clock of the step's persisted event: its id is the stream's. */
    const retiring = (itemId: string) => {
      const clock = this.clock(conversation);
      token.openItem = undefined;
      return { next: () => ({ ...clock.next(), id: itemId }) };
    };

    // A model whose base URL is on the reserved .invalid domain answers nothing: after its
    // retries the real server stops the run with two identical errors (seen on both versions).
    if (modelUnreachableAt(conversation)) {
      if (this.timing.firstTokenMs) await sleep(this.timing.firstTokenMs);
      for (let attempt = 0; attempt < 2; attempt++)
        this.publish(
          conversation,
          conversationError(this.clock(conversation), 'LLMServiceUnavailableError', CONNECTION_ERROR, {
            kind: 'transient',
            retryable: true,
            user_action: 'retry',
          }),
        );
      this.store.runs.delete(id);
      this.cancel(id);
      this.setStatus(conversation, 'error');
      return;
    }
    for (;;) {
      const run = this.store.runs.get(id);
      if (!run || token.cancelled) return;
      const step = run.steps[run.step];
      if (!step) break;
      const resumingTool = step.type !== 'answer' && run.actionId !== undefined;
      while (!resumingTool && this.stepsHeld) await sleep(HOLD_CHECK_MS);
      if (!resumingTool && this.timing.firstTokenMs) await sleep(this.timing.firstTokenMs);
      if (step.type === 'answer') {
        const itemId = openStream();
        await stream(itemId, 'text', step.say);
        // As on the real server, the request is counted before its answer is persisted.
        this.countRequest(conversation, step.say);
        this.publish(conversation, agentMessage(retiring(itemId), step.say));
      } else {
        let action = run.actionId ? this.findAction(conversation, run.actionId) : undefined;
        if (!action) {
          const itemId = openStream();
          await stream(itemId, 'reasoning', step.reasoning);
          await stream(itemId, 'text', step.say);
          const clock = retiring(itemId);
          const options = { thought: step.say, reasoning: step.reasoning };
          action =
            step.type === 'terminal'
              ? terminalAction(clock, step.command, options)
              : step.type === 'plan'
                ? taskTrackerAction(clock, step.tasks, options)
                : step.type === 'browse'
                  ? toolAction(clock, step.tool, step.action, options)
                  : step.type === 'write-plan'
                    ? toolAction(
                        clock,
                        'planning_file_editor',
                        {
                          kind: 'PlanningFileEditorAction',
                          command: 'str_replace',
                          path: step.path,
                          old_str: step.before,
                          new_str: step.after,
                        },
                        options,
                      )
                    : step.type === 'child'
                      ? childConversationAction(clock, step.task, step.title, options)
                      : step.type === 'sub-agent'
                        ? subAgentAction(clock, step.subagent, step.description, step.prompt, options)
                        : fileEditAction(clock, step.path, step.before, step.after, options);
          this.countRequest(conversation, step.reasoning + step.say);
          this.publish(conversation, action);
          run.actionId = action.id;
          this.store.save();
          if (asksFor(conversation.info.confirmation_policy?.kind, action.security_risk)) {
            this.setStatus(conversation, 'waiting_for_confirmation');
            this.cancel(id);
            return;
          }
        }
        await sleep(this.timing.toolMs);
        while (this.toolsHeld && this.toolsReleased === 0) await sleep(HOLD_CHECK_MS);
        if (this.toolsHeld) this.toolsReleased -= 1;
        const clock = this.clock(conversation);
        if (step.type === 'edit' || step.type === 'write-plan')
          this.store.workspace.write(step.path, step.after);
        this.publish(
          conversation,
          step.type === 'terminal'
            ? terminalObservation(clock, action, step.output, 0)
            : step.type === 'plan'
              ? taskTrackerObservation(clock, action, step.tasks)
              : step.type === 'browse'
                ? browserObservation(clock, action, step.result, step.screenshot)
                : step.type === 'write-plan'
                  ? planEditObservation(clock, action)
                  : step.type === 'child'
                    ? childConversationObservation(clock, action, this.startChild(conversation, step))
                    : step.type === 'sub-agent'
                      ? subAgentObservation(clock, action, step.answer)
                      : fileEditObservation(clock, action, step.before, step.after),
        );
      }
      run.step += 1;
      run.actionId = undefined;
      this.store.save();
      if (run.pauseRequested && run.step < run.steps.length) {
        this.publish(conversation, pauseEvent(this.clock(conversation)));
        this.setStatus(conversation, 'paused');
        run.pauseRequested = false;
        this.cancel(id);
        return;
      }
    }
    this.store.runs.delete(id);
    this.cancel(id);
    const missed = this.missed.get(id);
    if (missed !== undefined) {
      this.missed.delete(id);
      this.publish(conversation, userMessage(this.clock(conversation), missed));
    }
    this.setStatus(conversation, 'finished');
  }

  /**
   * A child conversation, as the server's launcher makes one: the parent's agent and folder, the
   * brief as its first message (and a run), linked by `parent_conversation_id`.
   */
  private startChild(parent: StoredConversation, step: Extract<Step, { type: 'child' }>) {
    const workspace = parent.info.workspace as { working_dir?: string } | undefined;
    const workingDir = workspace?.working_dir ?? 'workspace';
    const child = this.store.createConversation(
      parent.info.confirmation_policy?.kind ?? 'NeverConfirm',
      parent.info.agent,
      workingDir,
    );
    child.info.parent_conversation_id = parent.info.id;
    child.info.title = step.title;
    this.message(child, step.task, true);
    return {
      id: child.info.id,
      parentId: parent.info.id,
      status: 'idle',
      title: step.title,
      workspace: workingDir,
    };
  }

  /** The step's LLM request is counted, and the whole stats published, as the server does after each response. */
  private countRequest(conversation: StoredConversation, answer: string): void {
    const tokens = requestTokens(conversation.events.length, answer);
    const stats = countRequest(conversation, 'agent', modelOf(conversation), tokens);
    this.publish(conversation, statsUpdate(this.clock(conversation), stats));
  }

  private setStatus(
    conversation: StoredConversation,
    status: StoredConversation['info']['execution_status'],
  ): void {
    this.store.setStatus(conversation, status);
    this.publish(conversation, statusUpdate(this.clock(conversation), status));
  }

  private findAction(conversation: StoredConversation, id: string): ActionEvent | undefined {
    return conversation.events.find((e): e is ActionEvent => e.id === id && e.kind === 'ActionEvent');
  }
}

const CONNECTION_ERROR =
  'litellm.InternalServerError: InternalServerError: OpenAIException - Connection error.';

function modelUnreachableAt(conversation: StoredConversation): boolean {
  const agent = conversation.info.agent as { llm?: { base_url?: unknown } } | undefined;
  const baseUrl = agent?.llm?.base_url;
  if (typeof baseUrl !== 'string') return false;
  try {
    return new URL(baseUrl).hostname.endsWith('.invalid');
  } catch {
    return false;
  }
}

export function modelOf(conversation: StoredConversation): string {
  const agent = conversation.info.agent as { llm?: { model?: unknown } } | undefined;
  return typeof agent?.llm?.model === 'string' ? agent.llm.model : 'openai/gpt-4o-mini';
}

/**
 * Whether the server's policy waits for approval of an action of this risk: always, never, or
 * (ConfirmRisky, default threshold HIGH) for HIGH and for what no analyser rated.
 */
function asksFor(policy: string | undefined, risk: string | undefined): boolean {
  if (policy === 'AlwaysConfirm') return true;
  if (policy === 'ConfirmRisky') return risk === undefined || risk === 'UNKNOWN' || risk === 'HIGH';
  return false;
}
