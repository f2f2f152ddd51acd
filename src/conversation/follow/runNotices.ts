import type { ExecutionStatus, ServerEvent } from '../../agent-server/protocol';
import { readAction } from '../../agent-server/toolActions';
import { t, type MessageId } from '../../i18n/i18n';

// What a person away from the tab is told about the open conversation: its state in the tab
// title, with the number of agent replies they have not seen, and — if they asked for it — a
// desktop notification when a run ends, fails or waits for them. Pure, so the words are tested.

/** A message from the agent, or its final answer (the finish tool's message). */
export function isAgentReply(event: ServerEvent): boolean {
  if (event.kind === 'MessageEvent') return event.source === 'agent';
  if (event.kind !== 'ActionEvent') return false;
  return readAction(event.action)?.tool === 'finish';
}

const STATE_IN_TITLE: Partial<Record<ExecutionStatus, MessageId>> = {
  running: 'notice.tab.running',
  waiting_for_confirmation: 'notice.tab.waiting',
  finished: 'notice.tab.finished',
  error: 'notice.tab.error',
  stuck: 'notice.tab.stuck',
  paused: 'notice.tab.paused',
};

/**
 * "(2) Needs your approval · Fix header parsing — Tether", and "· 1 more waiting" when other
 * conversations, on any server, wait for the person's approval too.
 */
export function tabTitle(
  title: string | undefined,
  status: ExecutionStatus | undefined,
  unseen: number,
  waitingElsewhere = 0,
): string {
  const count = unseen > 0 ? `(${unseen > 99 ? '99+' : unseen}) ` : '';
  const state = status ? STATE_IN_TITLE[status] : undefined;
  const name = title?.trim() || t('notice.untitled');
  const others = waitingElsewhere > 0 ? ` · ${t('notice.moreWaiting', { count: waitingElsewhere })}` : '';
  return `${count}${state ? `${t(state)} · ` : ''}${name}${others} — Tether`;
}

/** The title with no conversation open: how many wait for approval, on every server. */
export function inboxTabTitle(waiting: number): string {
  return waiting > 0 ? `${t('notice.waitingForApproval', { count: waiting })} — Tether` : 'Tether';
}

export interface RunNotice {
  title: string;
  body: string;
}

/** The notification for a change of status, when it is one a person away wants to hear of. */
export function runNotice(
  previous: ExecutionStatus | undefined,
  next: ExecutionStatus,
  conversationTitle: string,
): RunNotice | undefined {
  if (previous === undefined || previous === next) return undefined;
  switch (next) {
    case 'finished':
      return { title: t('notice.finished'), body: conversationTitle };
    case 'error':
      return { title: t('notice.error'), body: conversationTitle };
    case 'stuck':
      return { title: t('notice.stuck'), body: conversationTitle };
    case 'waiting_for_confirmation':
      return { title: t('notice.waiting'), body: conversationTitle };
    default:
      return undefined;
  }
}
