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
  // Events Tether cannot show are nobody's words: no author, and quieter (unshown).
  const work = stretch.kind === 'work';
  return (
    <div className={`stretch-line ${work ? 'from-agent' : 'unshown'}`}>
      {work && <span className={`author${labelled ? '' : ' visually-hidden'}`}>{t('row.agent')}</span>}
      <button
        type="button"
        className="stretch-toggle"
        aria-expanded={open}
        onClick={() => onToggle(stretch.id)}
      >
        {work ? stretchSummary(stretch.tally) : t('row.cannotShow', { count: stretch.keys.length })}
        {work && <span className="stretch-count"> {t('stretch.steps', { count: stretch.keys.length })}</span>}
      </button>
    </div>
  );
}
