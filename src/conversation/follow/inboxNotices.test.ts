import { describe, expect, it } from 'vitest';
import { inboxNotices, waitingElsewhere, type WatchedConversation } from './inboxNotices';

const row = (key: string, status: WatchedConversation['status'], serverName = 'Laptop') => ({
  key,
  status,
  title: `Task ${key}`,
  serverName,
});

describe('following every server’s conversations', () => {
  const before = new Map([
    ['laptop/a', 'running' as const],
    ['workstation/a', 'running' as const],
    ['laptop/open', 'running' as const],
    ['laptop/idle', 'idle' as const],
  ]);

  it('tells of each conversation that finished, failed or waits, named with its server', () => {
    const now = [
      row('laptop/a', 'finished'),
      row('workstation/a', 'waiting_for_confirmation', 'Workstation'),
      row('laptop/idle', 'idle'),
      row('laptop/new', 'error'),
    ];
    expect(inboxNotices(before, now, undefined, true)).toEqual([
      { key: 'laptop/a', title: 'The agent finished', body: 'Task laptop/a · Laptop' },
      {
        key: 'workstation/a',
        title: 'The agent needs your approval',
        body: 'Task workstation/a · Workstation',
      },
    ]);
  });

  it('leaves out the open conversation, one seen for the first time, and the server name of a lone server', () => {
    const now = [row('laptop/open', 'finished'), row('laptop/new', 'error'), row('laptop/a', 'error')];
    expect(inboxNotices(before, now, 'laptop/open', false)).toEqual([
      { key: 'laptop/a', title: 'The agent stopped with an error', body: 'Task laptop/a' },
    ]);
  });

  it('counts the conversations waiting for approval elsewhere than the open one', () => {
    const now = [
      row('laptop/a', 'waiting_for_confirmation'),
      row('workstation/a', 'waiting_for_confirmation', 'Workstation'),
      row('laptop/b', 'running'),
    ];
    expect(waitingElsewhere(now, 'laptop/a')).toBe(1);
    expect(waitingElsewhere(now, undefined)).toBe(2);
  });
});
