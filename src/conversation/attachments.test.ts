import { describe, expect, it } from 'vitest';
import { MAX_IMAGES, sortAttachments, uploadBlockedReason, uploadTarget } from './attachments';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('attachments', () => {
  it('takes images into the message, other files as uploads, and refuses with a reason', () => {
    const sorted = sortAttachments(
      [
        file('shot.png', 'image/png'),
        file('huge.jpg', 'image/jpeg', 6 * 1024 * 1024),
        file('icon.svg', 'image/svg+xml'),
        file('notes.pdf', 'application/pdf'),
        file('', 'image/webp'),
      ],
      0,
    );
    expect(sorted.images.map((f) => f.name)).toEqual(['shot.png', '']);
    expect(sorted.uploads.map((f) => f.name)).toEqual(['notes.pdf']);
    expect(sorted.refused.map((r) => r.reason)).toEqual([
      'huge.jpg is 6.0 MB; images can be at most 5.0 MB.',
      'icon.svg is a SVG+XML image; the model takes PNG, JPEG, GIF or WebP.',
    ]);
  });

  it('counts the images already held against the limit', () => {
    const sorted = sortAttachments([file('a.png', 'image/png'), file('b.png', 'image/png')], MAX_IMAGES - 1);
    expect(sorted.images).toHaveLength(1);
    expect(sorted.refused[0]!.reason).toMatch(/at most 10 images/);
  });

  it('puts uploads in an uploads folder without overwriting an earlier one', () => {
    const taken = new Set(['/w/uploads/report.pdf']);
    expect(uploadTarget('/w/', 'report.pdf', taken)).toBe('/w/uploads/report-2.pdf');
    expect(uploadTarget('/w', '../etc/passwd', new Set())).toBe('/w/uploads/_etc_passwd');
    expect(uploadBlockedReason('workspace')).toMatch(/absolute folder/);
    expect(uploadBlockedReason('/w')).toBeUndefined();
  });
});
