import { describeError } from '../../agent-server/client';
import { t } from '../../i18n/i18n';
import { runLimitWords } from '../outbox';

// What went wrong in a live session, as facts: the state keeps these, and the words are made when
// a banner is drawn, so a banner raised in one language reads in the next one chosen.

export type FailedCommand = 'continue' | 'approve' | 'reject' | 'approval';

export type SessionProblem =
  /** The socket was refused for the session key (4001). */
  | { kind: 'key rejected' }
  /** The server does not know the conversation: the socket's close (4004), or a read's 404. */
  | { kind: 'gone'; from: 'socket' | 'read' }
  | { kind: 'stop failed'; error: unknown }
  | { kind: 'command failed'; command: FailedCommand; error: unknown }
  /** The message was saved, but the server had no room to run it. */
  | { kind: 'run limit' }
  /** The server answered a frame with an error. */
  | { kind: 'server error'; detail: string };

const COMMAND_FAILED = {
  continue: 'session.continueFailed',
  approve: 'session.approveFailed',
  reject: 'session.rejectFailed',
  approval: 'session.approvalNotChanged',
} as const;

/** The problem in the words of the language spoken now. */
export function problemWords(problem: SessionProblem): string {
  switch (problem.kind) {
    case 'key rejected':
      return t('session.keyRejected');
    case 'gone':
      return problem.from === 'socket' ? t('session.goneCode') : t('session.gone');
    case 'stop failed':
      return t('session.stopFailed', { problem: describeError(problem.error) });
    case 'command failed':
      return `${t(COMMAND_FAILED[problem.command])} ${describeError(problem.error)}`;
    case 'run limit':
      return runLimitWords();
    case 'server error':
      return t('session.serverError', { detail: problem.detail });
  }
}
