import { describe, expect, it, vi } from 'vitest';
import { HistoryJoin } from './historyJoin';

describe('joining the history page and the socket', () => {
  it('reads after the newest history event once both are in, whichever came first', () => {
    const historyFirst = vi.fn();
    const a = new HistoryJoin(historyFirst);
    a.historyLoaded('e9');
    expect(historyFirst).not.toHaveBeenCalled();
    a.subscribed();
    expect(historyFirst).toHaveBeenCalledWith('e9');

    const socketFirst = vi.fn();
    const b = new HistoryJoin(socketFirst);
    b.subscribed();
    expect(socketFirst).not.toHaveBeenCalled();
    b.historyLoaded(undefined);
    expect(socketFirst).toHaveBeenCalledWith(undefined);
  });

  it('joins once: reconnects and older pages do not read again', () => {
    const fill = vi.fn();
    const join = new HistoryJoin(fill);
    join.historyLoaded('e9');
    join.subscribed();
    join.subscribed();
    join.historyLoaded('e3');
    expect(fill).toHaveBeenCalledTimes(1);
  });

  it('joins again on the next subscription when the first join was cut short', () => {
    const fill = vi.fn();
    const join = new HistoryJoin(fill);
    join.historyLoaded('e9');
    join.subscribed();
    join.cutShort();
    join.subscribed();
    expect(fill).toHaveBeenCalledTimes(2);
    expect(fill).toHaveBeenLastCalledWith('e9');
  });
});
