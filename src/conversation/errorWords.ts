import { t, type MessageId } from '../i18n/i18n';

// The server's ErrorClassification (openhands/sdk/event/error_classification.py) in words.
const FAILURE_WORDS: Record<string, MessageId> = {
  auth: 'failure.auth',
  quota: 'failure.quota',
  rate_limit: 'failure.rateLimit',
  config: 'failure.config',
  transient: 'failure.transient',
  agent_action: 'failure.agentAction',
  internal: 'failure.internal',
  unknown: 'failure.unknown',
};
const USER_ACTION_WORDS: Record<string, MessageId> = {
  retry: 'failure.action.retry',
  settings: 'failure.action.settings',
};

/** A kind of failure in words; one the server added since is shown as it names it. */
export const failureWords = (kind: string): string =>
  Object.hasOwn(FAILURE_WORDS, kind) ? t(FAILURE_WORDS[kind]!) : kind;

/** What the person can do about a failure, in words; an unknown action as the server names it. */
export const userActionWords = (action: string): string =>
  Object.hasOwn(USER_ACTION_WORDS, action) ? t(USER_ACTION_WORDS[action]!) : action;

/** The sentence a failed conversation's row begins with. */
export const failureHeadline = (kind: string | undefined): string =>
  kind ? t('failure.stoppedKind', { kind: failureWords(kind) }) : t('failure.stopped');

/**
 * The model could not be reached at all: after its retries (about two minutes) the server stops
 * with LLMServiceUnavailableError and LiteLLM's "Connection error." (seen on 1.57.0 and 1.58.2
 * with a base URL where nothing listens), classified only as a temporary failure.
 */
export function modelUnreachable(code: string | undefined, detail: string | undefined): boolean {
  return code === 'LLMServiceUnavailableError' && /connect/i.test(detail ?? '');
}
