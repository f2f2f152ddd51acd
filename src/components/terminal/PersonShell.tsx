import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { describeError } from '../../agent-server/client';
import type { WorkspaceTarget } from '../../conversation/resources/workspace';
import {
  runShellCommand,
  shellCommandEnded,
  shellHistoryQuery,
  stopShellCommand,
} from '../../conversation/resources/shell';
import { isRunning, shellOutcome, type ShellEntry } from '../../conversation/shell/shellLog';
import { AnsiSpans } from '../ansi/AnsiText';
import { useT } from '../../i18n/i18n';
import 'virtual:tether-english/terminal';

// The Terminal tab's second half: commands the person runs in the conversation's workspace,
// through the server's bash routes, apart from the agent's. Loaded with the side panel.

const OUTPUT_LIMIT = 20_000;

export function PersonShell({ workspace }: { workspace: WorkspaceTarget }) {
  const t = useT();
  const queryClient = useQueryClient();
  const history = useQuery(shellHistoryQuery(workspace));
  const entries = history.data ?? [];
  const [command, setCommand] = useState('');
  const [failure, setFailure] = useState<string>();
  const [sending, setSending] = useState(false);
  const recall = useRecall(entries);
  const noteId = useId();
  useRefreshWhenCommandsEnd(entries, () => void shellCommandEnded(queryClient, workspace));

  const screen = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = screen.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [entries.length]);

  const run = async () => {
    const text = command.trim();
    if (!text || sending) return;
    setSending(true);
    setFailure(undefined);
    try {
      await runShellCommand(queryClient, workspace, text);
      // Only a command the server took leaves the field: a refused one stays to be mended.
      setCommand('');
      recall.reset();
    } catch (error) {
      setFailure(t('terminal.didNotStart', { problem: describeError(error) }));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="person-shell" aria-labelledby={`${noteId}-heading`}>
      <h3 id={`${noteId}-heading`}>{t('terminal.yourShell')}</h3>
      <p className="workspace-note" id={noteId}>
        {t('terminal.shellNote')}
      </p>
      {history.isError && (
        <p role="alert" className="person-shell-error">
          {t('terminal.historyFailed', { problem: describeError(history.error) })}
        </p>
      )}
      {entries.length > 0 && (
        <div
          ref={screen}
          className="terminal-screen person-shell-screen"
          role="log"
          aria-label={t('terminal.yourCommands')}
          tabIndex={0}
        >
          {entries.map((entry) => (
            <PersonCommand
              key={entry.id}
              entry={entry}
              onStop={() =>
                stopShellCommand(queryClient, workspace, entry.id).catch((error: unknown) =>
                  setFailure(t('terminal.notStopped', { problem: describeError(error) })),
                )
              }
            />
          ))}
        </div>
      )}
      <form
        className="person-shell-form"
        onSubmit={(event) => {
          event.preventDefault();
          void run();
        }}
      >
        <label htmlFor={`${noteId}-command`}>{t('terminal.command')}</label>
        <input
          id={`${noteId}-command`}
          type="text"
          className="person-shell-input"
          value={command}
          onChange={(event) => setCommand(event.target.value)}
          onKeyDown={(event) => {
            const recalled =
              event.key === 'ArrowUp'
                ? recall.older()
                : event.key === 'ArrowDown'
                  ? recall.newer()
                  : undefined;
            if (recalled === undefined) return;
            event.preventDefault();
            setCommand(recalled);
          }}
          aria-describedby={noteId}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={COMMAND_EXAMPLE}
        />
        <button type="submit" disabled={sending || !command.trim()}>
          {t('terminal.run')}
        </button>
      </form>
      {failure && (
        <p role="alert" className="person-shell-error">
          {failure}
        </p>
      )}
    </section>
  );
}

function PersonCommand({ entry, onStop }: { entry: ShellEntry; onStop: () => void }) {
  const t = useT();
  const running = isRunning(entry);
  const outcome = shellOutcome(entry);
  const cut = entry.stdout.length + entry.stderr.length > OUTPUT_LIMIT;
  return (
    <div className="terminal-entry" data-shell-command-id={entry.id}>
      <div className="terminal-command">
        <span className="terminal-prompt" aria-hidden="true">
          ${' '}
        </span>
        {entry.command}
      </div>
      {entry.stdout && (
        <pre className="terminal-output ansi">
          <AnsiSpans text={entry.stdout} limit={OUTPUT_LIMIT} />
        </pre>
      )}
      {entry.stderr && (
        <pre className="terminal-output ansi terminal-stderr">
          <AnsiSpans text={entry.stderr} limit={OUTPUT_LIMIT} />
        </pre>
      )}
      <div className={`terminal-status${!running && entry.exitCode !== 0 ? ' failed' : ''}`}>
        <span className="terminal-outcome">
          {[outcome, cut ? t('terminal.cutHere') : ''].filter(Boolean).join(' · ')}
        </span>
        {running && (
          <button
            type="button"
            className="link-button"
            onClick={onStop}
            aria-label={t('terminal.stopNamed', { command: entry.command })}
          >
            {t('terminal.stop')}
          </button>
        )}
      </div>
    </div>
  );
}

/** A command, as an example: the same in every language. */
const COMMAND_EXAMPLE = 'ls -la';

/** ↑ and ↓ in the field go through the person's earlier commands, newest first. */
function useRecall(entries: readonly ShellEntry[]) {
  const back = useRef(0);
  const commands = entries.map((entry) => entry.command);
  return {
    older: () => {
      if (back.current >= commands.length) return undefined;
      back.current += 1;
      return commands[commands.length - back.current];
    },
    newer: () => {
      if (back.current === 0) return undefined;
      back.current -= 1;
      return back.current === 0 ? '' : commands[commands.length - back.current];
    },
    reset: () => (back.current = 0),
  };
}

/** Calls `ended` when a command that was running is seen to have ended. */
function useRefreshWhenCommandsEnd(entries: readonly ShellEntry[], ended: () => void) {
  const running = useRef(new Set<string>());
  const latest = useRef(ended);
  latest.current = ended;
  useEffect(() => {
    const now = new Set(entries.filter(isRunning).map((entry) => entry.id));
    const someEnded = [...running.current].some((id) => !now.has(id));
    running.current = now;
    if (someEnded) latest.current();
  }, [entries]);
}
