import { useIdleReached } from './useIdleReached';
import { ScrollablePre } from './ScrollablePre';
import { memo, Suspense, useEffect, useState } from 'react';
import { callState, type ToolCall } from '../conversation/toolCalls';
import {
  callHeadline,
  OUTPUT_PREVIEW_CHARS,
  outcomeView,
  previewText,
  stateLabel,
  toolName,
  actionOf,
  childOf,
  type OutcomeView,
} from '../conversation/toolCallView';
import { readObservation } from '../agent-server/toolActions';
import { taskStatusWords } from '../conversation/tasks/taskPlan';
import { useOpenWorkspace } from './workspaceRoute';
import { CopyButton } from './clipboard/CopyButton';
import { useFindFocus } from './find/findFocus';
import type { Activity } from '../conversation/composerRules';
import { lazyPart } from './boundaries/lazyPart';
import { useT, type MessageId } from '../i18n/i18n';

// The diff library and its renderer load in the first idle moment after an edit is shown: the
// first screen never waits for them.
const EditDiff = lazyPart(() => import('./diff/EditDiff'));
// Few conversations start children: the card that follows one loads with the first.
const ChildConversation = lazyPart(() => import('./children/ChildConversation'));

function EditDiffSlot({
  action,
  observation,
  eventId,
}: {
  action: unknown;
  observation: unknown;
  eventId: string | undefined;
}) {
  const idleReached = useIdleReached();
  const t = useT();
  const placeholder = <p className="diff-note">{t('card.loadingDiff')}</p>;
  if (!idleReached) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <EditDiff action={action} observation={observation} eventId={eventId} />
    </Suspense>
  );
}

/** A file-editor call that changes a file: what its diff is drawn from (the action, and the result once in). */
function fileEdit(
  call: ToolCall,
): { action: unknown; observation: unknown; eventId: string | undefined } | undefined {
  const action = call.action?.action;
  const observed = call.outcomes.find((o) => o.kind === 'ObservationEvent');
  const observation = observed?.kind === 'ObservationEvent' ? observed.observation : undefined;
  const asked = actionOf(call);
  const told = observation === undefined ? undefined : readObservation(observation);
  // A view reads a file; only the other file-editor commands change one.
  const editing = (view: typeof asked | typeof told) => view?.tool === 'file-edit' && view.command !== 'view';
  if (!editing(asked) && !editing(told)) return undefined;
  // An edit that failed changed nothing: its error says why.
  if (told?.isError) return undefined;
  return { action, observation, eventId: observed?.id };
}

export const ToolCallCard = memo(function ToolCallCard({
  call,
  activity,
}: {
  call: ToolCall;
  activity: Activity;
}) {
  const t = useT();
  const state = callState(call, activity !== 'idle');
  const label =
    state === 'running' && activity === 'confirming' ? t('card.waitingApproval') : stateLabel(call, state);
  const action = actionOf(call);
  const command = action?.tool === 'terminal' ? action.command : '';
  const headline = callHeadline(call);
  const edit = fileEdit(call);
  return (
    <article
      className={`tool-card state-${state}`}
      data-tool-call-id={call.toolCallId}
      data-state={state}
      {...(call.action ? { 'data-event-id': call.action.id } : {})}
      aria-label={`${toolName(call)}: ${headline} — ${label}`}
    >
      <header className="tool-card-header">
        <span className="tool-name">{toolName(call)}</span>
        <span className="tool-headline">{headline}</span>
        <RiskBadge risk={call.action?.security_risk} />
        <span className="tool-state">
          {state === 'running' && activity === 'running' && <span className="spinner" aria-hidden="true" />}
          {label}
        </span>
      </header>
      {command && headline !== command && (
        <div className="copyable">
          <ScrollablePre className="tool-command" label={t('card.command')}>
            $ {command}
          </ScrollablePre>
          <CopyButton text={command} label={t('card.copyCommand')} />
        </div>
      )}
      {!call.action && <p className="tool-note">{t('card.notLoaded')}</p>}
      {call.action && !action && call.action.tool_call?.arguments && (
        <ScrollablePre className="tool-command" label={t('card.arguments')}>
          {call.action.tool_call.arguments}
        </ScrollablePre>
      )}
      {(action?.tool === 'child-conversation' || action?.tool === 'sub-agent') && (
        <Suspense fallback={null}>
          <ChildConversation
            task={action.tool === 'sub-agent' ? action.prompt : action.task}
            child={childOf(call)}
          />
        </Suspense>
      )}
      {edit && <EditDiffSlot action={edit.action} observation={edit.observation} eventId={edit.eventId} />}
      {call.outcomes.length > 0 && (
        <ol className="tool-outcomes">
          {call.outcomes.map((outcome, index) => (
            <OutcomeItem
              key={outcome.id}
              view={outcomeView(outcome)}
              numbered={call.outcomes.length > 1 ? index + 1 : undefined}
              // The header already says it (a stopped call: "Interrupted"): the outcome gives
              // only its sentence, so the card says what happened once.
              stateSaid={call.outcomes.length === 1 ? label : undefined}
            />
          ))}
        </ol>
      )}
    </article>
  );
});

const RISK_WORDS: Record<string, MessageId> = { LOW: 'risk.low', MEDIUM: 'risk.medium', HIGH: 'risk.high' };

/** The security analyser's rating of the action; nothing when unknown or not rated. */
function RiskBadge({ risk }: { risk: string | undefined }) {
  const t = useT();
  const words = risk ? RISK_WORDS[risk.toUpperCase()] : undefined;
  if (!words) return null;
  return <span className={`risk-badge risk-${risk!.toLowerCase()}`}>{t(words)}</span>;
}

function OutcomeItem({
  view,
  numbered,
  stateSaid,
}: {
  view: OutcomeView;
  numbered: number | undefined;
  stateSaid: string | undefined;
}) {
  const t = useT();
  const repeated = view.label === stateSaid && !view.path;
  return (
    <li className={`tool-outcome outcome-${view.kind}`} data-event-id={view.eventId}>
      {!repeated && (
        <div className={`outcome-label${view.warning ? ' warning' : ''}`}>
          {numbered !== undefined && (
            <span className="outcome-number">{t('card.result', { number: numbered })} </span>
          )}
          {view.label}
          {view.path && <span className="outcome-path"> {view.path}</span>}
        </div>
      )}
      {view.kind === 'file-edit' || view.kind === 'child' ? null : view.kind === 'tasks' ? (
        <>
          <ul className="task-list">
            {view.tasks?.map((task, i) => (
              <li key={i} className={`task task-${task.status}`}>
                <span className="task-status">{taskStatusWords(task.status)}</span> {task.title}
                {task.notes && <span className="task-notes"> — {task.notes}</span>}
              </li>
            ))}
          </ul>
          <OpenTaskList />
        </>
      ) : (
        view.text && <LongText text={view.text} coloured={view.coloured} />
      )}
    </li>
  );
}

/** From a change to the plan to the plan as it stands now, in the side panel's Tasks tab. */
function OpenTaskList() {
  const openWorkspace = useOpenWorkspace();
  const t = useT();
  return (
    <button type="button" className="link-button" onClick={() => openWorkspace({ view: 'tasks' })}>
      {t('card.openTasks')}
    </button>
  );
}

const AnsiText = lazyPart(() => import('./ansi/AnsiText'));

function LongText({ text, coloured }: { text: string; coloured?: string }) {
  const [expanded, setExpanded] = useState(false);
  const t = useT();
  // Find jumped to a match in the folded part of this output: unfold it.
  const focus = useFindFocus();
  const foldedMatch =
    focus?.segment.where === 'output' &&
    focus.offset + 1 > OUTPUT_PREVIEW_CHARS - 200 &&
    focus.segment.text === text;
  useEffect(() => {
    if (foldedMatch) setExpanded(true);
  }, [foldedMatch, focus]);
  const { shown, hiddenChars } = previewText(text);
  const plain = (
    <ScrollablePre className="tool-output" label={t('card.output')}>
      {expanded ? text : shown}
    </ScrollablePre>
  );
  return (
    <>
      <div className="copyable">
        {coloured ? (
          <Suspense fallback={plain}>
            <AnsiText text={coloured} limit={expanded ? undefined : OUTPUT_PREVIEW_CHARS} />
          </Suspense>
        ) : (
          plain
        )}
        {/* The whole output, folded or not, without colour codes. */}
        <CopyButton text={text} label={t('card.copyOutput')} />
      </div>
      {hiddenChars > 0 && (
        <button type="button" className="link-button" onClick={() => setExpanded((v) => !v)}>
          {expanded ? t('card.showLess') : t('card.showMore', { count: hiddenChars })}
        </button>
      )}
    </>
  );
}
