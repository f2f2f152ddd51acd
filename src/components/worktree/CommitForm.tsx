import { useState, useSyncExternalStore } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { describeError } from '../../agent-server/client';
import type { ConversationEventLog } from '../../conversation/eventLog';
import type { WorkspaceTarget } from '../../conversation/resources/workspace';
import { newestMessageText } from '../../conversation/newestMessage';
import { rowReaderOf } from '../../conversation/rowReader';
import {
  commitAll,
  openPullRequest,
  readPullRequestReadiness,
} from '../../conversation/worktree/worktreeActions';
import { suggestedCommitMessage } from '../../conversation/worktree/worktreeMode';
import { useT } from '../../i18n/i18n';
import './worktree.css';
import 'virtual:tether-english/worktree';

/**
 * In the Changes tab: commit everything, with a message the person edits (the newest request's
 * first line to start from), and open a pull request of the branch where the repository has a
 * remote and the server has `gh`; where not, it says which is missing.
 */
export function CommitForm({ workspace, log }: { workspace: WorkspaceTarget; log: ConversationEventLog }) {
  const t = useT();
  const queryClient = useQueryClient();
  useSyncExternalStore(log.subscribe, log.getVersion);
  const suggested = suggestedCommitMessage(newestMessageText(rowReaderOf(log), 'user'));
  // The suggestion follows the conversation until the person writes their own.
  const [written, setWritten] = useState<string>();
  const message = written ?? suggested;
  const commit = useMutation({ mutationFn: (text: string) => commitAll(queryClient, workspace, text) });
  // Asked when the person asks for one: each check is a command in the conversation's shell.
  const pullRequest = useMutation({
    mutationFn: async (): Promise<{ url?: string; missing?: 'no-remote' | 'no-gh' }> => {
      const readiness = await readPullRequestReadiness(workspace);
      if (readiness.kind !== 'ready') return { missing: readiness.kind };
      return { url: await openPullRequest(workspace) };
    },
  });
  return (
    <form
      className="commit-form"
      aria-label={t('worktree.commitTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        if (message.trim()) commit.mutate(message.trim());
      }}
    >
      <label>
        {t('worktree.commitMessage')}
        <textarea
          className="commit-message"
          value={message}
          rows={2}
          required
          onChange={(event) => setWritten(event.target.value)}
        />
      </label>
      <div className="commit-actions">
        <button type="submit" disabled={commit.isPending}>
          {commit.isPending ? t('worktree.committing') : t('worktree.commit')}
        </button>
        <button type="button" disabled={pullRequest.isPending} onClick={() => pullRequest.mutate()}>
          {pullRequest.isPending ? t('worktree.openingPullRequest') : t('worktree.openPullRequest')}
        </button>
      </div>
      {commit.isSuccess && <p role="status">{t('worktree.committed', { sha: commit.data })}</p>}
      {commit.isError && (
        <p role="alert" className="error">
          {t('worktree.commitFailed', { reason: describeError(commit.error) })}
        </p>
      )}
      {pullRequest.isSuccess && (
        <p role="status">
          {pullRequest.data.missing === 'no-remote' ? (
            t('worktree.noRemote')
          ) : pullRequest.data.missing === 'no-gh' ? (
            t('worktree.noGh')
          ) : pullRequest.data.url ? (
            <a href={pullRequest.data.url} target="_blank" rel="noreferrer">
              {t('worktree.pullRequestOpened')}
            </a>
          ) : (
            t('worktree.pullRequestNoAddress')
          )}
        </p>
      )}
      {pullRequest.isError && (
        <p role="alert" className="error">
          {t('worktree.pullRequestFailed', { reason: describeError(pullRequest.error) })}
        </p>
      )}
    </form>
  );
}
