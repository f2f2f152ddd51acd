import { contentText, type ActionEvent, type Content, type ServerEvent } from '../src/agent-server/protocol';
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
  childConversationAction,
  conversationError,
  childConversationObservation,
  subAgentAction,
  subAgentObservation,
  DOCS_SCREENSHOT,
  INSTALL_SCREENSHOT,
  terminalObservation,
  userMessage,
  userReject,
  type Task,
} from './events';
import type { MockStore, StoredConversation } from './store';
import { countRequest, requestTokens } from './usage';

// A scripted agent for the mock agent-server. It behaves as the real server does from the
// outside: persisted events for every step, StreamingDeltaEvents (never persisted) while it
// "thinks", messages accepted mid-run (persisted at once, answered after the current step),
// interrupt at once, pause between steps, confirmation mode, and crash recovery on "restart".
// A run is plain data (steps and a cursor) so that it survives a page reload of the mock.

export type Step =
  | { type: 'terminal'; reasoning: string; say: string; command: string; output: string }
  | { type: 'edit'; reasoning: string; say: string; path: string; before: string; after: string }
  | { type: 'plan'; reasoning: string; say: string; tasks: Task[] }
  | {
      type: 'browse';
      reasoning: string;
      say: string;
      /** The browser tool called (browser_navigate, browser_get_state, …) and its action. */
      tool: string;
      action: Record<string, unknown> & { kind: string };
      /** What the result says, and the screenshot it carries. */
      result: string;
      screenshot?: string;
    }
  | {
      type: 'child';
      reasoning: string;
      say: string;
      /** The child conversation's title, and the brief it gets as its first message. */
      title: string;
      task: string;
    }
  | {
      type: 'sub-agent';
      reasoning: string;
      say: string;
      subagent: string;
      description: string;
      prompt: string;
      /** What the sub-agent answers. */
      answer: string;
    }
  | { type: 'answer'; say: string };

export interface RunState {
  steps: Step[];
  /** Index of the step being performed. */
  step: number;
  /** Id of the current step's action once it is persisted (the tool is then running). */
  actionId?: string;
  pauseRequested?: boolean;
  /** The tab whose mock performs the run; the other tabs see its events through the journal. */
  owner?: string;
}

export interface AgentTiming {
  /** Delay between two streamed tokens. */
  tokenMs: number;
  /** How long a tool runs. */
  toolMs: number;
  /** How long the model takes before its first token, at each step. */
  firstTokenMs?: number;
}

export type Publish = (conversation: StoredConversation, event: ServerEvent) => void;

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

export function scriptFor(request: string): Step[] {
  const topic = request.trim().split('\n')[0]!.slice(0, 80);
  // Asked for a plan, the agent keeps a task list and moves it on after each step.
  if (/\bplan\b/i.test(topic)) return plannedScript(topic);
  // Asked to use the browser, it visits a documentation site and takes its state twice.
  if (/\bbrowser\b/i.test(topic)) return browsingScript(topic);
  // Asked to use a sub-agent, it hands it a task and waits for its answer.
  if (/\bsub-agent\b/i.test(topic)) return subAgentScript(topic);
  // Asked to hand work to a child conversation, it starts one on the same server.
  if (/\bchild conversation\b/i.test(topic)) return childScript(topic);
  return plainScript(topic);
}

const DOCS_URL = 'http://localhost:3000/docs';
const INSTALL_URL = 'http://localhost:3000/docs/install';

function browsingScript(topic: string): Step[] {
  const state = (url: string, title: string, screenshot: string, say: string): Step => ({
    type: 'browse',
    reasoning: 'A screenshot shows what the page looks like.',
    say,
    tool: 'browser_get_state',
    action: { kind: 'BrowserGetStateAction', include_screenshot: true },
    result: JSON.stringify({ url, title, tabs: [{ url, title }], interactive_elements: [] }, null, 2),
    screenshot,
  });
  const navigate = (url: string, say: string): Step => ({
    type: 'browse',
    reasoning: `“${topic}” is about the documentation site.`,
    say,
    tool: 'browser_navigate',
    action: { kind: 'BrowserNavigateAction', url, new_tab: false },
    result: `<url>\n${url}\n</url>\n<content>\n<webpage_content>\nDocumentation\n</webpage_content>\n</content>`,
  });
  return [
    navigate(DOCS_URL, 'Opening the documentation.'),
    state(DOCS_URL, 'Documentation', DOCS_SCREENSHOT, 'Looking at the page.'),
    navigate(INSTALL_URL, 'Now the install page.'),
    state(INSTALL_URL, 'Install', INSTALL_SCREENSHOT, 'Looking at the install page.'),
    {
      type: 'answer',
      say: 'The install page is at **/docs/install**; the screenshots are in the Browser tab.',
    },
  ];
}

function subAgentScript(topic: string): Step[] {
  return [
    {
      type: 'sub-agent',
      reasoning: `“${topic}” needs a look around the code first.`,
      say: 'Asking a sub-agent to look.',
      subagent: 'code-explorer',
      description: 'Find the parser',
      prompt: 'Find where the headers are parsed and say where in one line.',
      answer: 'The headers are parsed in parser.py, in parse_header().',
    },
    { type: 'answer', say: 'The sub-agent found it: parse_header() in parser.py.' },
  ];
}

function childScript(topic: string): Step[] {
  return [
    {
      type: 'child',
      reasoning: `“${topic}” can run on its own while I carry on.`,
      say: 'Handing the README to a child conversation.',
      title: 'Write the README',
      task: 'Write a short README for the project in /workspace: what it does and how to run it.',
    },
    { type: 'answer', say: 'A child conversation is writing the README; its card opens it.' },
  ];
}

function plainScript(topic: string): Step[] {
  return [
    {
      type: 'terminal',
      reasoning: `The user asks: “${topic}”. I should look at the workspace before changing anything.`,
      say: 'Let me look at the files in the workspace first.',
      command: 'ls -la',
      output:
        'total 16\ndrwxr-xr-x 4 agent agent 4096 .\n-rw-r--r-- 1 agent agent  220 README.md\ndrwxr-xr-x 2 agent agent 4096 src',
    },
    {
      type: 'edit',
      reasoning: 'The README is the place to record the request.',
      say: 'I will note the request in the README.',
      path: '/workspace/README.md',
      before: '# Project\n',
      after: `# Project\n\n- ${topic}\n`,
    },
    { type: 'answer', say: `Done. I looked at the workspace and noted “${topic}” in **README.md**.` },
  ];
}

function plannedScript(topic: string): Step[] {
  const [look, note] = ['Look at the workspace', 'Note the request in the README'];
  const [plain, edit, answer] = plainScript(topic);
  const plan = (say: string, statuses: [Task['status'], Task['status']]): Step => ({
    type: 'plan',
    reasoning: 'The task list shows where the work stands.',
    say,
    tasks: [
      { title: look, status: statuses[0] },
      { title: note, status: statuses[1], notes: `“${topic}”` },
    ],
  });
  return [
    plan('First, a plan.', ['in_progress', 'todo']),
    plain!,
    plan('The workspace is read.', ['done', 'in_progress']),
    edit!,
    plan('Both done.', ['done', 'done']),
    answer!,
  ];
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
    this.publish(conversation, userMessage(this.clock(conversation), content));
    const current = this.store.runs.get(conversation.info.id);
    if (current && status === 'running') {
      this.queueAnswer(conversation, text);
      return;
    }
    if (!run) return;
    this.store.runs.set(conversation.info.id, { steps: scriptFor(text), step: 0, owner: this.tab.id });
    this.start(conversation);
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
  switchModel(conversation: StoredConversation, model: string, baseUrl: string | undefined): void {
    const update = modelUpdate(this.clock(conversation), model, baseUrl);
    // The info keeps the whole LLM the server holds, with the new model and URL in it.
    const agent = conversation.info.agent as { llm?: object };
    conversation.info.agent = {
      ...agent,
      llm: { ...agent.llm, model, ...(baseUrl ? { base_url: baseUrl } : {}) },
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

  /** The conversation is deleted: its run ends without a trace. */
  forget(conversationId: string): void {
    this.cancel(conversationId);
    this.store.runs.delete(conversationId);
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
        const clock = this.clock(conversation);
        if (step.type === 'edit') this.store.workspace.write(step.path, step.after);
        this.publish(
          conversation,
          step.type === 'terminal'
            ? terminalObservation(clock, action, step.output, 0)
            : step.type === 'plan'
              ? taskTrackerObservation(clock, action, step.tasks)
              : step.type === 'browse'
                ? browserObservation(clock, action, step.result, step.screenshot)
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

function queuedAnswer(text: string): Step[] {
  return [
    { type: 'answer', say: `About your message “${text.slice(0, 120)}”: noted, and taken into account.` },
  ];
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
