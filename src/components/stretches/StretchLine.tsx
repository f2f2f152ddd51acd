import type { Stretch } from '../../conversation/stretches/workStretches';

/** The one line a folded stretch of finished steps reads as; a click shows the steps. */
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
  return (
    <div className="stretch-line from-agent">
      <span className={`author${labelled ? '' : ' visually-hidden'}`}>Agent</span>
      <button
        type="button"
        className="stretch-toggle"
        aria-expanded={open}
        onClick={() => onToggle(stretch.id)}
      >
        {stretch.summary}
        <span className="stretch-count">
          {' '}
          ({stretch.keys.length} {stretch.keys.length === 1 ? 'step' : 'steps'})
        </span>
      </button>
    </div>
  );
}
