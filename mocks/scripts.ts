import { WORKSPACE_ROOT } from './workspace';
import { DOCS_SCREENSHOT, INSTALL_SCREENSHOT, type Task } from './events';

// What the mock agent-server's scripted agent does for a request: its steps, picked by the
// request's words (a plan, the browser, a sub-agent, a child conversation, or plain work), and
// the state of a run in progress. Plain data, so a run survives a reload of the mock; MockAgent
// (agent.ts) performs the steps.

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
  /** The planning file editor, which edits the plan and nothing else. */
  | { type: 'write-plan'; reasoning: string; say: string; path: string; before: string; after: string }
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

/** The tools a conversation has when its create request names none (the real server's default). */
export const DEFAULT_TOOL_NAMES = ['terminal', 'file_editor', 'task_tracker'];

/**
 * The steps for a request, with the tools the conversation was given: as a model would, the
 * agent uses only those (a browser, a sub-agent or a child conversation it was not given is no
 * option, and it does the work itself).
 */
export function scriptFor(
  request: string,
  tools: readonly string[] = DEFAULT_TOOL_NAMES,
  readFile: (path: string) => string | undefined = () => undefined,
): Step[] {
  const topic = request.trim().split('\n')[0]!.slice(0, 80);
  // With the planning tools only, the agent can do nothing but write the plan.
  // Its objective is the request; a request in parts ("Plan the next turn of …", then "What the
  // next turn should do:" and the request) is read as a model would: the line under the first
  // line that ends in a colon.
  if (tools.includes('planning_file_editor'))
    return planningScript((/:\n(.+)/.exec(request)?.[1] ?? topic).trim().slice(0, 80));
  // With reading tools only (a second opinion on a plan), it reads and answers in words.
  if (tools.length > 0 && tools.every((tool) => tool === 'glob' || tool === 'grep'))
    return opinionScript(request);
  // Given review comments, it addresses the first and leaves the others as they are.
  const review = reviewScript(request, readFile);
  if (review) return review;
  // Asked for a plan, the agent keeps a task list and moves it on after each step.
  if (/\bplan\b/i.test(topic) && tools.includes('task_tracker')) return plannedScript(topic);
  // Asked to use the browser, it visits a documentation site and takes its state twice.
  if (/\bbrowser\b/i.test(topic) && tools.includes('browser_tool_set')) return browsingScript(topic);
  // Asked to use a sub-agent, it hands it a task and waits for its answer.
  if (/\bsub-agent\b/i.test(topic) && tools.includes('task_tool_set')) return subAgentScript(topic);
  // Asked to hand work to a child conversation, it starts one on the same server.
  if (/\bchild conversation\b/i.test(topic) && tools.includes('start_child_conversation'))
    return childScript(topic);
  // Asked to explain at length, it writes an answer longer than a message is shown whole from history.
  if (/\bat length\b/i.test(topic)) return lengthyScript(topic);
  return plainScript(topic);
}

/**
 * The answer to Tether's review message ("1. `path`, lines …" and the lines quoted in a diff
 * fence, in whatever language): the first comment's first line still in the file is changed,
 * so that one comment is addressed and the rest stay open.
 */
function reviewScript(request: string, readFile: (path: string) => string | undefined): Step[] | undefined {
  const where = /^1\. `([^`\n]+)`/m.exec(request);
  const quote = /^(`{3,})diff\n([\s\S]*?)\n\1$/m.exec(request);
  if (!where || !quote) return undefined;
  const path = where[1]!.startsWith('/') ? where[1]! : `${WORKSPACE_ROOT}/${where[1]}`;
  const line = quote[2]!
    .split('\n')
    .find((quoted) => quoted.startsWith('+') || quoted.startsWith(' '))
    ?.slice(1);
  const before = readFile(path);
  const lines = before?.split('\n') ?? [];
  const at = line === undefined ? -1 : lines.indexOf(line);
  if (before === undefined || at < 0)
    return [{ type: 'answer', say: 'I read the review, but the first comment’s lines are no longer there.' }];
  lines[at] = `${line} (reviewed)`;
  return [
    {
      type: 'edit',
      reasoning: 'The first comment asks for a change to its line.',
      say: 'Addressing the first comment.',
      path,
      before,
      after: lines.join('\n'),
    },
    { type: 'answer', say: `I addressed the first comment, in ${where[1]}; the others I left as they are.` },
  ];
}

/** Where the planning file editor keeps the plan in the mock's workspace, and how it starts it. */
export const MOCK_PLAN_PATH = '/workspace/.agents_tmp/PLAN.md';
export const PLAN_HEADERS = [
  'OBJECTIVE',
  'CONTEXT SUMMARY',
  'APPROACH OVERVIEW',
  'IMPLEMENTATION STEPS',
  'TESTING AND VALIDATION',
]
  .map((title, i) => `# ${i + 1}. ${title}\n`)
  .join('\n');

function planningScript(topic: string): Step[] {
  const plan = [
    `# 1. OBJECTIVE\n${topic}\n`,
    '# 2. CONTEXT SUMMARY\nThe workspace holds README.md and src/.\n',
    '# 3. APPROACH OVERVIEW\nNote the request in the README, and nothing else.\n',
    `# 4. IMPLEMENTATION STEPS\n1. **Goal**: record “${topic}”. **Method**: add a line to README.md.\n`,
    '# 5. TESTING AND VALIDATION\nREADME.md lists the request.\n',
  ].join('\n');
  return [
    {
      type: 'write-plan',
      reasoning: 'I may only plan: reading is done, the plan goes in PLAN.md.',
      say: 'Writing the plan.',
      path: MOCK_PLAN_PATH,
      before: PLAN_HEADERS,
      after: plan,
    },
    { type: 'answer', say: 'The plan is in PLAN.md: approve it to start, or tell me what to change.' },
  ];
}

/** A second opinion on a plan: what it is about, and the one gap the mock's reviewer always finds. */
function opinionScript(request: string): Step[] {
  const objective = /# 1\. OBJECTIVE\n(.+)/.exec(request)?.[1]?.trim() ?? 'the request';
  return [
    {
      type: 'answer',
      say: `A second look at the plan for “${objective}”: its steps follow from the objective.\n\n**One gap:** no step checks the result. Add a test before building.`,
    },
  ];
}

function lengthyScript(topic: string): Step[] {
  const paragraphs = Array.from(
    { length: 40 },
    (_, i) =>
      `Paragraph ${i + 1} of the explanation: the parser reads the header line by line, keeps what it ` +
      'understands, and says plainly what it had to leave out, so that nothing is lost on the way.',
  );
  return [
    {
      type: 'answer',
      say: `About “${topic}”:\n\n${paragraphs.join('\n\n')}\n\nThat is all there is to say about it.`,
    },
  ];
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

/** The answer to a message that came in while the agent worked. */
export function queuedAnswer(text: string): Step[] {
  return [
    { type: 'answer', say: `About your message “${text.slice(0, 120)}”: noted, and taken into account.` },
  ];
}
