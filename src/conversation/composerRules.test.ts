import { describe, expect, it } from 'vitest';
import { EXECUTION_STATUSES } from '../agent-server/protocol';
import type { ConnectionState } from '../agent-server/socket';
import { activityOf, canContinue, canSend, canStop, sendBlockedReason } from './composerRules';

const open: ConnectionState = { kind: 'open' };

describe('composer rules', () => {
  it('lets the user send in every status but waiting_for_confirmation, also while the agent runs', () => {
    const table = Object.fromEntries(EXECUTION_STATUSES.map((s) => [s, canSend('hi', s, open)]));
    expect(table).toEqual({
      idle: true,
      running: true,
      paused: true,
      waiting_for_confirmation: false,
      finished: true,
      error: true,
      stuck: true,
    });
    expect(sendBlockedReason('waiting_for_confirmation', open)).toMatch(/Approve or reject/);
  });

  it('sends over REST when the socket is down, but not with a rejected key or a deleted conversation', () => {
    expect(canSend('hi', 'idle', { kind: 'reconnecting', attempt: 2, retryAt: 0 })).toBe(true);
    expect(canSend('hi', 'idle', { kind: 'offline' })).toBe(true);
    expect(canSend('hi', 'idle', { kind: 'key-rejected' })).toBe(false);
    expect(canSend('hi', 'idle', { kind: 'gone' })).toBe(false);
    expect(canSend('   ', 'idle', open)).toBe(false);
    expect(canSend('   ', 'idle', open, 1)).toBe(true);
    expect(canSend('', 'waiting_for_confirmation', open, 1)).toBe(false);
  });

  it('offers Stop only while running and not already stopping', () => {
    const table = Object.fromEntries(EXECUTION_STATUSES.map((s) => [s, canStop(s, false)]));
    expect(
      Object.entries(table)
        .filter(([, v]) => v)
        .map(([k]) => k),
    ).toEqual(['running']);
    expect(canStop('running', true)).toBe(false);
  });

  it('offers Continue for paused, error and stuck only', () => {
    expect(EXECUTION_STATUSES.filter((s) => canContinue(s))).toEqual(['paused', 'error', 'stuck']);
  });

  it('tells idle, running and confirming apart', () => {
    expect(EXECUTION_STATUSES.map(activityOf)).toEqual([
      'idle',
      'running',
      'idle',
      'confirming',
      'idle',
      'idle',
      'idle',
    ]);
    expect(activityOf(undefined)).toBe('idle');
  });
});
