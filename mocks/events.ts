import type {
  ActionEvent,
  AgentErrorEvent,
  ConversationErrorEvent,
  Content,
  ConversationStateUpdateEvent,
  ExecutionStatus,
  InterruptEvent,
  MessageEvent,
  ObservationEvent,
  PauseEvent,
  WireEvent,
  UserRejectObservation,
} from '../src/agent-server/protocol';

// Builds events in the shapes the agent-server persists (openhands-sdk event models, null
// fields omitted). Ids and timestamps come from a clock the caller owns, so fixtures are
// deterministic.
//
// Over 400 lines, and one idea: one builder per event shape the server persists, each beside
// the others so that a shape the server changes is changed in one place.

/** Where events get their id and timestamp from. */
export interface Clock {
  next(): { id: string; timestamp: string };
}

/** Naive ISO with microseconds, as the server writes its timestamps. */
export function naiveTimestamp(ms: number): string {
  return `${new Date(ms).toISOString().replace('Z', '')}000`;
}

/** Live events: wall-clock time, strictly increasing per clock, random-looking unique ids. */
export class LiveClock implements Clock {
  private lastMs = 0;
  private count = 0;
  constructor(
    private readonly prefix: string,
    private readonly now: () => number = Date.now,
  ) {}

  next(): { id: string; timestamp: string } {
    this.lastMs = Math.max(this.now(), this.lastMs + 1);
    this.count += 1;
    return {
      id: `${this.prefix}-${this.lastMs.toString(36)}-${this.count}`,
      timestamp: naiveTimestamp(this.lastMs),
    };
  }
}

export class EventClock implements Clock {
  private tick = 0;
  private ids = 0;
  constructor(
    private readonly startMs: number,
    private readonly prefix: string,
  ) {}

  next(): { id: string; timestamp: string } {
    this.tick += 1;
    this.ids += 1;
    return {
      id: `${this.prefix}-${String(this.ids).padStart(5, '0')}`,
      timestamp: naiveTimestamp(this.startMs + this.tick * 1000),
    };
  }
}

/** A user message: its text, or its whole content (text and images) as the client sent it. */
export function userMessage(clock: Clock, message: string | Content[]): MessageEvent {
  const content: Content[] = typeof message === 'string' ? [{ type: 'text', text: message }] : message;
  return {
    ...clock.next(),
    kind: 'MessageEvent',
    source: 'user',
    llm_message: { role: 'user', content },
  };
}

export function agentMessage(clock: Clock, text: string, reasoning?: string): MessageEvent {
  return {
    ...clock.next(),
    kind: 'MessageEvent',
    source: 'agent',
    llm_message: {
      role: 'assistant',
      content: [{ type: 'text', text }],
      ...(reasoning ? { reasoning_content: reasoning } : {}),
    },
  };
}

interface ActionOptions {
  responseId?: string;
  thought?: string;
  reasoning?: string;
  summary?: string;
  /** The analyser's rating; the server says UNKNOWN when no security analyser is set. */
  risk?: 'LOW' | 'MEDIUM' | 'HIGH' | 'UNKNOWN';
}

export function action(
  clock: Clock,
  toolName: string,
  fields: Record<string, unknown> & { kind: string },
  options: ActionOptions = {},
): ActionEvent {
  const base = clock.next();
  const toolCallId = `call_${base.id}`;
  return {
    ...base,
    kind: 'ActionEvent',
    source: 'agent',
    tool_name: toolName,
    tool_call_id: toolCallId,
    tool_call: { id: toolCallId, name: toolName, arguments: JSON.stringify(fields), origin: 'completion' },
    action: fields,
    llm_response_id: options.responseId ?? `resp_${base.id}`,
    thought: options.thought ? [{ type: 'text', text: options.thought }] : [],
    ...(options.reasoning ? { reasoning_content: options.reasoning } : {}),
    ...(options.summary ? { summary: options.summary } : {}),
    security_risk: options.risk ?? 'UNKNOWN',
  };
}

export function terminalAction(clock: Clock, command: string, options: ActionOptions = {}): ActionEvent {
  return action(clock, 'terminal', { kind: 'TerminalAction', command, is_input: false }, options);
}

/** A tool's result for the action `of`, as ObservationEvent wraps every tool's observation. */
function observationOf(
  clock: Clock,
  of: ActionEvent,
  observation: Record<string, unknown> & { kind: string },
): ObservationEvent {
  return {
    ...clock.next(),
    kind: 'ObservationEvent',
    source: 'environment',
    tool_name: of.tool_name,
    tool_call_id: of.tool_call_id,
    action_id: of.id,
    observation,
  };
}

export function terminalObservation(
  clock: Clock,
  of: ActionEvent,
  output: string,
  exitCode = 0,
): ObservationEvent {
  return observationOf(clock, of, {
    kind: 'TerminalObservation',
    content: [{ type: 'text', text: output }],
    // A command that exits non-zero still ran: the server keeps is_error for tool failures.
    is_error: false,
    command: (of.action?.command as string) ?? '',
    exit_code: exitCode,
    timeout: false,
    metadata: { exit_code: exitCode, working_dir: '/workspace', prefix: '', suffix: '' },
  });
}

export function fileEditAction(
  clock: Clock,
  path: string,
  oldStr: string,
  newStr: string,
  options: ActionOptions = {},
): ActionEvent {
  return action(
    clock,
    'file_editor',
    { kind: 'FileEditorAction', command: 'str_replace', path, old_str: oldStr, new_str: newStr },
    options,
  );
}

export function fileEditObservation(
  clock: Clock,
  of: ActionEvent,
  oldContent: string,
  newContent: string,
): ObservationEvent {
  const path = (of.action?.path as string) ?? '';
  return observationOf(clock, of, {
    kind: 'FileEditorObservation',
    content: [{ type: 'text', text: `The file ${path} has been edited.` }],
    is_error: false,
    command: 'str_replace',
    path,
    prev_exist: true,
    old_content: oldContent,
    new_content: newContent,
  });
}

/** The planning file editor's result: it says what it did, and never gives the file's texts. */
export function planEditObservation(clock: Clock, of: ActionEvent): ObservationEvent {
  const path = (of.action?.path as string) ?? '';
  return observationOf(clock, of, {
    kind: 'PlanningFileEditorObservation',
    content: [{ type: 'text', text: `The file ${path} has been edited.` }],
    is_error: false,
    command: (of.action?.command as string) ?? 'str_replace',
    path,
  });
}

export interface Task {
  title: string;
  notes?: string;
  status: 'todo' | 'in_progress' | 'done';
}

export function taskTrackerAction(clock: Clock, tasks: Task[], options: ActionOptions = {}): ActionEvent {
  return action(
    clock,
    'task_tracker',
    { kind: 'TaskTrackerAction', command: 'plan', task_list: tasks },
    options,
  );
}

export function taskTrackerObservation(clock: Clock, of: ActionEvent, tasks: Task[]): ObservationEvent {
  return observationOf(clock, of, {
    kind: 'TaskTrackerObservation',
    content: [{ type: 'text', text: `Task list updated with ${tasks.length} tasks.` }],
    is_error: false,
    command: 'plan',
    task_list: tasks,
  });
}

/**
 * Two screenshots of a small documentation site (160 × 100 PNG, drawn for the mock): what the
 * browser tool's state results carry as `screenshot_data`, bare base64.
 */
export const DOCS_SCREENSHOT =
  'iVBORw0KGgoAAAANSUhEUgAAAKAAAABkCAIAAACO1KzYAAAA6UlEQVR42u3asQ2AIBBAUTZxEWpHYEhqR3AqYsEGkmBBOF/yJ/AV3JlLR7kVuOQTABZgARZgARZgAQYswAIswAIswAL8W+DWHgUOMGABFmABFmABFmDAAizA2gU451MfAwwYMGDAgA1ZhiwBFmABFmABFmDA79V6aRhgwIABe4MFWIABC7AAC7DswZrfvwEDBhweWIYsARZgARZgAQZsD3ayI8CAvcECLMACDFiABVj2YDnZEWC5yRJgwAIswAIswPIny0UHYMCA3WTJkCXAAizAAgxY/mTJyY4Ay02WDFkCLMCABViAtbIO/9hB1khhyoIAAAAASUVORK5CYII=';
export const INSTALL_SCREENSHOT =
  'iVBORw0KGgoAAAANSUhEUgAAAKAAAABkCAIAAACO1KzYAAAA6ElEQVR42u3asQ2AIBBAUbZwF0PNPMxF7XSEgg00wYJ4vuRP4Cu4M5eOeipwyScALMACLMACLMACDFiABViABViABfi3wL0PBQ4wYAEWYAEWYAEWYMACLMD6CnDORS8DDBgwYMCADVmGLAEWYAEWYAEWYMD3tXbpMcCAAQP2BguwAAMWYAEWYNmDtb5/AwYMODywDFkCLMACLMACDNge7GRHgAF7gwVYgAUYsAALsOzBcrIjwHKTJcCABViABViA5U+Wiw7AgAG7yZIhS4AFWIAFGLD8yZKTHQGWmywZsgRYgAELsABrZxNXOZGLULyQHQAAAABJRU5ErkJggg==';

/** The browser tool's result as browser_use_tool reports it: text, and a screenshot when taken. */
export function browserObservation(
  clock: Clock,
  of: ActionEvent,
  text: string,
  screenshot?: string,
): ObservationEvent {
  return observationOf(clock, of, {
    kind: 'BrowserObservation',
    content: [{ type: 'text', text }],
    is_error: false,
    ...(screenshot ? { screenshot_data: screenshot } : {}),
  });
}

/** The agent hands a task to a sub-agent that runs inside the conversation (the task tool). */
export function subAgentAction(
  clock: Clock,
  subagent: string,
  description: string,
  prompt: string,
  options: ActionOptions = {},
): ActionEvent {
  return action(
    clock,
    'task',
    { kind: 'TaskAction', description, prompt, subagent_type: subagent, resume: null },
    options,
  );
}

/** The sub-agent's answer, as the task tool reports it once the sub-agent is done. */
export function subAgentObservation(clock: Clock, of: ActionEvent, answer: string): ObservationEvent {
  return observationOf(clock, of, {
    kind: 'TaskObservation',
    content: [{ type: 'text', text: answer }],
    is_error: false,
    task_id: `task_${of.id}`,
    subagent: String(of.action?.subagent_type ?? 'general-purpose'),
    status: 'completed',
  });
}

/** The agent starts a child conversation on the same server (the start_child_conversation tool). */
export function childConversationAction(
  clock: Clock,
  task: string,
  title: string,
  options: ActionOptions = {},
): ActionEvent {
  return action(
    clock,
    'start_child_conversation',
    { kind: 'StartChildConversationAction', task, title, isolation: 'shared' },
    options,
  );
}

/** The launch's result as the tool reports it: the server's answer, in its words and as fields. */
export function childConversationObservation(
  clock: Clock,
  of: ActionEvent,
  child: { id: string; parentId: string; status: string; title: string; workspace: string },
): ObservationEvent {
  const launched = {
    conversation_id: child.id,
    parent_conversation_id: child.parentId,
    status: child.status,
    title: child.title,
    url: null,
    workspace: child.workspace,
    isolation: 'shared',
  };
  return observationOf(clock, of, {
    kind: 'StartChildConversationObservation',
    content: [
      {
        type: 'text',
        text: `Started child conversation ${child.id} (status: ${child.status}).\n${JSON.stringify(launched, null, 2)}`,
      },
    ],
    is_error: false,
    ...launched,
  });
}

export function finishAction(clock: Clock, message: string, options: ActionOptions = {}): ActionEvent {
  return action(clock, 'finish', { kind: 'FinishAction', message }, options);
}

export function finishObservation(clock: Clock, of: ActionEvent): ObservationEvent {
  return {
    ...clock.next(),
    kind: 'ObservationEvent',
    source: 'environment',
    tool_name: 'finish',
    tool_call_id: of.tool_call_id,
    action_id: of.id,
    observation: {
      kind: 'FinishObservation',
      content: [{ type: 'text', text: (of.action?.message as string) ?? '' }],
      is_error: false,
    },
  };
}

export function thinkAction(clock: Clock, thought: string, options: ActionOptions = {}): ActionEvent {
  return action(clock, 'think', { kind: 'ThinkAction', thought }, options);
}

export function agentError(
  clock: Clock,
  of: { tool_call_id: string; tool_name: string },
  error: string,
): AgentErrorEvent {
  return {
    ...clock.next(),
    kind: 'AgentErrorEvent',
    source: 'agent',
    tool_name: of.tool_name,
    tool_call_id: of.tool_call_id,
    error,
  };
}

export function userReject(clock: Clock, of: ActionEvent, reason: string): UserRejectObservation {
  return {
    ...clock.next(),
    kind: 'UserRejectObservation',
    source: 'user',
    tool_name: of.tool_name,
    tool_call_id: of.tool_call_id,
    action_id: of.id,
    rejection_reason: reason,
  };
}

export function conversationError(
  clock: Clock,
  code: string,
  detail: string,
  classification: ConversationErrorEvent['classification'],
): ConversationErrorEvent {
  return {
    ...clock.next(),
    kind: 'ConversationErrorEvent',
    source: 'environment',
    code,
    detail,
    classification,
  };
}

export function statusUpdate(clock: Clock, status: ExecutionStatus): ConversationStateUpdateEvent {
  return {
    ...clock.next(),
    kind: 'ConversationStateUpdateEvent',
    source: 'environment',
    key: 'execution_status',
    value: status,
  };
}

/** The server's whole ConversationStats after a request, as its `stats` updates carry it. */
export function statsUpdate(clock: Clock, stats: MockStats): ConversationStateUpdateEvent {
  return {
    ...clock.next(),
    kind: 'ConversationStateUpdateEvent',
    source: 'environment',
    key: 'stats',
    value: stats,
  };
}

export interface MockStats {
  usage_to_metrics: Record<string, MockMetrics>;
}

/** One LLM's Metrics as a `stats` update serialises them (no per-request lists). */
export interface MockMetrics {
  model_name: string;
  accumulated_cost: number;
  max_budget_per_task: null;
  accumulated_token_usage: {
    model: string;
    prompt_tokens: number;
    completion_tokens: number;
    cache_read_tokens: number;
    cache_write_tokens: number;
    reasoning_tokens: number;
    context_window: number;
    per_turn_token: number;
    response_id: string;
  };
}

/**
 * The `agent` update a model switch persists: the whole agent with the new LLM, its key masked
 * as the server masks it.
 */
export function modelUpdate(clock: Clock, model: string, baseUrl?: string): ConversationStateUpdateEvent {
  return {
    ...clock.next(),
    kind: 'ConversationStateUpdateEvent',
    source: 'environment',
    key: 'agent',
    value: {
      kind: 'Agent',
      llm: {
        model,
        api_key: '**********',
        ...(baseUrl ? { base_url: baseUrl } : {}),
        usage_id: 'agent',
        stream: true,
      },
      tools: [
        { name: 'terminal', params: { terminal_type: 'subprocess' } },
        { name: 'file_editor', params: {} },
      ],
    },
  };
}

/** What `POST /condense` persists first: the request the condenser answers. */
export function condensationRequest(clock: Clock): WireEvent {
  return { ...clock.next(), kind: 'CondensationRequest', source: 'environment' };
}

export function condensation(clock: Clock, forgotten: readonly string[], summary: string): WireEvent {
  return {
    ...clock.next(),
    kind: 'Condensation',
    source: 'environment',
    forgotten_event_ids: [...forgotten],
    summary,
    summary_offset: 1,
    // The condenser's LLM response that made the summary (required by the server's model).
    llm_response_id: `condense-${forgotten.length}-${summary.length}`,
  };
}

export function pauseEvent(clock: Clock): PauseEvent {
  return { ...clock.next(), kind: 'PauseEvent', source: 'user' };
}

export function interruptEvent(clock: Clock): InterruptEvent {
  return { ...clock.next(), kind: 'InterruptEvent', source: 'user' };
}

export function systemPrompt(clock: Clock): WireEvent {
  return {
    ...clock.next(),
    kind: 'SystemPromptEvent',
    source: 'agent',
    system_prompt: { type: 'text', text: 'You are OpenHands agent, a helpful AI assistant…' },
    tools: [],
  };
}
