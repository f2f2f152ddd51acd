import type { MockMetrics, MockStats } from './events';
import type { StoredConversation } from './store';

// What the mock's "LLM requests" cost, counted as the real server counts them
// (openhands/sdk/llm/utils/metrics.py): one Metrics per usage id, accumulated token usage
// whose per_turn_token is the newest request's prompt and completion, and the context window
// of the model. The figures are made up but deterministic: the prompt grows with the history.

/** The window the mock's models claim (the real server reads it from the model's info; 0 when unknown). */
export const MOCK_CONTEXT_WINDOW = 128_000;
/** Dollars per token, prompt and completion (gpt-4o-mini's list price). */
const PRICE = { prompt: 0.15 / 1_000_000, completion: 0.6 / 1_000_000 };

/** The tokens of a request made after `events` events, answered with `answer`. */
export function requestTokens(events: number, answer: string): { prompt: number; completion: number } {
  return { prompt: 1_800 + 120 * events, completion: Math.max(1, Math.ceil(answer.length / 4)) };
}

/** Counts one request under a usage id; returns the whole stats, as the `stats` update carries it. */
export function countRequest(
  conversation: StoredConversation,
  usageId: string,
  model: string,
  tokens: { prompt: number; completion: number },
): MockStats {
  const stats = statsOf(conversation);
  const before = stats.usage_to_metrics[usageId];
  const usage = before?.accumulated_token_usage;
  const metrics: MockMetrics = {
    // The first model counted under an id keeps naming it, as on the real server after a switch.
    model_name: before?.model_name ?? model,
    accumulated_cost:
      (before?.accumulated_cost ?? 0) + tokens.prompt * PRICE.prompt + tokens.completion * PRICE.completion,
    max_budget_per_task: null,
    accumulated_token_usage: {
      model: before?.model_name ?? model,
      prompt_tokens: (usage?.prompt_tokens ?? 0) + tokens.prompt,
      completion_tokens: (usage?.completion_tokens ?? 0) + tokens.completion,
      cache_read_tokens: (usage?.cache_read_tokens ?? 0) + Math.floor(tokens.prompt * 0.75),
      cache_write_tokens: usage?.cache_write_tokens ?? 0,
      reasoning_tokens: usage?.reasoning_tokens ?? 0,
      context_window: MOCK_CONTEXT_WINDOW,
      per_turn_token: tokens.prompt + tokens.completion,
      response_id: '',
    },
  };
  const next: MockStats = { usage_to_metrics: { ...stats.usage_to_metrics, [usageId]: metrics } };
  conversation.info.stats = next;
  return next;
}

function statsOf(conversation: StoredConversation): MockStats {
  const stats = conversation.info.stats as MockStats | undefined;
  return stats && typeof stats === 'object' && stats.usage_to_metrics ? stats : { usage_to_metrics: {} };
}
