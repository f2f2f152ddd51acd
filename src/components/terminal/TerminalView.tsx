import { useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { ConversationEventLog } from '../../conversation/eventLog';
import { watchTerminal, type TerminalEntry } from '../../conversation/terminal/terminalLog';
import { AnsiSpans } from '../ansi/AnsiText';
import type { WorkspaceTarget } from '../../conversation/resources/workspace';
import { PersonShell } from './PersonShell';
import './terminal.css';
import { useT } from '../../i18n/i18n';
import 'virtual:tether-english/terminal';

// The Terminal tab: every command the agent ran and what it printed, in order, with the
// output's colours, following the end while the reader is there; below it, the person's own
// shell. Loaded with the side panel.

/** The newest commands shown at first: a long conversation has thousands. */
const SHOWN_AT_FIRST = 100;
/** Output beyond this is left to the command's card in the transcript. */
const OUTPUT_LIMIT = 20_000;
const AT_END_PX = 24;

export function TerminalView({
  log,
  working,
  workspace,
}: {
  log: ConversationEventLog;
  working: boolean;
  workspace: WorkspaceTarget;
}) {
  return (
    <div className="terminal-view">
      <AgentCommands log={log} working={working} />
      <PersonShell workspace={workspace} />
    </div>
  );
}

export function AgentCommands({ log, working }: { log: ConversationEventLog; working: boolean }) {
  const t = useT();
  // The projection is made anew when HEAD is first known (a new conversation's first event) or
  // the copy is reset: the tab then follows the new one's reports, not the old one's.
  const reports = useSyncExternalStore(log.subscribe, () => log.projection.reports);
  const terminal = useMemo(() => watchTerminal(reports), [reports]);
  useEffect(() => terminal.stop, [terminal]);
  const entries = useSyncExternalStore(log.subscribe, () => terminal.log.entries);
  const [shown, setShown] = useState(SHOWN_AT_FIRST);
  const screen = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  useLayoutEffect(() => {
    const element = screen.current;
    if (element && atEnd.current) element.scrollTop = element.scrollHeight;
  }, [entries]);
  if (entries.length === 0)
    return (
      <section aria-label={t('terminal.agentCommands')}>
        <p className="workspace-note">{t('terminal.none')}</p>
      </section>
    );
  const hidden = Math.max(0, entries.length - shown);
  return (
    <section aria-label={t('terminal.agentCommands')}>
      <p className="workspace-note">{t('terminal.summary', { count: entries.length })}</p>
      {hidden > 0 && (
        <button type="button" onClick={() => setShown((count) => count + SHOWN_AT_FIRST * 5)}>
          {t('terminal.showEarlier', { count: Math.min(hidden, SHOWN_AT_FIRST * 5) })}
        </button>
      )}
      <div
        ref={screen}
        className="terminal-screen"
        role="log"
        aria-label={t('terminal.agentCommands')}
        // Focusable, so the keyboard scrolls it.
        tabIndex={0}
        onScroll={(event) => {
          const element = event.currentTarget;
          atEnd.current = element.scrollHeight - element.scrollTop - element.clientHeight < AT_END_PX;
        }}
      >
        {entries.slice(hidden).map((entry) => (
          <TerminalCommand key={entry.toolCallId} entry={entry} working={working} />
        ))}
      </div>
    </section>
  );
}

function TerminalCommand({ entry, working }: { entry: TerminalEntry; working: boolean }) {
  const t = useT();
  const cut = entry.output !== undefined && entry.output.length > OUTPUT_LIMIT;
  return (
    <div className="terminal-entry" data-tool-call-id={entry.toolCallId}>
      <div className="terminal-command">
        <span className="terminal-prompt" aria-hidden="true">
          {entry.isInput ? '> ' : '$ '}
        </span>
        {entry.isInput && <span className="visually-hidden">{t('terminal.input')} </span>}
        {entry.command}
      </div>
      {entry.output ? (
        <pre className="terminal-output ansi">
          <AnsiSpans text={entry.output} limit={OUTPUT_LIMIT} />
        </pre>
      ) : null}
      <div className={`terminal-status${entry.refusal || (entry.exitCode ?? 0) !== 0 ? ' failed' : ''}`}>
        {entry.refusal
          ? entry.refusal.kind === 'failed'
            ? entry.refusal.error
            : entry.refusal.reason
              ? t('terminal.rejectedBecause', { reason: entry.refusal.reason })
              : t('terminal.rejected')
          : entry.output !== undefined
            ? [
                entry.exitCode !== undefined && entry.exitCode !== 0
                  ? t('terminal.exitCode', { code: entry.exitCode })
                  : '',
                cut ? t('terminal.restInCard') : '',
              ]
                .filter(Boolean)
                .join(' · ')
            : working
              ? t('terminal.running')
              : t('terminal.noResult')}
      </div>
    </div>
  );
}
