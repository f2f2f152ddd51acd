import type { Tags } from '../conversationTags';
import { BUDGET_TAG, STEPS_TAG, STOPS_TAG } from './limitTags';

// A conversation's limits, and the stops Tether made at them: kept in the conversation's own
// `tags` on the server (PATCH /api/conversations/{id} replaces them all, keys lowercase
// alphanumeric, values at most 256 characters), so that every browser and every tab reads the
// same limits, and a reload still says why a run stopped.
//
// The server enforces neither for a conversation: `max_budget_per_run` exists for sub-agents only,
// and `max_iterations` is fixed at creation (500 by default). Tether enforces both while the
// conversation is open in a tab (limitWatch.ts): at the limit it interrupts the run.

/** Where the header's meter warns: this share of the budget spent. */
export const WARN_SHARE = 0.8;
/** Stops kept in the tag: four fit its 256 characters with room to spare. */
const STOPS_KEPT = 4;
const TAG_VALUE_MAX = 256;

export interface RunLimits {
  /** Dollars, > 0. */
  budget?: number;
  /** Model calls per run, a whole number ≥ 1. */
  steps?: number;
}

export type LimitKind = 'budget' | 'steps';

/** One stop at a limit: what was reached, the limit then, and the stop's own event on the server. */
export interface StopRecord {
  kind: LimitKind;
  /** Dollars spent, or steps made, when Tether stopped the run. */
  reached: number;
  limit: number;
  /** The InterruptEvent (or PauseEvent, on a server that only pauses) the stop produced. */
  eventId: string;
}

const positive = (text: string | undefined): number | undefined => {
  if (text === undefined || !/^(\d+(\.\d*)?|\.\d+)$/.test(text.trim())) return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : undefined;
};

/** The limits the tags hold; a tag that is not a positive number is no limit. */
export function limitsOf(tags: Tags): RunLimits {
  const budget = positive(tags[BUDGET_TAG]);
  const steps = positive(tags[STEPS_TAG]);
  return {
    ...(budget !== undefined ? { budget } : {}),
    ...(steps !== undefined ? { steps: Math.floor(steps) } : {}),
  };
}

/** The tags with these limits in place of the old ones (others kept as they are). */
export function withLimits(tags: Tags, limits: RunLimits): Tags {
  const next: Tags = { ...tags };
  delete next[BUDGET_TAG];
  delete next[STEPS_TAG];
  if (limits.budget !== undefined) next[BUDGET_TAG] = String(limits.budget);
  if (limits.steps !== undefined) next[STEPS_TAG] = String(limits.steps);
  return next;
}

/**
 * What a person typed as a budget or a step limit: a limit, none (empty), or wrong. Dollars take
 * a point or a comma for decimals; steps are whole.
 */
export function parseLimit(text: string, kind: LimitKind): number | undefined | 'invalid' {
  const trimmed = text.trim().replace(',', '.');
  if (!trimmed) return undefined;
  const value = positive(trimmed);
  if (value === undefined) return 'invalid';
  if (kind === 'steps' && !Number.isInteger(value)) return 'invalid';
  return value;
}

/** The limit a run has reached, if any: the budget before the steps (it cannot be won back). */
export function limitReached(
  limits: RunLimits,
  now: { cost: number; steps: number },
): { kind: LimitKind; reached: number; limit: number } | undefined {
  if (limits.budget !== undefined && now.cost >= limits.budget)
    return { kind: 'budget', reached: now.cost, limit: limits.budget };
  if (limits.steps !== undefined && now.steps >= limits.steps)
    return { kind: 'steps', reached: now.steps, limit: limits.steps };
  return undefined;
}

/** The share of the budget spent, 0 upward (over 1 when a run overshot it). */
export const budgetShare = (cost: number, budget: number): number => cost / budget;

// A stop is kept as `kind:reached:limit:eventId`, stops joined by `;`: "b" the budget, "s" steps.
const KIND_LETTER: Record<LimitKind, string> = { budget: 'b', steps: 's' };

function encodeStop(stop: StopRecord): string {
  const reached = stop.kind === 'budget' ? Number(stop.reached.toFixed(6)) : stop.reached;
  return `${KIND_LETTER[stop.kind]}:${reached}:${stop.limit}:${stop.eventId}`;
}

/** The stops the tags hold, oldest first; a part that does not read is left out. */
export function stopsOf(tags: Tags): StopRecord[] {
  const stops: StopRecord[] = [];
  for (const part of (tags[STOPS_TAG] ?? '').split(';')) {
    const [letter, reached, limit, ...rest] = part.split(':');
    const eventId = rest.join(':');
    const kind = letter === 'b' ? 'budget' : letter === 's' ? 'steps' : undefined;
    const values = [Number(reached), Number(limit)];
    if (!kind || !eventId || !values.every((value) => Number.isFinite(value) && value >= 0)) continue;
    stops.push({ kind, reached: values[0]!, limit: values[1]!, eventId });
  }
  return stops;
}

/** The tags with one more stop, keeping the newest that fit in one tag value. */
export function withStop(tags: Tags, stop: StopRecord): Tags {
  const stops = [...stopsOf(tags).filter((kept) => kept.eventId !== stop.eventId), stop].slice(-STOPS_KEPT);
  let value = stops.map(encodeStop).join(';');
  while (value.length > TAG_VALUE_MAX && stops.length > 1) {
    stops.shift();
    value = stops.map(encodeStop).join(';');
  }
  return { ...tags, [STOPS_TAG]: value };
}
