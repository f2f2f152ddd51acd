// Which Escape presses mean "stop the agent". Esc first closes or leaves whatever is open —
// a dialog, a popover, a menu, an edit field — and stops the agent only when none is and focus
// is in the conversation itself.

const HANDLES_ESCAPE =
  'input, textarea, select, [contenteditable=""], [contenteditable="true"], dialog, [role="dialog"], [role="menu"], [role="listbox"], [data-closes-on-escape]';

export function escapeStopsAgent(event: KeyboardEvent, conversation: Element | null): boolean {
  if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return false;
  const target = event.target instanceof Element ? event.target : null;
  if (!conversation || !target || !conversation.contains(target)) return false;
  if (target.closest(HANDLES_ESCAPE)) return false;
  return target.ownerDocument.querySelector('dialog[open], [data-closes-on-escape]') === null;
}
