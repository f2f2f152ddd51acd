import type { ShellCommandEvent, ShellEvent, ShellOutputEvent } from '../src/agent-server/shell';
import { MOCK_GIT_PATH, runGit } from './git';
import { resolvedPath } from './paths';
import type { MockWorkspace } from './workspace';

// The bash routes' commands in the mock (bash_service.py): each command runs in a fresh shell
// in the conversation's working_dir, and, as on the real server, its output is sent only when it
// ends: one BashOutput with stdout, stderr and the exit code. A stop ends it with -15 (SIGTERM)
// and what it had printed. The shell understands what a person tries first in a workspace:
// echo, printf, pwd, ls, cat, rm, sleep, true, false, exit, `command -v`, what Tether asks of
// git (git.ts), `>` and `>>` into a file, `2>` and `2>&1`, and `;`, `&&` and `||`; anything else
// is "not found", as /bin/sh says it.

export type BashCommandEvent = ShellCommandEvent;
export type BashOutputEvent = ShellOutputEvent;
export type BashEvent = ShellEvent;

const newId = () => crypto.randomUUID().replaceAll('-', '');
/** The server's timestamps: microseconds, UTC, with a Z. */
const now = () => new Date().toISOString().replace(/(\.\d{3})Z$/, '$1000Z');

interface Running {
  stopped: boolean;
  wake?: () => void;
}

export class MockShell {
  readonly events: BashEvent[] = [];
  private readonly running = new Map<string, Running>();
  /** Each command's end: what `execute_bash_command` waits for. */
  private readonly ends = new Map<string, Promise<BashOutputEvent>>();

  constructor(
    private readonly workspace: MockWorkspace,
    /** Where a command runs when it names no cwd (the conversation's working_dir; null globally). */
    readonly defaultCwd: string | null,
  ) {}

  start(command: string, cwd: string | null, timeout: number): BashCommandEvent {
    const started: BashCommandEvent = {
      kind: 'BashCommand',
      id: newId(),
      timestamp: now(),
      command,
      cwd: cwd ?? this.defaultCwd,
      timeout,
    };
    this.events.push(started);
    const state: Running = { stopped: false };
    this.running.set(started.id, state);
    this.ends.set(started.id, this.execute(started, state));
    return started;
  }

  /** `execute_bash_command`: runs a command and answers with its output once it ends. */
  async run(command: string, cwd: string | null, timeout: number): Promise<BashOutputEvent> {
    const started = this.start(command, cwd, timeout);
    const output = await this.ends.get(started.id)!;
    this.ends.delete(started.id);
    return output;
  }

  /** True for a command this shell has (running or ended); false for an unknown id. */
  stop(commandId: string): boolean {
    const state = this.running.get(commandId);
    if (state) {
      state.stopped = true;
      state.wake?.();
      return true;
    }
    return this.events.some((event) => event.id === commandId);
  }

  private async execute(command: BashCommandEvent, state: Running): Promise<BashOutputEvent> {
    const out = { stdout: '', stderr: '' };
    let exitCode: number;
    const deadline = Date.now() + command.timeout * 1000;
    try {
      exitCode = await this.runLine(command.command, command.cwd ?? '/', out, state, deadline);
    } catch (ended) {
      exitCode = ended === 'timeout' ? -1 : -15;
    }
    this.running.delete(command.id);
    const output: BashOutputEvent = {
      kind: 'BashOutput',
      id: newId(),
      timestamp: now(),
      command_id: command.id,
      order: 0,
      exit_code: exitCode,
      stdout: out.stdout || null,
      stderr: out.stderr || null,
    };
    this.events.push(output);
    return output;
  }

  private async runLine(
    line: string,
    cwd: string,
    out: { stdout: string; stderr: string },
    state: Running,
    deadline: number,
  ): Promise<number> {
    let status = 0;
    let skip = false;
    for (const { words, next } of parse(line)) {
      if (!skip && words.length) status = await this.runWords(words, cwd, out, state, deadline);
      if (state.stopped) throw 'stopped';
      if (words[0] === 'exit' && !skip) return status;
      skip = (next === '&&' && status !== 0) || (next === '||' && status === 0);
    }
    return status;
  }

  private async runWords(
    all: string[],
    cwd: string,
    out: { stdout: string; stderr: string },
    state: Running,
    deadline: number,
  ): Promise<number> {
    // Where stderr goes: `2>file` (`2>/dev/null` drops it) or `2>&1`, into stdout.
    const errorsTo = all.indexOf('2>');
    const errorsInto = errorsTo >= 0 ? all[errorsTo + 1] : undefined;
    const errorsToOut = all.includes('2>&1');
    const plain = all.filter((word, i) => word !== '2>&1' && word !== '2>' && all[i - 1] !== '2>');
    const redirect = plain.findIndex((word) => word === '>' || word === '>>');
    const words = redirect >= 0 ? plain.slice(0, redirect) : plain;
    const into = redirect >= 0 ? plain[redirect + 1] : undefined;
    const printed = { stdout: '', stderr: '' };
    const [name, ...args] = words;
    const path = (arg: string) => resolvedPath(arg.startsWith('/') ? arg : `${cwd}/${arg}`);
    let status = 0;
    switch (name) {
      case 'echo':
        printed.stdout = `${args.join(' ')}\n`;
        break;
      case 'printf':
        printed.stdout = (args[0] ?? '').replaceAll('\\n', '\n');
        break;
      case 'pwd':
        printed.stdout = `${cwd}\n`;
        break;
      case 'true':
      case ':':
        break;
      case 'false':
        status = 1;
        break;
      case 'exit':
        status = Number(args[0] ?? 0) & 255;
        break;
      case 'ls': {
        const names = this.workspace.list(path(args.find((arg) => !arg.startsWith('-')) ?? '.'));
        if (names) printed.stdout = names.map((entry) => `${entry}\n`).join('');
        else {
          printed.stderr += `ls: cannot access '${args[0]}': No such file or directory\n`;
          status = 2;
        }
        break;
      }
      case 'cat':
        for (const arg of args) {
          const bytes = this.workspace.read(path(arg));
          if (bytes) printed.stdout += new TextDecoder().decode(bytes);
          else {
            printed.stderr += `cat: ${arg}: No such file or directory\n`;
            status = 1;
          }
        }
        break;
      case 'rm': {
        // -f: a missing file is no error; `--` ends the options.
        const force = args.some((arg) => /^-\w*f/.test(arg));
        const files = args.includes('--')
          ? args.slice(args.indexOf('--') + 1)
          : args.filter((arg) => !arg.startsWith('-'));
        for (const file of files)
          if (!this.workspace.remove(path(file)) && !force) {
            printed.stderr += `rm: cannot remove '${file}': No such file or directory\n`;
            status = 1;
          }
        break;
      }
      case 'sleep': {
        const ms = Math.min(Number(args[0] ?? 0) * 1000, Math.max(0, deadline - Date.now()));
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ms);
          state.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        if (state.stopped) throw 'stopped';
        if (Date.now() >= deadline) throw 'timeout';
        break;
      }
      case 'git':
        status = runGit(this.workspace, args, cwd, printed, now);
        break;
      // `command -v name`: where the shell finds it. Of the programs outside the shell, this one
      // has git only (a pull request's check asks for gh).
      case 'command':
        if (args[0] === '-v' && args[1] === 'git') printed.stdout = `${MOCK_GIT_PATH}\n`;
        else if (args[0] === '-v' && args[1] && SHELL_WORDS.has(args[1])) printed.stdout = `${args[1]}\n`;
        else status = 1;
        break;
      default:
        printed.stderr += `/bin/sh: 1: ${name}: not found\n`;
        status = 127;
    }
    if (errorsToOut) printed.stdout += printed.stderr;
    else if (errorsInto !== undefined && errorsInto !== '/dev/null')
      this.workspace.write(path(errorsInto), printed.stderr);
    else if (errorsInto === undefined) out.stderr += printed.stderr;
    if (into === undefined) out.stdout += printed.stdout;
    else {
      const target = path(into);
      const before = redirect >= 0 && plain[redirect] === '>>' ? this.workspace.read(target) : undefined;
      this.workspace.write(target, `${before ? new TextDecoder().decode(before) : ''}${printed.stdout}`);
    }
    return status;
  }
}

/** What the shell runs itself (`command -v` names them as they are). */
const SHELL_WORDS = new Set(['echo', 'printf', 'pwd', 'true', 'false', 'exit', 'command', 'cd']);

/**
 * A command line as words, split at `;`, `&&` and `||`, with '…' and "…" quoting and `\` escapes;
 * `>`, `>>`, `2>` and `2>&1` are words of their own.
 */
function parse(line: string): { words: string[]; next: string }[] {
  const commands: { words: string[]; next: string }[] = [];
  let words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  const endWord = () => {
    if (word !== undefined) words.push(word);
    word = undefined;
  };
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quote) {
      if (char === quote) quote = undefined;
      else word = (word ?? '') + char;
    } else if (char === '\\' && i + 1 < line.length) {
      // Outside quotes a backslash keeps the next character as it is (`'it'\''s'` is it's).
      word = (word ?? '') + line[++i];
    } else if (char === '"' || char === "'") {
      quote = char;
      word ??= '';
    } else if (/\s/.test(char)) endWord();
    else if (char === ';' || line.startsWith('&&', i) || line.startsWith('||', i)) {
      endWord();
      const next = char === ';' ? ';' : line.slice(i, i + 2);
      commands.push({ words, next });
      words = [];
      i += next.length - 1;
    } else if (char === '>') {
      // `2>` only as one word: `echo 2 > file` writes "2".
      const errors = word === '2' && line[i - 1] === '2';
      if (errors) word = undefined;
      endWord();
      if (errors && line.startsWith('&1', i + 1)) {
        words.push('2>&1');
        i += 2;
      } else if (errors) words.push('2>');
      else {
        const append = line[i + 1] === '>';
        words.push(append ? '>>' : '>');
        if (append) i++;
      }
    } else word = (word ?? '') + char;
  }
  endWord();
  commands.push({ words, next: '' });
  return commands;
}
