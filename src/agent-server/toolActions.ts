import { isRecord } from './protocol';

// The one place that reads the server's action and observation kinds (`TerminalAction`,
// `FileEditorObservation`, …). Everything else reads the typed views made here: a kind the
// server renames, or a new tool, is taught once.

export type ToolAction =
  | { tool: 'terminal'; command: string; isInput: boolean }
  | {
      tool: 'file-edit';
      /** view, create, str_replace, insert, undo_edit */
      command: string;
      path: string;
      fileText: string | undefined;
      oldStr: string | undefined;
      newStr: string | undefined;
      insertLine: number | undefined;
    }
  | { tool: 'finish'; message: string }
  | { tool: 'think'; thought: string }
  | { tool: 'browser'; kind: string; url: string | undefined }
  | { tool: 'task-tracker'; command: string }
  | { tool: 'delegate'; kind: string }
  | {
      tool: 'sub-agent';
      /** The kind of agent asked (general-purpose, code-explorer, …). */
      subagent: string;
      description: string | undefined;
      /** The task it is given. */
      prompt: string;
    }
  | {
      tool: 'child-conversation';
      title: string | undefined;
      /** The brief the child gets as its first message. */
      task: string;
    }
  | { tool: 'mcp'; kind: string }
  | { tool: 'unknown'; kind: string | undefined };

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** What an ActionEvent's `action` asks for; undefined when it carries none (an invalid call). */
export function readAction(action: unknown): ToolAction | undefined {
  if (!isRecord(action)) return undefined;
  const kind = text(action.kind);
  switch (kind) {
    case 'TerminalAction':
      return { tool: 'terminal', command: text(action.command) ?? '', isInput: action.is_input === true };
    // The planning file editor takes the file editor's commands; it edits PLAN.md only.
    case 'FileEditorAction':
    case 'PlanningFileEditorAction':
      return {
        tool: 'file-edit',
        command: text(action.command) ?? 'edit',
        path: text(action.path) ?? '',
        fileText: text(action.file_text),
        oldStr: text(action.old_str),
        newStr: text(action.new_str),
        insertLine: typeof action.insert_line === 'number' ? action.insert_line : undefined,
      };
    case 'FinishAction':
      return { tool: 'finish', message: text(action.message) ?? '' };
    case 'ThinkAction':
      return { tool: 'think', thought: text(action.thought) ?? '' };
    case 'TaskTrackerAction':
      return { tool: 'task-tracker', command: text(action.command) ?? '' };
    case 'DelegateAction':
      return { tool: 'delegate', kind };
    case 'TaskAction':
      return {
        tool: 'sub-agent',
        subagent: text(action.subagent_type) || 'general-purpose',
        description: text(action.description) || undefined,
        prompt: text(action.prompt) ?? '',
      };
    case 'StartChildConversationAction':
      return {
        tool: 'child-conversation',
        title: text(action.title) || undefined,
        task: text(action.task) ?? '',
      };
    case 'MCPToolAction':
      return { tool: 'mcp', kind };
  }
  if (kind?.startsWith('Browser')) return { tool: 'browser', kind, url: text(action.url) };
  return { tool: 'unknown', kind };
}

export type ToolObservation =
  | {
      tool: 'file-edit';
      command: string | undefined;
      path: string | undefined;
      oldContent: string | undefined;
      newContent: string | undefined;
      /** The file was there before a create (which then replaced it). */
      existed: boolean;
      isError: boolean;
    }
  | {
      tool: 'task-tracker';
      tasks: { title: string; status: string; notes?: string }[] | undefined;
      isError: boolean;
    }
  | {
      tool: 'browser';
      /** The page's screenshot, base64 as the server sends it (no data: prefix), when one was taken. */
      screenshot: string | undefined;
      /** The page the browser was on, when the result says. */
      url: string | undefined;
      isError: boolean;
    }
  | {
      tool: 'child-conversation';
      /** The child's id on the same server; absent when the launch failed. */
      conversationId: string | undefined;
      title: string | undefined;
      isError: boolean;
    }
  | {
      tool: 'terminal' | 'other';
      kind: string | undefined;
      command: string | undefined;
      exitCode: number | undefined;
      isError: boolean;
    };

/** What an ObservationEvent's `observation` reports, beyond its content. */
export function readObservation(observation: unknown): ToolObservation {
  const record = isRecord(observation) ? observation : {};
  const kind = text(record.kind);
  const isError = record.is_error === true;
  // The planning file editor's result has no texts: only what it did, or why not.
  if (kind === 'FileEditorObservation' || kind === 'PlanningFileEditorObservation')
    return {
      tool: 'file-edit',
      command: text(record.command),
      path: text(record.path) || undefined,
      oldContent: text(record.old_content),
      newContent: text(record.new_content),
      existed: record.prev_exist === true,
      isError,
    };
  if (kind === 'TaskTrackerObservation')
    return {
      tool: 'task-tracker',
      isError,
      tasks: Array.isArray(record.task_list)
        ? (record.task_list as unknown[]).filter(isRecord).map((task) => ({
            title: String(task.title ?? ''),
            status: String(task.status ?? 'todo'),
            ...(text(task.notes) ? { notes: String(task.notes) } : {}),
          }))
        : undefined,
    };
  if (kind === 'StartChildConversationObservation')
    return {
      tool: 'child-conversation',
      conversationId: text(record.conversation_id) || undefined,
      title: text(record.title) || undefined,
      isError,
    };
  if (kind === 'BrowserObservation')
    return {
      tool: 'browser',
      screenshot: text(record.screenshot_data) || undefined,
      url: browserUrl(record.content),
      isError,
    };
  return {
    tool: kind === 'TerminalObservation' ? 'terminal' : 'other',
    kind,
    command: text(record.command) || undefined,
    exitCode: typeof record.exit_code === 'number' ? record.exit_code : undefined,
    isError,
  };
}

/**
 * The page a browser result was on: navigation and content results open with `<url>…</url>`, a
 * state result is JSON with a `url` (browser_use's MCP server, which the tool wraps).
 */
function browserUrl(content: unknown): string | undefined {
  if (!Array.isArray(content)) return undefined;
  for (const part of content) {
    const value = isRecord(part) ? text(part.text) : undefined;
    if (!value) continue;
    const tagged = /<url>\s*(\S+)\s*<\/url>/.exec(value);
    if (tagged) return tagged[1];
    try {
      const state: unknown = JSON.parse(value);
      if (isRecord(state) && typeof state.url === 'string' && state.url) return state.url;
    } catch {
      // not a state result
    }
  }
  return undefined;
}
