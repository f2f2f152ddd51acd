import { useEffect } from 'react';
import { PHONE_WIDTH } from '../components/phoneWidth';

/**
 * The drawer opens only on a phone (its button shows nowhere else), where it lies over the page
 * behind a backdrop and what it covers is inert (App). A window widened past a phone's closes it:
 * the list then stands beside the page, and nothing may stay inert.
 */
export function useDrawerClosedWhenWidened(open: boolean, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const phone = matchMedia(PHONE_WIDTH);
    const widened = () => phone.matches || close();
    phone.addEventListener('change', widened);
    return () => phone.removeEventListener('change', widened);
  }, [open, close]);
}
