import './newConversation.css';
import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rememberWorkspace, savedWorkspacesQuery } from '../conversation/resources/savedWorkspaces';
import { useLocation } from 'wouter';
import { describeError } from '../agent-server/client';
import { useDefaultServerId, useServers } from '../agent-server/servers';
import { makeDefaultServer } from '../agent-server/serverCommands';
import { conversationPath } from './servers/conversationPath';
import { createConversation } from '../conversation/resources/conversationLlm';
import { useLlmSettings, useSaveLlmSettings, type LlmSettings } from '../agent-server/llmSettings';
import type { Approval } from '../conversation/approvalPolicy';
import { ApprovalOptions } from './ApprovalSelect';
import { LlmFields, readLlmFields } from './LlmFields';
import {
  DEFAULT_WORKING_DIR,
  useSaveWorkspaceFolder,
  useWorkspaceFolder,
} from '../agent-server/workspaceFolder';

/** Stands in for a server while none is set up (its queries are off). */
const NO_SERVER = { serverUrl: '', sessionApiKey: '' };

export function NewConversation() {
  const servers = useServers();
  const defaultServerId = useDefaultServerId();
  const settings = servers.find((server) => server.id === defaultServerId) ?? servers[0];
  const saved = useQuery({ ...savedWorkspacesQuery(settings ?? NO_SERVER), enabled: settings !== undefined });
  const savedFolders = saved.data ?? [];
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const llm = useLlmSettings(settings?.id);
  const saveLlm = useSaveLlmSettings();
  const folder = useWorkspaceFolder();
  const saveFolder = useSaveWorkspaceFolder();
  const [modelNote, setModelNote] = useState<ReactNode>();
  const [checking, setChecking] = useState(false);
  const create = useMutation({
    mutationFn: ({
      text,
      model,
      workingDir,
      approval,
    }: {
      text: string;
      model: LlmSettings;
      workingDir: string;
      approval: Approval;
    }) => {
      if (!settings) throw new Error('No agent-server is set up: add one under Servers.');
      return createConversation(queryClient, settings, text, model, workingDir, approval);
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
      aria-label="New conversation"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const text = String(form.get('message') ?? '').trim();
        const fields = readLlmFields(form);
        const model = { ...fields, model: fields.model || llm.model };
        if (settings) saveLlm(settings.id, model);
        const workingDir = String(form.get('workingDir') ?? '').trim();
        saveFolder(workingDir);
        const approval = (String(form.get('approval') ?? 'never') as Approval) || 'never';
        if (!text) return;
        const start = () =>
          create.mutate({ text, model, workingDir: workingDir || DEFAULT_WORKING_DIR, approval });
        setModelNote(undefined);
        if (!settings || (event.nativeEvent as SubmitEvent).submitter?.getAttribute('name') === 'anyway') {
          return start();
        }
        setChecking(true);
        // The check loads with the first start; one that cannot load does not hold the conversation.
        void import('./model/modelCheckNote')
          .then((check) => check.modelCheckNote(queryClient, settings, model, 'Start anyway'))
          .catch(() => undefined)
          .then((note) => {
            setChecking(false);
            if (note) setModelNote(note);
            else start();
          });
      }}
    >
      <h1>New conversation</h1>
      <label>
        What should the agent do?
        <textarea id="new-task" name="message" rows={3} required placeholder="Describe the task…" />
      </label>
      {servers.length > 1 && settings && (
        <label className="approval-choice">
          Server
          {/* The choice is remembered: the next conversation starts on the same server. */}
          <select
            aria-label="Server"
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
          Model: <span className="llm-model">{llm.model}</span>
        </summary>
        {/* Each server has its own: the fields start afresh when the server changes. */}
        <LlmFields key={settings?.id} initial={llm} />
        <p className="hint">
          Used for new conversations on this server. Kept in this browser; the key goes to this agent-server
          only.
        </p>
      </details>
      <details className="llm-settings">
        <summary>
          Workspace folder:{' '}
          <span className="llm-model">{folder || `${DEFAULT_WORKING_DIR} (server default)`}</span>
        </summary>
        <label>
          Workspace folder
          <input
            name="workingDir"
            defaultValue={folder}
            placeholder="/home/me/project"
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
        <p className="hint">
          Where the agent works, on the agent-server’s machine. Empty: the server’s “{DEFAULT_WORKING_DIR}”
          folder. An absolute path also lets you open, download and upload files there.
        </p>
      </details>
      <label className="approval-choice">
        Ask before actions
        <select name="approval" defaultValue="never">
          <ApprovalOptions />
        </select>
      </label>
      {modelNote}
      <button type="submit" disabled={create.isPending || checking}>
        {create.isPending || checking ? 'Starting…' : 'Start conversation'}
      </button>
      {create.error && (
        <p className="banner error" role="alert">
          The conversation was not created. {describeError(create.error)}
        </p>
      )}
    </form>
  );
}
