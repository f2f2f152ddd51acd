import { describe, expect, it } from 'vitest';
import { EventClock, agentMessage, finishAction, terminalAction, userMessage } from '../../../mocks/events';
import { inboxTabTitle, isAgentReply, runNotice, tabTitle } from './runNotices';

describe('the tab title', () => {
  it('says the state of the run and how many replies are unseen', () => {
    expect(tabTitle('Fix parsing', 'running', 0)).toBe('Working · Fix parsing — Tether');
    expect(tabTitle('Fix parsing', 'waiting_for_confirmation', 2)).toBe(
      '(2) Needs your approval · Fix parsing — Tether',
    );
    expect(tabTitle('Fix parsing', 'finished', 1)).toBe('(1) Finished · Fix parsing — Tether');
    expect(tabTitle('Fix parsing', 'error', 0)).toBe('Error · Fix parsing — Tether');
    expect(tabTitle('Fix parsing', 'idle', 0)).toBe('Fix parsing — Tether');
    expect(tabTitle(undefined, undefined, 0)).toBe('Conversation — Tether');
    expect(tabTitle('x', 'running', 250)).toBe('(99+) Working · x — Tether');
  });

  it('counts the conversations waiting for approval on every server, with one open or none', () => {
    expect(tabTitle('Fix parsing', 'running', 0, 2)).toBe('Working · Fix parsing · 2 more waiting — Tether');
    expect(inboxTabTitle(3)).toBe('3 waiting for approval — Tether');
    expect(inboxTabTitle(0)).toBe('Tether');
  });
});

describe('run notices', () => {
  it('come for a run that ends, fails or waits, not for one that starts', () => {
    expect(runNotice('running', 'finished', 'T')).toEqual({ title: 'The agent finished', body: 'T' });
    expect(runNotice('running', 'error', 'T')?.title).toBe('The agent stopped with an error');
    expect(runNotice('running', 'waiting_for_confirmation', 'T')?.title).toBe(
      'The agent needs your approval',
    );
    expect(runNotice('idle', 'running', 'T')).toBeUndefined();
    expect(runNotice('running', 'paused', 'T')).toBeUndefined();
    expect(runNotice(undefined, 'finished', 'T')).toBeUndefined();
    expect(runNotice('finished', 'finished', 'T')).toBeUndefined();
  });

  it('count agent messages and final answers as replies, nothing else', () => {
    const clock = new EventClock(Date.UTC(2026, 10, 20), 'e');
    expect(isAgentReply(agentMessage(clock, 'hi'))).toBe(true);
    expect(isAgentReply(finishAction(clock, 'done'))).toBe(true);
    expect(isAgentReply(userMessage(clock, 'hi'))).toBe(false);
    expect(isAgentReply(terminalAction(clock, 'ls'))).toBe(false);
  });
});
