/**
 * A header button's face: its words, and an icon that stands in for them on a phone, where the
 * header row has room for icons only. The words stay its name for a screen reader either way.
 */
export function HeaderLabel({ icon, words }: { icon: string; words: string }) {
  return (
    <>
      <span className="header-icon" aria-hidden="true">
        {icon}
      </span>
      <span className="header-label">{words}</span>
    </>
  );
}
