import { isRecord } from '../../agent-server/protocol';
import { formatNumber } from '../../i18n/format';

// What a conversation has cost so far, read from the server's ConversationStats: the
// `stats` of its info and of its `stats` state updates. Both hold one Metrics per LLM the
// conversation used (the agent's, the condenser's, a switched-to model's), keyed by usage id.

export interface TokenCounts {
  prompt: number;
  completion: number;
  cacheRead: number;
  cacheWrite: number;
  reasoning: number;
}

export interface UsagePart extends TokenCounts {
  /** The usage id the server counts under ("agent", "condenser", …). */
  usageId: string;
  model: string | undefined;
  /** In US dollars, as the server's price table gives it (0 where the model has no price). */
  cost: number;
}

export interface Usage extends TokenCounts {
  cost: number;
  parts: UsagePart[];
  /**
   * The agent's last request against its model's context window: what the next request starts
   * from. Absent where the server does not know the window (it reports 0).
   */
  context: { used: number; window: number } | undefined;
}

const count = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;

function partOf(usageId: string, metrics: Record<string, unknown>): UsagePart {
  const tokens = isRecord(metrics.accumulated_token_usage) ? metrics.accumulated_token_usage : {};
  return {
    usageId,
    model: typeof metrics.model_name === 'string' ? metrics.model_name : undefined,
    cost: count(metrics.accumulated_cost),
    prompt: count(tokens.prompt_tokens),
    completion: count(tokens.completion_tokens),
    cacheRead: count(tokens.cache_read_tokens),
    cacheWrite: count(tokens.cache_write_tokens),
    reasoning: count(tokens.reasoning_tokens),
  };
}

/** The usage a ConversationStats holds; undefined when it holds none (or is not one). */
export function usageOfStats(stats: unknown): Usage | undefined {
  const byId = isRecord(stats) && isRecord(stats.usage_to_metrics) ? stats.usage_to_metrics : undefined;
  if (!byId) return undefined;
  const parts = Object.entries(byId)
    .filter((entry): entry is [string, Record<string, unknown>] => isRecord(entry[1]))
    .map(([usageId, metrics]) => partOf(usageId, metrics));
  if (parts.length === 0) return undefined;
  const sum = (pick: (part: UsagePart) => number) => parts.reduce((total, part) => total + pick(part), 0);
  return {
    parts,
    cost: sum((part) => part.cost),
    prompt: sum((part) => part.prompt),
    completion: sum((part) => part.completion),
    cacheRead: sum((part) => part.cacheRead),
    cacheWrite: sum((part) => part.cacheWrite),
    reasoning: sum((part) => part.reasoning),
    context: contextOf(byId.agent),
  };
}

function contextOf(metrics: unknown): Usage['context'] {
  const tokens =
    isRecord(metrics) && isRecord(metrics.accumulated_token_usage) ? metrics.accumulated_token_usage : {};
  const window = count(tokens.context_window);
  // per_turn_token is the prompt and completion of the newest request alone.
  return window > 0 ? { used: count(tokens.per_turn_token), window } : undefined;
}

/**
 * The server counts some LLMs of the conversation but not the agent's: seen on 1.58.2 when the
 * agent's key is kept on the server (the conversation starts keyless and has its LLM switched in),
 * where the stats hold the condenser only, however much the agent spent (docs/agent-server-notes.md).
 * Costs and a budget then leave the agent out, and the screens say so.
 */
export const agentUncounted = (usage: Usage | undefined): boolean =>
  !!usage && usage.parts.length > 0 && !usage.parts.some((part) => part.usageId === 'agent');

export const totalTokens = (usage: TokenCounts): number => usage.prompt + usage.completion;

/**
 * The newer of two readings. The server's counters only grow, so the larger total is the newer:
 * the info read when a run settles and the newest `stats` update need no clock to compare (and
 * the server stops sending `stats` updates after a model switch, so neither source is enough).
 */
export function newerUsage(a: Usage | undefined, b: Usage | undefined): Usage | undefined {
  if (!a || !b) return a ?? b;
  const byTokens = totalTokens(b) - totalTokens(a);
  if (byTokens !== 0) return byTokens > 0 ? b : a;
  return b.cost > a.cost ? b : a;
}

/** A conversation's usage: the newer of its info's stats and its stats updates. */
export const conversationUsage = (statsFromInfo: unknown, statsFromEvents: unknown): Usage | undefined =>
  newerUsage(usageOfStats(statsFromInfo), usageOfStats(statsFromEvents));

/** "950", "12.3K", "1.2M" (in English; each language its own way): for the header. */
export const shortTokens = (tokens: number): string =>
  formatNumber(tokens, { notation: 'compact', maximumFractionDigits: 1 });
/** "12,345" (in English): for the breakdown. */
export const exactTokens = (tokens: number): string => formatNumber(tokens);

/** Dollars to the cent, or to four places below a cent so that small runs do not read $0.00. */
export function dollars(cost: number): string {
  const digits = cost > 0 && cost < 0.01 ? 4 : 2;
  return formatNumber(cost, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

/** The context meter's share, 0–1; over-full requests (a window the model outgrew) read 1. */
export const contextShare = (context: { used: number; window: number }): number =>
  Math.min(1, context.used / context.window);
