import { useEffect, type RefObject } from 'react';
import { PHONE_WIDTH } from '../phoneWidth';

/**
 * On a phone the side panel covers the screen, as a modal sheet: everything else is made inert
 * (out of reach of the keyboard and screen readers), and Esc closes it. On a wider screen it
 * stands beside the chat and nothing is made inert.
 */
export function usePhoneSheet(panel: RefObject<HTMLElement | null>, close: () => void) {
  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    const phone = window.matchMedia(PHONE_WIDTH);
    const made: Element[] = [];
    const release = () => made.splice(0).forEach((other) => other.removeAttribute('inert'));
    const apply = () => {
      release();
      if (!phone.matches) return;
      // Every sibling of the panel and of each of its ancestors: all but the way to the panel.
      for (let at: Element | null = element; at && at !== document.body; at = at.parentElement)
        for (const other of at.parentElement?.children ?? [])
          if (other !== at && !other.hasAttribute('inert')) {
            other.setAttribute('inert', '');
            made.push(other);
          }
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && phone.matches && !event.defaultPrevented) close();
    };
    apply();
    phone.addEventListener('change', apply);
    element.addEventListener('keydown', escape);
    return () => {
      phone.removeEventListener('change', apply);
      element.removeEventListener('keydown', escape);
      release();
    };
  }, [panel, close]);
}
