import { describe, expect, it } from 'vitest';
import { screenshotUrl } from './screenshot';

describe('a browser screenshot', () => {
  it('is shown as the image its first bytes say it is', () => {
    expect(screenshotUrl('iVBORw0KGgoAAAA=')).toBe('data:image/png;base64,iVBORw0KGgoAAAA=');
    expect(screenshotUrl('/9j/4AAQSkZJRg==')).toBe('data:image/jpeg;base64,/9j/4AAQSkZJRg==');
    expect(screenshotUrl('data:image/webp;base64,UklGR')).toBe('data:image/webp;base64,UklGR');
  });

  it('is not shown when it is not an image, or not base64', () => {
    expect(screenshotUrl('PHN2Zz4=')).toBeUndefined();
    expect(screenshotUrl('iVBORw0KGgo"><script>')).toBeUndefined();
  });
});
