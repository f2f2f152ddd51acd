import { parseLimit, type RunLimits } from './runLimits';

/** What a limits form holds: the limits, or which field is wrong. */
export type LimitFormRead =
  { ok: true; limits: RunLimits } | { ok: false; errors: { budget?: boolean; steps?: boolean } };

/** The names of a limits form's fields (components/limits/LimitFields.tsx draws them). */
export const BUDGET_FIELD = 'budget';
export const STEPS_FIELD = 'steps';

/** Reads the budget and step-limit fields of a form (empty, or absent: no limit). */
export function readLimitForm(form: FormData): LimitFormRead {
  const budget = parseLimit(String(form.get(BUDGET_FIELD) ?? ''), 'budget');
  const steps = parseLimit(String(form.get(STEPS_FIELD) ?? ''), 'steps');
  if (budget === 'invalid' || steps === 'invalid')
    return { ok: false, errors: { budget: budget === 'invalid', steps: steps === 'invalid' } };
  return {
    ok: true,
    limits: { ...(budget !== undefined ? { budget } : {}), ...(steps !== undefined ? { steps } : {}) },
  };
}
