import { parseLimit, type RunLimits } from './runLimits';

/** What a limits form holds: the limits, or which field is wrong. */
export type LimitFormRead =
  { ok: true; limits: RunLimits } | { ok: false; errors: { budget?: boolean; steps?: boolean } };

/** Reads the budget and step-limit fields (empty: no limit). */
export function readLimitForm(budgetText: string, stepsText: string): LimitFormRead {
  const budget = parseLimit(budgetText, 'budget');
  const steps = parseLimit(stepsText, 'steps');
  if (budget === 'invalid' || steps === 'invalid')
    return { ok: false, errors: { budget: budget === 'invalid', steps: steps === 'invalid' } };
  return {
    ok: true,
    limits: { ...(budget !== undefined ? { budget } : {}), ...(steps !== undefined ? { steps } : {}) },
  };
}
