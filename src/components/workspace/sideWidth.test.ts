import { describe, expect, it } from 'vitest';
import { clampSideWidth, MIN_CHAT_WIDTH, MIN_SIDE_WIDTH } from './sideWidth';

describe('clampSideWidth', () => {
  it('keeps the side area readable and the chat beside it', () => {
    expect(clampSideWidth(100, 1000)).toBe(MIN_SIDE_WIDTH);
    expect(clampSideWidth(500.4, 1000)).toBe(500);
    expect(clampSideWidth(900, 1000)).toBe(1000 - MIN_CHAT_WIDTH);
  });

  it('gives the side area its least width when the area is too narrow for both', () => {
    expect(clampSideWidth(500, 500)).toBe(MIN_SIDE_WIDTH);
  });
});
