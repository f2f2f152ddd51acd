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

/** The key went to a field the person types in: a character there is the person's, not a key's. */
export function typingIn(event: KeyboardEvent): boolean {
  const target = event.target;
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable ||
      target instanceof HTMLInputElement ||
      target instanceof HTMLTextAreaElement ||
      target instanceof HTMLSelectElement)
  );
}

const NEXT: Record<'vertical' | 'horizontal', string> = { vertical: 'ArrowDown', horizontal: 'ArrowRight' };
const PREVIOUS: Record<'vertical' | 'horizontal', string> = { vertical: 'ArrowUp', horizontal: 'ArrowLeft' };

/**
 * Arrow keys (and Home / End) move focus among the items `selector` finds in the element that
 * handles the key — a list of files, a row of tabs — so a long list is not a long walk of Tabs.
 * Returns the item focused, or undefined when the key was not one of those.
 */
export function moveFocusWithArrows(
  event: {
    key: string;
    currentTarget: Element;
    target: EventTarget | null;
    defaultPrevented?: boolean;
    preventDefault(): void;
  },
  selector: string,
  axis: 'vertical' | 'horizontal',
): HTMLElement | undefined {
  const { key } = event;
  // A list inside a list: the inner one has moved focus already.
  if ('defaultPrevented' in event && event.defaultPrevented) return undefined;
  if (key !== NEXT[axis] && key !== PREVIOUS[axis] && key !== 'Home' && key !== 'End') return undefined;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(selector)];
  const at = items.indexOf(event.target as HTMLElement);
  if (at < 0) return undefined;
  const index =
    key === 'Home'
      ? 0
      : key === 'End'
        ? items.length - 1
        : Math.max(0, Math.min(items.length - 1, at + (key === NEXT[axis] ? 1 : -1)));
  event.preventDefault();
  items[index]!.focus();
  return items[index];
}
