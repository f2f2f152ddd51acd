import { STOPS_TAG } from '../../conversation/limits/limitTags';
import { stopsOf } from '../../conversation/limits/runLimits';
import { dollars } from '../../conversation/usage/usage';
import { useT } from '../../i18n/i18n';
import { formatNumber } from '../../i18n/format';
import { commandStore } from '../commands/commands';
import './limits.css';
import 'virtual:tether-english/limits';

/**
 * Under the "Stopped" marker of a stop Tether made at a limit: which limit, what was reached, and
 * the way on (raise the limit and continue, through the conversation's own command).
 */
export default function LimitStopNote({ eventId, stopsTag }: { eventId: string; stopsTag: string }) {
  const t = useT();
  const stops = stopsOf({ [STOPS_TAG]: stopsTag });
  const stop = stops.find((kept) => kept.eventId === eventId);
  const raise = commandStore((state) => state.commands['raise-limits']);
  if (!stop) return null;
  // The way on is offered at the newest stop only, while the run can go on.
  const newest = stops.at(-1) === stop;
  return (
    <p className="limit-stop" role="note">
      {stop.kind === 'budget'
        ? t('limits.stoppedAtBudget', { reached: dollars(stop.reached), limit: dollars(stop.limit) })
        : t('limits.stoppedAtSteps', { reached: stop.reached, limit: formatNumber(stop.limit) })}{' '}
      {raise && newest && (
        <button type="button" onClick={raise.run}>
          {stop.kind === 'budget' ? t('limits.raiseBudget') : t('limits.raiseSteps')}
        </button>
      )}
    </p>
  );
}
