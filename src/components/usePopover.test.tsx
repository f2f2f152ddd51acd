import { afterEach, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { usePopover } from './usePopover';

afterEach(cleanup);

function Menu() {
  const { id, ref, open, openedOnce } = usePopover();
  return (
    <>
      <button type="button" popoverTarget={id} aria-expanded={open}>
        Menu
      </button>
      <div id={id} ref={ref} popover="auto" aria-label="menu">
        {openedOnce && <p>drawn</p>}
      </div>
    </>
  );
}

function toggle(element: HTMLElement, newState: 'open' | 'closed') {
  // jsdom has no ToggleEvent; the hook reads `newState` only.
  act(() => {
    element.dispatchEvent(Object.assign(new Event('toggle'), { oldState: '', newState }));
  });
}

it('hears the popover open and close, and keeps its content drawn once it has opened', () => {
  render(<Menu />);
  const button = screen.getByRole('button', { name: 'Menu' });
  // The button names the popover it toggles (closed, it is out of the accessibility tree).
  const group = document.getElementById(button.getAttribute('popovertarget') ?? '')!;
  expect(group.getAttribute('aria-label')).toBe('menu');
  expect(button.getAttribute('aria-expanded')).toBe('false');
  expect(screen.queryByText('drawn')).toBeNull();

  toggle(group, 'open');
  expect(button.getAttribute('aria-expanded')).toBe('true');
  expect(screen.getByText('drawn')).toBeTruthy();

  toggle(group, 'closed');
  expect(button.getAttribute('aria-expanded')).toBe('false');
  expect(screen.getByText('drawn')).toBeTruthy();
});
