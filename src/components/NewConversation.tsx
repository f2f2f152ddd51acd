import './newConversation.css';
import { Suspense, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rememberWorkspace, savedWorkspacesQuery } from '../conversation/resources/savedWorkspaces';
import { useLocation } from 'wouter';
import { describeError } from '../agent-server/client';
import { useDefaultServerId, useServers } from '../agent-server/servers';
import { makeDefaultServer } from '../agent-server/serverCommands';
import { conversationPath } from './conversationPath';
import {
  createConversation,
  keepModelKey,
  KeyNotKeptOnServer,
} from '../conversation/resources/conversationLlm';
import { KeptKeyGone } from '../agent-server/providerConnections';
import { useLlmSettings, useSaveLlmSettings, type LlmSettings } from '../agent-server/llmSettings';
import type { Approval } from '../conversation/approvalPolicy';
import { ApprovalOptions } from './ApprovalSelect';
import { LlmFields, readLlmFields } from './LlmFields';
import { t, useT } from '../i18n/i18n';
import 'virtual:tether-english/limits';
import 'virtual:tether-english/planFirst';
import { lazyPart } from './boundaries/lazyPart';
import type { RunLimits } from '../conversation/limits/runLimits';
import { PLAN_TAG } from '../conversation/conversationTags';
import { Words } from '../i18n/Words';
import {
  DEFAULT_WORKING_DIR,
  useSaveWorkspaceFolder,
  useWorkspaceFolder,
} from '../agent-server/workspaceFolder';
import { readWorktreeChoice, WorktreeFields } from './worktree/WorktreeFields';
import type { WorktreeChoice } from '../conversation/worktree/worktreeMode';
import { workspaceClient } from '../agent-server/workspace';
import type { ConnectionSettings } from '../agent-server/servers';
import 'virtual:tether-english/worktree';

// The budget and step-limit fields load when their section is first opened.
const LimitFields = lazyPart(() => import('./limits/LimitFields').then((m) => ({ default: m.LimitFields })));

/** Why the folder cannot have a worktree; undefined when it can. */
async function worktreeProblemOf(settings: ConnectionSettings, folder: string): Promise<string | undefined> {
  if (!folder) return t('worktree.needsFolder');
  try {
    return (await workspaceClient(settings).folderIsRepository(folder))
      ? undefined
      : t('worktree.notRepository', { folder });
  } catch (error) {
    return t('worktree.unchecked', { folder, reason: describeError(error) });
  }
}

/** The limits the form's fields hold: none while their section was never opened (no fields). */
async function readLimits(form: FormData, shown: boolean) {
  if (!shown) return { ok: true as const, limits: {} };
  const { readLimitForm } = await import('../conversation/limits/limitForm');
  return readLimitForm(form);
}

/** The tags that keep the limits with the conversation. */
async function limitTags(limits: RunLimits): Promise<Record<string, string>> {
  const { withLimits } = await import('../conversation/limits/runLimits');
  return withLimits({}, limits);
}

/** Stands in for a server while none is set up (its queries are off). */
const NO_SERVER = { serverUrl: '', sessionApiKey: '' };
/** An example value, the same in every language. */
const EXAMPLE_FOLDER = '/home/me/project';

export function NewConversation() {
  const servers = useServers();
  const defaultServerId = useDefaultServerId();
  const settings = servers.find((server) => server.id === defaultServerId) ?? servers[0];
  const saved = useQuery({ ...savedWorkspacesQuery(settings ?? NO_SERVER), enabled: settings !== undefined });
  const savedFolders = saved.data ?? [];
  const queryClient = useQueryClient();
  const t = useT();
  const [, navigate] = useLocation();
  const llm = useLlmSettings(settings?.id);
  const saveLlm = useSaveLlmSettings();
  const folder = useWorkspaceFolder();
  const saveFolder = useSaveWorkspaceFolder();
  const [modelNote, setModelNote] = useState<ReactNode>();
  const [checking, setChecking] = useState(false);
  const [limitsOpen, setLimitsOpen] = useState(false);
  // Once drawn, the fields stay (closed, the section still holds what was typed in them).
  const [limitsShown, setLimitsShown] = useState(false);
  const [limitErrors, setLimitErrors] = useState<{ budget?: boolean; steps?: boolean }>({});
  const [worktreeProblem, setWorktreeProblem] = useState<string>();
  const create = useMutation({
    mutationFn: async ({
      text,
      model,
      workingDir,
      approval,
      limits,
      planFirst,
      worktree,
    }: {
      text: string;
      model: LlmSettings;
      workingDir: string;
      approval: Approval;
      limits: RunLimits;
      planFirst: boolean;
      worktree: WorktreeChoice | undefined;
    }) => {
      if (!settings) throw new Error(t('list.noServer'));
      const kept = await keepModelKey(settings, model);
      saveLlm(settings.id, kept);
      const tags = limits.budget !== undefined || limits.steps !== undefined ? await limitTags(limits) : {};
      return createConversation(queryClient, settings, text, kept, workingDir, approval, {
        tags: planFirst ? { ...tags, [PLAN_TAG]: 'planning' } : tags,
        kind: planFirst ? 'plan' : 'work',
        ...(worktree ? { worktree } : {}),
      });
    },
    // The new conversation opens with focus in its composer, ready for the next message.
    onSuccess: (conversation, { workingDir }) => {
      void rememberWorkspace(queryClient, settings!, workingDir);
      navigate(conversationPath(settings!.id, conversation.id), { state: { focusComposer: true } });
    },
  });

  return (
    <form
      className="new-conversation"
      aria-label={t('newConversation.title')}
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const text = String(form.get('message') ?? '').trim();
        const fields = readLlmFields(form);
        const model = { ...fields, model: fields.model || llm.model, connectionId: llm.connectionId };
        if (settings) saveLlm(settings.id, model);
        const workingDir = String(form.get('workingDir') ?? '').trim();
        saveFolder(workingDir);
        const approval = (String(form.get('approval') ?? 'never') as Approval) || 'never';
        if (!text) return;
        const anyway = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('name') === 'anyway';
        setModelNote(undefined);
        setChecking(true);
        void (async () => {
          // The limits' fields are there once their section was opened; what they hold is read
          // with the limits' own code.
          const read = await readLimits(form, limitsShown);
          setLimitErrors(read.ok ? {} : read.errors);
          if (!read.ok) {
            setLimitsOpen(true);
            return setChecking(false);
          }
          // A worktree needs the folder to be in a git repository: the server makes none
          // otherwise, and says nothing, so it is asked first.
          const worktree = readWorktreeChoice(form);
          const problem = worktree && settings ? await worktreeProblemOf(settings, workingDir) : undefined;
          setWorktreeProblem(problem);
          if (problem) return setChecking(false);
          // The check loads with the first start; one that cannot load does not hold the conversation.
          const note =
            settings && !anyway
              ? await import('./model/modelCheckNote')
                  .then((check) =>
                    check.modelCheckNote(queryClient, settings, model, t('newConversation.startAnyway')),
                  )
                  .catch(() => undefined)
              : undefined;
          setChecking(false);
          if (note) return setModelNote(note);
          create.mutate({
            text,
            model,
            workingDir: workingDir || DEFAULT_WORKING_DIR,
            approval,
            limits: read.limits,
            planFirst: form.get('planFirst') === 'on',
            worktree,
          });
        })();
      }}
    >
      <h1>{t('newConversation.title')}</h1>
      <label>
        {t('newConversation.task')}
        <textarea
          id="new-task"
          name="message"
          rows={3}
          required
          placeholder={t('newConversation.taskPlaceholder')}
        />
      </label>
      {servers.length > 1 && settings && (
        <label className="approval-choice">
          {t('newConversation.server')}
          {/* The choice is remembered: the next conversation starts on the same server. */}
          <select
            aria-label={t('newConversation.server')}
            value={settings.id}
            onChange={(event) => makeDefaultServer(event.target.value)}
          >
            {servers.map((server) => (
              <option key={server.id} value={server.id}>
                {server.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <details className="llm-settings">
        <summary>
          <Words
            id="newConversation.model"
            values={{ model: <span className="llm-model">{llm.model}</span> }}
          />
        </summary>
        {/* Each server has its own: the fields start afresh when the server changes. */}
        <LlmFields key={settings?.id} initial={llm} offerSessionKey />
        <p className="hint">{t('newConversation.modelHint')}</p>
      </details>
      <details className="llm-settings">
        <summary>
          <Words
            id="newConversation.folderSummary"
            values={{
              folder: (
                <span className="llm-model">
                  {folder || t('newConversation.folderDefault', { folder: DEFAULT_WORKING_DIR })}
                </span>
              ),
            }}
          />
        </summary>
        <label>
          {t('newConversation.folder')}
          <input
            name="workingDir"
            defaultValue={folder}
            placeholder={EXAMPLE_FOLDER}
            list={savedFolders.length > 0 ? 'saved-workspaces' : undefined}
          />
        </label>
        {savedFolders.length > 0 && (
          // The folders the chosen server keeps for its clients, offered as the field is typed in.
          <datalist id="saved-workspaces">
            {savedFolders.map((saved) => (
              <option key={saved.path} value={saved.path} label={saved.name} />
            ))}
          </datalist>
        )}
        <p className="hint">{t('newConversation.folderHint', { folder: DEFAULT_WORKING_DIR })}</p>
      </details>
      <WorktreeFields problem={worktreeProblem} />
      <details
        className="llm-settings"
        open={limitsOpen}
        onToggle={(event) => {
          setLimitsOpen(event.currentTarget.open);
          if (event.currentTarget.open) setLimitsShown(true);
        }}
      >
        <summary>{t('limits.atStart')}</summary>
        {limitsShown && (
          <div className="limits-fields">
            <Suspense fallback={null}>
              <LimitFields initial={{}} errors={limitErrors} />
            </Suspense>
          </div>
        )}
      </details>
      <label className="check plan-first">
        <input type="checkbox" name="planFirst" aria-describedby="plan-first-hint" />
        {t('planFirst.first')}
      </label>
      <p className="hint" id="plan-first-hint">
        {t('planFirst.firstHint')}
      </p>
      <label className="approval-choice">
        {t('approval.label')}
        <select name="approval" defaultValue="never">
          <ApprovalOptions />
        </select>
      </label>
      {modelNote && (
        // Brought into view when it appears: on a phone it lands below the fold, with its button.
        <div className="model-note" ref={(note) => note?.scrollIntoView({ block: 'nearest' })}>
          {modelNote}
        </div>
      )}
      <button type="submit" className="primary" disabled={create.isPending || checking}>
        {create.isPending || checking ? t('newConversation.starting') : t('newConversation.start')}
      </button>
      {create.error && (
        <p className="banner error" role="alert">
          {create.error instanceof KeptKeyGone
            ? t('llm.keptKeyGone')
            : create.error instanceof KeyNotKeptOnServer
              ? t('llm.serverCannotKeep')
              : t('newConversation.notCreated', { reason: describeError(create.error) })}
        </p>
      )}
    </form>
  );
}
