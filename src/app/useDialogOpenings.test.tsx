import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDialogOpenings } from './useDialogOpenings';

describe('useDialogOpenings', () => {
  it('a late close of an earlier opening leaves the one on screen shown', () => {
    const { result } = renderHook(() => useDialogOpenings());
    expect(result.current.opening).toBeNull();
    act(() => result.current.show());
    const first = result.current.opening!;
    act(() => result.current.show());
    const second = result.current.opening!;
    expect(second).not.toBe(first);
    act(() => result.current.closed(first));
    expect(result.current.opening).toBe(second);
    act(() => result.current.closed(second));
    expect(result.current.opening).toBeNull();
  });
});
