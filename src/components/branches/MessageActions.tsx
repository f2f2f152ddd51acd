import { actionOf } from '../../conversation/toolCallView';
import { Suspense, useState, useSyncExternalStore } from 'react';
import { isAnswerAt, turnAround, turnChanges, type TurnChanges } from '../../conversation/turns/turnChanges';
import { lazyPart } from '../boundaries/lazyPart';
import { rowReaderOf } from '../../conversation/rowReader';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { describeError } from '../../agent-server/client';
import { contentImages, contentText, type MessageEvent, type ServerEvent } from '../../agent-server/protocol';
import { treeParent } from '../../conversation/branches/eventTree';
import type { Row } from '../../conversation/projection';
import { forkAt, moveHead } from '../../conversation/resources/branches';
import { useBranchScope, type BranchScope } from './branchContext';
import { MessageEditor } from './MessageEditor';
import './branches.css';
import { useScopedServer } from '../servers/serverScope';
import { conversationPath } from '../conversationPath';
import { useT } from '../../i18n/i18n';
import 'virtual:tether-english/branches';

// Under a message: its place among the branches (‹ 2 / 3 ›), and Edit, Regenerate and Fork;
// under a turn's last answer, what the turn changed. Loaded in the first idle moment: none of it
// is needed to read a conversation.

// What a turn changed, with its diffs and its putting back, loads when it is first opened.
const TurnChangesDialog = lazyPart(() => import('../turns/TurnChangesDialog'));

export default function MessageActions({ row }: { row: Row }) {
  const scope = useBranchScope();
  if (!scope) return null;
  return <Actions row={row} scope={scope} />;
}

function Actions({ row, scope }: { row: Row; scope: BranchScope }) {
  const t = useT();
  const BUSY_WORDS = t('branches.busy');
  const { log, activity, session } = scope;
  useSyncExternalStore(log.subscribe, log.getVersion);
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const server = useScopedServer();
  const [editing, setEditing] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [turnOpen, setTurnOpen] = useState(false);
  const event = log.tree.get(row.eventId);
  if (!event) return null;
  const parent = treeParent(event);
  const siblings = parent ? log.tree.childrenOf(parent) : [];
  const place = siblings.findIndex((sibling) => sibling.id === event.id);
  const fromUser = row.type === 'message' && row.event.source === 'user';
  const turn = finishedTurnChanges(row, scope);
  const busy = activity !== 'idle';
  const lastUser = fromUser ? undefined : regenerateFrom(row, scope);

  const act = (work: () => Promise<unknown>) => {
    setProblem(undefined);
    work().catch((error: unknown) => setProblem(describeError(error)));
  };
  const show = (sibling: ServerEvent) =>
    act(async () => {
      const leaf = log.tree.newestLeafUnder(sibling.id);
      await moveHead(queryClient, scope.settings, scope.conversationId, leaf);
      log.setHead(leaf);
    });

  return (
    <>
      <div className="message-actions">
        {siblings.length > 1 && place >= 0 && (
          <span className="branch-switcher" role="group" aria-label={t('branches.versions')}>
            <button
              type="button"
              aria-label={t('branches.previous')}
              disabled={busy || place === 0}
              title={busy ? BUSY_WORDS : undefined}
              onClick={() => show(siblings[place - 1]!)}
            >
              ‹
            </button>
            <span className="branch-place">
              {t('branches.place', { place: place + 1, count: siblings.length })}
            </span>
            <button
              type="button"
              aria-label={t('branches.next')}
              disabled={busy || place === siblings.length - 1}
              title={busy ? BUSY_WORDS : undefined}
              onClick={() => show(siblings[place + 1]!)}
            >
              ›
            </button>
          </span>
        )}
        {fromUser && parent && (
          <button
            type="button"
            disabled={busy}
            title={busy ? BUSY_WORDS : undefined}
            onClick={() => setEditing(true)}
          >
            {t('branches.edit')}
          </button>
        )}
        {lastUser && (
          <button
            type="button"
            disabled={busy}
            title={busy ? BUSY_WORDS : undefined}
            onClick={() =>
              act(async () => {
                // The server runs a finished conversation again only for a new message (its
                // `send_message` alone resets `finished`), so the request is asked again as a
                // sibling of itself, and the agent answers it afresh.
                const parentOfRequest = treeParent(lastUser);
                if (!parentOfRequest) return;
                await moveHead(queryClient, scope.settings, scope.conversationId, parentOfRequest);
                log.setHead(parentOfRequest);
                await session.commands.send(
                  contentText(lastUser.llm_message.content),
                  contentImages(lastUser.llm_message.content),
                );
              })
            }
          >
            {t('branches.regenerate')}
          </button>
        )}
        {forkable(row) && (
          <button
            type="button"
            onClick={() =>
              act(async () => {
                const fork = await forkAt(
                  queryClient,
                  scope.settings,
                  scope.conversationId,
                  event.id,
                  t('branches.forkTitle', { title: scope.title ?? t('branches.untitled') }),
                );
                navigate(conversationPath(server.id, fork.id), { state: { focusComposer: true } });
              })
            }
          >
            {t('branches.fork')}
          </button>
        )}
        {turn && (
          <button type="button" aria-haspopup="dialog" onClick={() => setTurnOpen(true)}>
            {t('branches.turnChanges', { count: turn.files.length })}
          </button>
        )}
        {busy && siblings.length > 1 && <span className="visually-hidden">{BUSY_WORDS}</span>}
      </div>
      {problem && (
        <p className="branch-problem" role="alert">
          {t('branches.failed', { problem })}
        </p>
      )}
      {turnOpen && turn && scope.workspace && (
        <Suspense fallback={null}>
          <TurnChangesDialog workspace={scope.workspace} changes={turn} onClose={() => setTurnOpen(false)} />
        </Suspense>
      )}
      {editing && row.type === 'message' && parent && (
        <MessageEditor
          text={contentText(row.event.llm_message.content)}
          images={contentImages(row.event.llm_message.content)}
          onCancel={() => setEditing(false)}
          onSend={async (text, images) => {
            await moveHead(queryClient, scope.settings, scope.conversationId, parent);
            log.setHead(parent);
            setEditing(false);
            await session.commands.send(text, images);
          }}
        />
      )}
    </>
  );
}

/**
 * What the turn this row ends changed, where the row is the turn's last answer, the turn is over
 * and it changed files with the file editor (turns/turnChanges.ts); undefined elsewhere. Reads
 * the turn's rows by their calls and events, building none.
 */
function finishedTurnChanges(row: Row, { log, activity, workspace }: BranchScope): TurnChanges | undefined {
  if (!workspace || (row.type !== 'message' && row.type !== 'turn')) return undefined;
  const source = rowReaderOf(log);
  const index = source.rowOrder.indexOf(row.key);
  if (index < 0 || !isAnswerAt(source, index)) return undefined;
  const { calls, last, ended } = turnAround(source, index);
  if (!last || (!ended && activity !== 'idle')) return undefined;
  const changes = turnChanges(calls);
  return changes.files.length > 0 ? changes : undefined;
}

/** A message, or the turn that gives the agent's final answer: where a fork can start. */
function forkable(row: Row): boolean {
  if (row.type === 'message') return true;
  return row.type === 'turn' && row.calls.some((call) => actionOf(call)?.tool === 'finish');
}

/**
 * The user message to answer again, when this row is the agent's last word on the branch and
 * the run is over.
 */
function regenerateFrom(row: Row, { log }: BranchScope): MessageEvent | undefined {
  // Rows are built as they are read: only the last one, and back to the request, are read here.
  const { projection } = log;
  const order = projection.rowOrder;
  if (order.at(-1) !== row.key) return undefined;
  for (let index = order.length - 1; index >= 0; index--) {
    const candidate = projection.rowAt(index);
    if (candidate?.type === 'message' && candidate.event.source === 'user') return candidate.event;
  }
  return undefined;
}
