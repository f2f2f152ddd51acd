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
