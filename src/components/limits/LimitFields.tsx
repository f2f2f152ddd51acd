import { useId } from 'react';
import { useT } from '../../i18n/i18n';
import type { RunLimits } from '../../conversation/limits/runLimits';
import { BUDGET_FIELD, STEPS_FIELD } from '../../conversation/limits/limitForm';
import 'virtual:tether-english/limits';

// Example values, the same in every language (the fields read digits with a point or a comma).
const EXAMPLE_BUDGET = '2.50';
const EXAMPLE_STEPS = '40';

/**
 * The budget and step-limit inputs of a form. `errors` says which the person got wrong, next to
 * the field (announced with it). Each says what it counts, and that Tether enforces it.
 */
export function LimitFields({
  initial,
  errors = {},
}: {
  initial: RunLimits;
  errors?: { budget?: boolean; steps?: boolean };
}) {
  const t = useT();
  return (
    <>
      <LimitField
        name={BUDGET_FIELD}
        label={t('limits.budget')}
        said={errors.budget ? t('limits.invalidBudget') : t('limits.budgetHint')}
        wrong={errors.budget}
        initial={initial.budget}
        example={EXAMPLE_BUDGET}
        inputMode="decimal"
      />
      <LimitField
        name={STEPS_FIELD}
        label={t('limits.steps')}
        said={errors.steps ? t('limits.invalidSteps') : t('limits.stepsHint')}
        wrong={errors.steps}
        initial={initial.steps}
        example={EXAMPLE_STEPS}
        inputMode="numeric"
      />
      <p className="hint">{t('limits.whileOpen')}</p>
    </>
  );
}

/** One limit's input, with what it counts (or, when wrong, why) said beside it and read with it. */
function LimitField({
  name,
  label,
  said,
  wrong,
  initial,
  example,
  inputMode,
}: {
  name: string;
  label: string;
  said: string;
  wrong: boolean | undefined;
  initial: number | undefined;
  example: string;
  inputMode: 'decimal' | 'numeric';
}) {
  const described = useId();
  return (
    <>
      <label>
        {label}
        <input
          name={name}
          inputMode={inputMode}
          autoComplete="off"
          defaultValue={initial ?? ''}
          placeholder={example}
          aria-invalid={wrong || undefined}
          aria-describedby={described}
        />
      </label>
      <p className={wrong ? 'field-error' : 'hint'} id={described}>
        {said}
      </p>
    </>
  );
}
