import { describe, expect, it, vi } from 'vitest';
import { EventClock, agentMessage } from '../../../mocks/events';
import { Announcer } from './announcer';

describe('the announcer', () => {
  it('loads its phrases only when there is something to say, and keeps the order of the moments', async () => {
    const said: string[] = [];
    let release = () => {};
    const load = vi.fn(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return import('../announcements');
    });
    const announcer = new Announcer((text) => said.push(text), load);
    announcer.status(undefined, 'finished');
    expect(load).not.toHaveBeenCalled();
    announcer.status('idle', 'running');
    announcer.event(agentMessage(new EventClock(Date.UTC(2026, 10, 1), 'a'), 'All done here.'));
    announcer.status('running', 'paused');
    expect(load).toHaveBeenCalledTimes(1);
    expect(said).toEqual([]);
    release();
    await vi.waitFor(() => expect(said).toHaveLength(3));
    expect(said[0]).toBe('The agent started working.');
    expect(said[1]).toContain('All done here.');
    expect(said[2]).toBe('The agent stopped.');
  });

  it('says nothing, and tries again later, when the phrases cannot load', async () => {
    const said: string[] = [];
    const load = vi
      .fn<() => Promise<typeof import('../announcements')>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockImplementation(() => import('../announcements'));
    const announcer = new Announcer((text) => said.push(text), load);
    announcer.status('idle', 'running');
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    announcer.status('running', 'paused');
    await vi.waitFor(() => expect(said).toEqual(['The agent stopped.']));
  });
});
