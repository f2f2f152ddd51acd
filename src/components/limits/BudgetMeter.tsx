import { tagsOf } from '../../conversation/conversationTags';
import { budgetShare, limitsOf, WARN_SHARE } from '../../conversation/limits/runLimits';
import { agentUncounted, conversationUsage, dollars } from '../../conversation/usage/usage';
import { formatNumber } from '../../i18n/format';
import { useT } from '../../i18n/i18n';
import './limits.css';
import 'virtual:tether-english/limits';

/**
 * The header's meter of the budget: what the conversation has cost against it. From 80 % on it
 * warns, in words as well as in colour; a press opens the limits.
 */
export default function BudgetMeter({
  info,
  stats,
  onOpen,
}: {
  info: unknown;
  /** The stats of the info and of the newest `stats` update (usage.ts reads the newer). */
  stats: [unknown, unknown];
  onOpen: () => void;
}) {
  const t = useT();
  const usage = conversationUsage(...stats);
  const cost = usage?.cost ?? 0;
  const { budget } = limitsOf(tagsOf(info));
  if (budget === undefined) return null;
  // The server does not count the agent's cost here: a meter would show a budget never spent.
  if (agentUncounted(usage))
    return (
      <button type="button" className="budget-meter warn" onClick={onOpen}>
        {t('limits.meterUncounted', { budget: dollars(budget) })}
      </button>
    );
  const share = budgetShare(cost, budget);
  const warn = share >= WARN_SHARE;
  const words = t('limits.meter', { cost: dollars(cost), budget: dollars(budget) });
  return (
    <button
      type="button"
      className={`budget-meter${warn ? ' warn' : ''}`}
      onClick={onOpen}
      aria-label={`${words}${warn ? ` · ${t('limits.meterWarn', { share: formatNumber(Math.min(share, 9.99), { style: 'percent' }) })}` : ''}`}
    >
      <meter
        min={0}
        max={budget}
        low={budget * 0.6}
        high={budget * WARN_SHARE}
        optimum={0}
        value={Math.min(cost, budget)}
      />
      <span className="budget-figures" aria-hidden="true">
        {formatNumber(share, { style: 'percent', maximumFractionDigits: 0 })}
      </span>
      {warn && (
        // Said once as it crosses, where screen readers hear it.
        <span className="visually-hidden" role="status">
          {t('limits.meterWarn', {
            share: formatNumber(share, { style: 'percent', maximumFractionDigits: 0 }),
          })}
        </span>
      )}
    </button>
  );
}
