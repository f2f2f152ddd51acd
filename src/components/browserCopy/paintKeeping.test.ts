// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationEventLog } from '../../conversation/eventLog';
import { keepPaintWhileShown } from './paintKeeping';

// The look of the open conversation is kept once the view has been still, and as the page is
// hidden; only while this browser keeps the conversation's copy.

const address = () => `tether.paint:${location.pathname}${location.search}`;
let changed: (() => void) | undefined;
const log = {
  subscribe: (listener: () => void) => {
    changed = listener;
    return () => (changed = undefined);
  },
} as unknown as ConversationEventLog;

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  localStorage.setItem('tether.copyKept', '1');
  history.replaceState(null, '', '/s/mock/conversations/c1?workspace=changes');
  document.body.innerHTML =
    '<div id="root"><div class="chat-scroll"><div class="chat-row" data-event-id="e1"></div></div></div>';
});
afterEach(() => vi.useRealTimers());

describe('keeping how the open conversation looks', () => {
  it('waits until the view has been still, and keeps it under its whole address', () => {
    const stop = keepPaintWhileShown('http://server.test', 'c1', log);
    vi.advanceTimersByTime(1_000);
    changed?.();
    vi.advanceTimersByTime(1_000);
    expect(localStorage.getItem(address())).toBeNull();
    vi.advanceTimersByTime(600);
    expect(JSON.parse(localStorage.getItem(address())!)).toMatchObject({ conversation: 'c1', newest: 'e1' });
    stop();
    expect(changed).toBeUndefined();
  });

  it('keeps it as the page is hidden, and nothing once stopped', () => {
    const stop = keepPaintWhileShown('http://server.test', 'c1', log);
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(localStorage.getItem(address())).not.toBeNull();
    localStorage.removeItem(address());
    stop();
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('pagehide'));
    vi.advanceTimersByTime(5_000);
    expect(localStorage.getItem(address())).toBeNull();
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
  });

  it('keeps nothing of a conversation whose copy this browser does not keep, and waits for one being written', () => {
    localStorage.removeItem('tether.copyKept');
    keepPaintWhileShown('http://server.test', 'c1', log);
    window.dispatchEvent(new Event('pagehide'));
    vi.advanceTimersByTime(5_000);
    expect(localStorage.getItem(address())).toBeNull();
    // The copy's first write ends: the look is kept at the next still moment.
    localStorage.setItem('tether.copyKept', '1');
    vi.advanceTimersByTime(1_500);
    expect(localStorage.getItem(address())).not.toBeNull();
  });
});
