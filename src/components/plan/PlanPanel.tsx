import { useMemo, useState, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { agentServerClients, describeError } from '../../agent-server/client';
import { useLlmSettings } from '../../agent-server/llmSettings';
import type { ConversationModel } from '../conversation/useConversation';
import { workspaceClient } from '../../agent-server/workspace';
import { conversationApproval } from '../../conversation/approvalPolicy';
import { newestPlanEdit } from '../../conversation/plan/planEdits';
import { rowReaderOf } from '../../conversation/rowReader';
import {
  BUILT_FROM_TAG,
  nextTurnOf,
  planPathOf,
  planStateOf,
  planTag,
} from '../../conversation/plan/planMode';
import { sendUserMessage } from '../../conversation/resources/events';
import { createConversation } from '../../conversation/resources/conversationLlm';
import { saveConversationTags } from '../../conversation/resources/conversationWrites';
import { workspaceKey, type WorkspaceTarget } from '../../conversation/resources/workspace';
import { PLAN_TAG, tagsOf } from '../../conversation/conversationTags';
import { useT } from '../../i18n/i18n';
import { conversationPath } from '../conversationPath';
import { Markdown } from '../markdown/Markdown';
import { DiffView } from '../diff/DiffView';
import { unchangedLines } from '../../conversation/workspace/diffModel';
import { insideFolder } from '../../conversation/workspace/insideFolder';
import { languageOf } from '../../conversation/workspace/gitPaths';
import { Link } from 'wouter';
import { opinionOf, planVersion } from '../../conversation/plan/secondOpinion';
import { AskForOpinion, SecondOpinion } from './SecondOpinion';
import './plan.css';
import 'virtual:tether-english/planFirst';

/**
 * The plan of a "Plan first" conversation, above its composer: PLAN.md as the agent wrote it,
 * read again after each of its edits, beside its second opinion if one was asked, and the
 * person's answer to it: Approve (the build starts in a new conversation with the full tools, the
 * plan its first message; a plan of a conversation's next turn goes back to that conversation as
 * its next message), Revise (what to change, in words or on its lines, sent to the planning
 * agent), a second opinion, or Discard.
 */
export function PlanPanel({ model }: { model: ConversationModel }) {
  const { workspace } = model;
  return workspace ? <Plan model={model} workspace={workspace} /> : null;
}

function Plan({ model, workspace }: { model: ConversationModel; workspace: WorkspaceTarget }) {
  const { settings, conversationId, info, log, session, activity } = model;
  const t = useT();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const llm = useLlmSettings(settings.id);
  useSyncExternalStore(log.subscribe, log.getVersion);
  const edit = newestPlanEdit(rowReaderOf(log));
  const path = planPathOf(workspace.repository, edit?.path);
  const plan = useQuery({
    queryKey: [...workspaceKey(workspace), 'plan', path, edit?.eventId ?? 'none'],
    queryFn: async () =>
      new TextDecoder().decode((await workspaceClient(settings).download(workspace, path)).bytes),
    // Read once per edit: the key changes with each.
    staleTime: Infinity,
  });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [revising, setRevising] = useState(false);
  // The plan line by line, where its lines take review comments (sent from the review's tray).
  const [byLine, setByLine] = useState(false);
  const lines = useMemo(() => (plan.data === undefined ? undefined : unchangedLines(plan.data)), [plan.data]);
  const [changes, setChanges] = useState('');
  const state = planStateOf(info);
  const [askingOpinion, setAskingOpinion] = useState(false);
  const opinionId = opinionOf(info);
  const version = planVersion(edit?.eventId);
  const tags = tagsOf(info);

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(undefined);
    try {
      await work();
    } catch (error) {
      setProblem(describeError(error));
    } finally {
      setBusy(false);
    }
  };
  const parent = nextTurnOf(info);
  // Once the plan has reached the parent, a retry (its tag not saved) does not send it twice.
  const [sentTo, setSentTo] = useState<string>();
  const approve = () =>
    act(async () => {
      const text = t('planFirst.buildMessage', { path, plan: plan.data ?? '' });
      // The next turn of a conversation: the plan goes there, as the person's next message.
      const buildId =
        parent ??
        (
          await createConversation(
            queryClient,
            settings,
            text,
            llm,
            workspace.repository,
            conversationApproval(info),
            { tags: { [BUILT_FROM_TAG]: conversationId } },
          )
        ).id;
      if (parent && sentTo !== parent) {
        await sendUserMessage(agentServerClients(settings).conversations, parent, [{ type: 'text', text }]);
        setSentTo(parent);
      }
      await saveConversationTags(queryClient, settings, conversationId, {
        ...tags,
        [PLAN_TAG]: planTag({ kind: 'approved', buildId }),
      });
      navigate(conversationPath(settings.id, buildId), { state: { focusComposer: true } });
    });
  const setState = (kind: 'planning' | 'discarded') =>
    act(() =>
      saveConversationTags(queryClient, settings, conversationId, { ...tags, [PLAN_TAG]: planTag({ kind }) }),
    );
  const revise = () =>
    act(async () => {
      await session.commands.send(changes.trim());
      setChanges('');
      setRevising(false);
    });

  if (state.kind === 'none') return null;
  const writing = activity !== 'idle';
  return (
    <section className="plan-panel" aria-labelledby="plan-title">
      <h2 id="plan-title">{t('planFirst.title')}</h2>
      {state.kind === 'approved' && (
        <p>
          {parent === state.buildId ? t('planFirst.approvedNextTurn') : t('planFirst.approved')}{' '}
          <Link href={conversationPath(settings.id, state.buildId)}>
            {parent === state.buildId ? t('planFirst.openConversation') : t('planFirst.openBuild')}
          </Link>
        </p>
      )}
      {state.kind === 'discarded' && (
        <p>
          {t('planFirst.discarded')}{' '}
          <button type="button" disabled={busy} onClick={() => void setState('planning')}>
            {t('planFirst.reopen')}
          </button>
        </p>
      )}
      {state.kind === 'planning' && (
        <>
          <p className="hint">
            {writing
              ? t('planFirst.writing')
              : parent
                ? t('planFirst.explainNextTurn')
                : t('planFirst.explain')}
          </p>
          <div className={opinionId ? 'plan-with-opinion' : undefined}>
            {byLine && lines && plan.data !== undefined ? (
              <DiffView
                diff={lines}
                language={languageOf(path)}
                label={t('planFirst.lines')}
                commentOn={{
                  path,
                  shownPath: insideFolder(workspace.repository, path),
                  shownText: plan.data,
                  ...(edit ? { sourceEventId: edit.eventId } : {}),
                }}
              />
            ) : (
              <div
                className="plan-document"
                tabIndex={0}
                role="document"
                aria-label={t('planFirst.document')}
              >
                {plan.data !== undefined ? (
                  <Markdown text={plan.data} />
                ) : plan.isError ? (
                  <p>{t('planFirst.unread', { reason: describeError(plan.error) })}</p>
                ) : (
                  <p>{t('planFirst.reading')}</p>
                )}
              </div>
            )}
            {opinionId && <SecondOpinion settings={settings} id={opinionId} version={version} />}
          </div>
          {revising && (
            <label className="plan-changes">
              {t('planFirst.changesLabel')}
              <textarea value={changes} rows={3} onChange={(event) => setChanges(event.target.value)} />
            </label>
          )}
          <div className="form-actions">
            {revising ? (
              <>
                <button type="button" disabled={busy || !changes.trim()} onClick={() => void revise()}>
                  {t('planFirst.sendChanges')}
                </button>
                <button type="button" onClick={() => setRevising(false)}>
                  {t('planFirst.cancel')}
                </button>
              </>
            ) : (
              <>
                <button
                  type="button"
                  className="primary"
                  disabled={busy || writing || plan.data === undefined}
                  onClick={() => void approve()}
                >
                  {t('planFirst.approve')}
                </button>
                <button type="button" disabled={busy || writing} onClick={() => setRevising(true)}>
                  {t('planFirst.revise')}
                </button>
                <button
                  type="button"
                  aria-pressed={byLine}
                  disabled={plan.data === undefined}
                  onClick={() => setByLine(!byLine)}
                >
                  {t('planFirst.commentLines')}
                </button>
                <button
                  type="button"
                  aria-expanded={askingOpinion}
                  disabled={busy || writing || plan.data === undefined}
                  onClick={() => setAskingOpinion(!askingOpinion)}
                >
                  {t('planFirst.secondOpinion')}
                </button>
                <button type="button" disabled={busy} onClick={() => void setState('discarded')}>
                  {t('planFirst.discard')}
                </button>
              </>
            )}
          </div>
          {askingOpinion && plan.data !== undefined && (
            <AskForOpinion
              settings={settings}
              planningId={conversationId}
              planningInfo={info}
              workingDir={workspace.repository}
              request={t('planFirst.opinionRequest', {
                path: insideFolder(workspace.repository, path),
                plan: plan.data,
              })}
              version={version}
              onDone={() => setAskingOpinion(false)}
            />
          )}
        </>
      )}
      {problem && <p role="alert">{t('planFirst.failed', { problem })}</p>}
    </section>
  );
}
