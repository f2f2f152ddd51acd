import { useEffect, type RefObject } from 'react';
import { PHONE_WIDTH } from '../components/workspace/usePhoneSheet';

/**
 * On a phone the open drawer lies over the page, behind a backdrop: what it covers is inert, out
 * of reach of the keyboard, a screen reader and a pointer, as behind a dialog. The header stays
 * reachable: its button is how a screen reader on a touch screen closes the drawer. A window
 * widened past a phone's closes the drawer, whose list then stands beside the page.
 */
export function useModalDrawer(open: boolean, covered: RefObject<HTMLElement | null>, close: () => void) {
  useEffect(() => {
    const element = covered.current;
    if (!open || !element) return;
    const phone = window.matchMedia(PHONE_WIDTH);
    if (!phone.matches) return;
    element.inert = true;
    const widened = () => {
      if (!phone.matches) close();
    };
    phone.addEventListener('change', widened);
    return () => {
      phone.removeEventListener('change', widened);
      element.inert = false;
    };
  }, [open, covered, close]);
}
