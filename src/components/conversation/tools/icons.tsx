// Icons of the conversation's header. They are drawings only: the button around each carries
// its accessible name (aria-label) and a tooltip (title).

const common = {
  width: 18,
  height: 18,
  viewBox: '0 0 18 18',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.6,
  'aria-hidden': true,
  focusable: false,
} as const;

/** A window with a side panel: the workspace beside the chat. */
export function SidePanelIcon() {
  return (
    <svg {...common}>
      <path d="M4 3h10a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM11 3v12" />
    </svg>
  );
}

/** Three dots: more of what this conversation offers. */
export function MoreIcon() {
  return (
    <svg {...common} fill="currentColor" stroke="none">
      <path d="M2.4 9a1.6 1.6 0 1 0 3.2 0a1.6 1.6 0 1 0-3.2 0M7.4 9a1.6 1.6 0 1 0 3.2 0a1.6 1.6 0 1 0-3.2 0M12.4 9a1.6 1.6 0 1 0 3.2 0a1.6 1.6 0 1 0-3.2 0" />
    </svg>
  );
}
