import { describe, expect, it } from 'vitest';
import { runtimeOf } from '../../agent-server/runtime';
import { runtimeNotice } from './runtimeNotice';

const notice = (runtime_info: unknown) => runtimeNotice(runtimeOf({ runtime_info }));

describe('what is said about a conversation’s runtime', () => {
  it('is nothing while it is available, or when the server does not say', () => {
    expect(notice({ runtime_status: 'available', can_resume: true })).toBeUndefined();
    expect(notice(undefined)).toBeUndefined();
    expect(notice({ runtime_status: 'sideways' })).toBeUndefined();
    expect(notice('starting')).toBeUndefined();
  });

  it('says it starts, with nothing to press', () => {
    expect(notice({ runtime_status: 'starting', can_resume: true })).toEqual({
      words: 'The conversation’s runtime is starting…',
      reprovision: false,
    });
  });

  it('offers Reprovision when it is missing, lost or failed, with the server’s reason', () => {
    expect(notice({ runtime_status: 'missing', can_resume: true })?.reprovision).toBe(true);
    expect(notice({ runtime_status: 'ownership_lost', can_resume: false })?.words).toMatch(/taken over/);
    expect(
      notice({
        runtime_status: 'error',
        can_resume: false,
        runtime_error: { code: 'image_pull', message: 'The image could not be pulled' },
      }),
    ).toEqual({
      words: 'The conversation’s runtime failed: The image could not be pulled.',
      reprovision: true,
    });
    expect(notice({ runtime_status: 'error', can_resume: false, runtime_error: null })?.words).toBe(
      'The conversation’s runtime failed.',
    );
  });
});
