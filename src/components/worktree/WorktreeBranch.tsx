import { useEffect, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConnectionSettings } from '../../agent-server/servers';
import { BRANCH_TAG, tagOf, tagsOf } from '../../conversation/conversationTags';
import { saveConversationTags } from '../../conversation/resources/conversationWrites';
import { workingTreeKey, type WorkspaceTarget } from '../../conversation/resources/workspace';
import { readBranch } from '../../conversation/worktree/worktreeActions';
import { branchOf, madeWorktree } from '../../conversation/worktree/worktreeMode';
import { useT } from '../../i18n/i18n';
import './worktree.css';
import 'virtual:tether-english/worktree';

/**
 * In the header of a conversation started in its own worktree: the branch the worktree is on,
 * read from git (the agent may have made one of its own), and kept in the conversation's tags so
 * that the list shows it. A conversation the server made no worktree for says so.
 */
export default function WorktreeBranch({
  info,
  settings,
  repository,
}: {
  info: unknown;
  settings: ConnectionSettings;
  repository: string | undefined;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const id = (info as { id: string }).id;
  const made = madeWorktree(info);
  const workspace = useMemo<WorkspaceTarget | undefined>(
    () => (made && repository ? { settings, conversationId: id, repository } : undefined),
    [made, repository, settings, id],
  );
  const branch = useQuery({
    queryKey: workspace ? [...workingTreeKey(workspace), 'branch'] : ['worktree-branch', 'none'],
    queryFn: () => readBranch(workspace!),
    enabled: workspace !== undefined,
    // Each read is a command in the conversation's shell: once a minute at most, and again when
    // the working tree is re-read (after the agent's runs).
    staleTime: 60_000,
  });
  const kept = tagOf(info, BRANCH_TAG);
  useEffect(() => {
    if (!branch.data || branch.data === kept) return;
    void saveConversationTags(queryClient, settings, id, {
      ...tagsOf(info),
      [BRANCH_TAG]: branch.data,
    }).catch(
      // Not kept: the list shows the branch it last knew; the header reads it again.
      () => undefined,
    );
  }, [branch.data, kept, queryClient, settings, id, info]);

  if (!made)
    return (
      <span className="worktree-branch worktree-missing" role="note">
        {t('worktree.noneMade')}
      </span>
    );
  const shown = branch.data ?? branchOf(info);
  return (
    <span className="worktree-branch" title={shown}>
      <span className="visually-hidden">{t('worktree.branch')} </span>
      <span aria-hidden="true">⎇ </span>
      <span className="worktree-branch-name">{shown}</span>
    </span>
  );
}
