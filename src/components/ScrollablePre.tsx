import { useLayoutEffect, useRef, useState, type ComponentProps, type RefObject } from 'react';

/**
 * Props that make a box of bounded height reachable by keyboard while its content overflows
 * (focusable, named, a region), so it can be scrolled without a mouse; otherwise it stays out
 * of the Tab order.
 */
export function useKeyboardScrollable<T extends HTMLElement>(
  label: string,
  content: unknown,
): { ref: RefObject<T | null>; focusProps: Record<string, unknown> } {
  const ref = useRef<T>(null);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () =>
      setOverflows(element.scrollHeight > element.clientHeight || element.scrollWidth > element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [content]);
  return { ref, focusProps: overflows ? { tabIndex: 0, 'aria-label': label, role: 'region' } : {} };
}

/** Preformatted text in a box of bounded height, scrollable by keyboard when it overflows. */
export function ScrollablePre({ label, children, ...props }: ComponentProps<'pre'> & { label: string }) {
  const { ref, focusProps } = useKeyboardScrollable<HTMLPreElement>(label, children);
  return (
    <pre ref={ref} {...props} {...focusProps}>
      {children}
    </pre>
  );
}
