// The server's ErrorClassification (openhands/sdk/event/error_classification.py) in words.
export const FAILURE_WORDS: Record<string, string> = {
  auth: 'authentication',
  quota: 'quota exceeded',
  rate_limit: 'rate limit',
  config: 'configuration',
  transient: 'temporary failure',
  agent_action: 'agent action',
  internal: 'internal error',
  unknown: 'unknown cause',
};
export const USER_ACTION_WORDS: Record<string, string> = {
  retry: 'Try again: Continue, or send a message.',
  settings: 'Check the LLM settings (model, base URL, API key) used by this conversation.',
};

/**
 * The model could not be reached at all: after its retries (about two minutes) the server stops
 * with LLMServiceUnavailableError and LiteLLM's "Connection error." (seen on 1.57.0 and 1.58.2
 * with a base URL where nothing listens), classified only as a temporary failure.
 */
export function modelUnreachable(code: string | undefined, detail: string | undefined): boolean {
  return code === 'LLMServiceUnavailableError' && /connect/i.test(detail ?? '');
}
