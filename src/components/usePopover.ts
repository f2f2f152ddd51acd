import { useEffect, useId, useRef, useState } from 'react';

/**
 * A popover (the `popover` attribute) and what its button needs: its id, whether it is open,
 * and whether it has ever been (its content is drawn from the first opening on, so the first
 * screen holds the button only). The browser's `toggle` event does not bubble, so it is heard
 * on the element itself, once, rather than through a prop each user repeats.
 */
export function usePopover<T extends HTMLElement = HTMLDivElement>() {
  const id = useId();
  const ref = useRef<T>(null);
  const [open, setOpen] = useState(false);
  const [openedOnce, setOpenedOnce] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const toggled = (event: Event) => {
      const isOpen = (event as ToggleEvent).newState === 'open';
      setOpen(isOpen);
      if (isOpen) setOpenedOnce(true);
    };
    element.addEventListener('toggle', toggled);
    return () => element.removeEventListener('toggle', toggled);
  }, []);
  return { id, ref, open, openedOnce };
}
