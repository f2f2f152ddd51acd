import { describe, expect, it } from 'vitest';
import { contextShare, dollars, newerUsage, shortTokens, usageOfStats } from './usage';

const metrics = (prompt: number, completion: number, extra: Record<string, number> = {}, cost = 0) => ({
  model_name: 'openai/model',
  accumulated_cost: cost,
  accumulated_token_usage: {
    prompt_tokens: prompt,
    completion_tokens: completion,
    cache_read_tokens: extra.cacheRead ?? 0,
    cache_write_tokens: extra.cacheWrite ?? 0,
    reasoning_tokens: extra.reasoning ?? 0,
    context_window: extra.window ?? 0,
    per_turn_token: extra.turn ?? 0,
  },
});

describe('usage from the server’s stats', () => {
  it('adds up every LLM the conversation used and keeps each apart', () => {
    const usage = usageOfStats({
      usage_to_metrics: {
        agent: metrics(1000, 200, { cacheRead: 600, cacheWrite: 50, reasoning: 30 }, 0.012),
        condenser: metrics(300, 40, {}, 0.001),
      },
    })!;
    expect(usage).toMatchObject({
      prompt: 1300,
      completion: 240,
      cacheRead: 600,
      cacheWrite: 50,
      reasoning: 30,
    });
    expect(usage.cost).toBeCloseTo(0.013);
    expect(usage.parts.map((part) => [part.usageId, part.prompt])).toEqual([
      ['agent', 1000],
      ['condenser', 300],
    ]);
  });

  it('has a context reading only where the server knows the window, from the newest request', () => {
    expect(
      usageOfStats({ usage_to_metrics: { agent: metrics(10, 10, { turn: 20 }) } })!.context,
    ).toBeUndefined();
    const known = usageOfStats({
      usage_to_metrics: { agent: metrics(90_000, 500, { window: 128_000, turn: 32_000 }) },
    })!;
    expect(known.context).toEqual({ used: 32_000, window: 128_000 });
    expect(contextShare(known.context!)).toBeCloseTo(0.25);
    expect(contextShare({ used: 200, window: 100 })).toBe(1);
  });

  it('reads nothing from what is not stats, and ignores broken numbers', () => {
    expect(usageOfStats(undefined)).toBeUndefined();
    expect(usageOfStats({ usage_to_metrics: {} })).toBeUndefined();
    expect(usageOfStats({ usage_to_metrics: { agent: 'x' } })).toBeUndefined();
    const odd = usageOfStats({
      usage_to_metrics: {
        agent: { accumulated_token_usage: { prompt_tokens: -5, completion_tokens: 'many' } },
      },
    })!;
    expect(odd).toMatchObject({ prompt: 0, completion: 0, cost: 0 });
  });

  it('takes the larger reading as the newer: the counters only grow', () => {
    const early = usageOfStats({ usage_to_metrics: { agent: metrics(10, 10) } });
    const late = usageOfStats({ usage_to_metrics: { agent: metrics(30, 30) } });
    expect(newerUsage(early, late)).toBe(late);
    expect(newerUsage(late, early)).toBe(late);
    expect(newerUsage(undefined, early)).toBe(early);
    expect(newerUsage(late, undefined)).toBe(late);
  });

  it('words tokens and dollars briefly', () => {
    expect(shortTokens(950)).toBe('950');
    expect(shortTokens(12_345)).toBe('12.3K');
    expect(dollars(0)).toBe('$0.00');
    expect(dollars(0.00042)).toBe('$0.0004');
    expect(dollars(1.5)).toBe('$1.50');
  });
});
