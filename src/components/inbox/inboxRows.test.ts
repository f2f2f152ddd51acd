import { describe, expect, it } from 'vitest';
import type { ConversationInfo } from '../../agent-server/protocol';
import type { AgentServer } from '../../agent-server/servers';
import { inboxRows } from './inboxRows';
import type { ServerFeed } from './ServerFeeds';

const server = (id: string): AgentServer => ({ id, name: id, serverUrl: `http://${id}`, sessionApiKey: '' });
const info = (id: string, hour: number) =>
  ({ id, updated_at: `2026-11-20T${String(hour).padStart(2, '0')}:00:00Z` }) as ConversationInfo;
const feed = (items: ConversationInfo[], more: Partial<ServerFeed> = {}): ServerFeed => ({
  items,
  pending: false,
  error: null,
  keptAt: undefined,
  hasNextPage: false,
  fetchingNextPage: false,
  fetchNextPage: () => {},
  retry: () => {},
  ...more,
});
const ids = (rows: readonly { serverId: string; id: string }[]) => rows.map((r) => `${r.serverId}/${r.id}`);

describe('the inbox of several servers', () => {
  const laptop = server('laptop');
  const workstation = server('workstation');

  it('interleaves the servers newest first, held back only by a server with newer pages to come', () => {
    const feeds = new Map([
      ['laptop', feed([info('a', 9), info('b', 5)], { hasNextPage: true })],
      ['workstation', feed([info('x', 8), info('y', 3)])],
    ]);
    const merged = inboxRows([laptop, workstation], feeds, false);
    // y is older than the laptop's oldest row read: the laptop's next page may hold rows before it.
    expect(ids(merged.shown)).toEqual(['laptop/a', 'workstation/x', 'laptop/b']);
    expect(merged.holdingBack).toEqual(['laptop']);
  });

  it('waits for a server that has not answered only until patience is spent', () => {
    const feeds = new Map([['laptop', feed([info('a', 9)])]]);
    expect(ids(inboxRows([laptop, workstation], feeds, false).shown)).toEqual([]);
    expect(ids(inboxRows([laptop, workstation], feeds, true).shown)).toEqual(['laptop/a']);
  });

  it('keeps the rows of a server that failed, marked, and lets it hold nothing back', () => {
    const feeds = new Map([
      ['laptop', feed([info('a', 9)], { error: new Error('down'), hasNextPage: true })],
      ['workstation', feed([info('x', 8), info('y', 3)])],
    ]);
    const merged = inboxRows([laptop, workstation], feeds, false);
    expect(ids(merged.shown)).toEqual(['laptop/a', 'workstation/x', 'workstation/y']);
    expect(merged.shown.map((row) => row.unavailable)).toEqual([true, false, false]);
    expect(merged.holdingBack).toEqual([]);
  });

  it('tells apart the same conversation id on two servers', () => {
    const feeds = new Map([
      ['laptop', feed([info('same', 9)])],
      ['workstation', feed([info('same', 8)])],
    ]);
    expect(ids(inboxRows([laptop, workstation], feeds, false).shown)).toEqual([
      'laptop/same',
      'workstation/same',
    ]);
  });
});
