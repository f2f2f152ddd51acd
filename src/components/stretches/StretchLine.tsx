import { stretchSummary, type Stretch } from '../../conversation/stretches/workStretches';
import { useT } from '../../i18n/i18n';

/** The one line a folded stretch reads as; a click shows its rows. */
export function StretchLine({
  stretch,
  open,
  labelled,
  onToggle,
}: {
  stretch: Stretch;
  open: boolean;
  /** Whether the author is said here (the first of the agent's rows in a row). */
  labelled: boolean;
  onToggle: (id: string) => void;
}) {
  const t = useT();
  if (stretch.kind === 'unshown')
    return (
      <div className="stretch-line unshown">
        <button
          type="button"
          className="stretch-toggle"
          aria-expanded={open}
          onClick={() => onToggle(stretch.id)}
        >
          {t('row.cannotShow', { count: stretch.keys.length })}
        </button>
      </div>
    );
  return (
    <div className="stretch-line from-agent">
      <span className={`author${labelled ? '' : ' visually-hidden'}`}>{t('row.agent')}</span>
      <button
        type="button"
        className="stretch-toggle"
        aria-expanded={open}
        onClick={() => onToggle(stretch.id)}
      >
        {stretchSummary(stretch.tally)}
        <span className="stretch-count"> {t('stretch.steps', { count: stretch.keys.length })}</span>
      </button>
    </div>
  );
}
