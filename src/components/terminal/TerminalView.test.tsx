import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { EventClock, terminalAction, userMessage } from '../../../mocks/events';
import { ConversationEventLog } from '../../conversation/eventLog';
import { AgentCommands } from './TerminalView';

afterEach(cleanup);

describe('the Terminal tab', () => {
  it('follows the agent’s first command in a conversation opened before its first event', () => {
    const log = new ConversationEventLog();
    render(<AgentCommands log={log} working />);
    expect(screen.getByText('The agent has not run a command in this conversation.')).toBeTruthy();
    const clock = new EventClock(Date.UTC(2026, 10, 27), 'term');
    // The first event makes HEAD known, and with it a new projection: the tab must follow it.
    act(() => log.ingest([userMessage(clock, 'List the files')], { live: true }));
    act(() => log.ingest([terminalAction(clock, 'ls -la')], { live: true }));
    expect(screen.getByText('ls -la')).toBeTruthy();
    expect(screen.getByText('running…')).toBeTruthy();
    expect(screen.queryByText('The agent has not run a command in this conversation.')).toBeNull();
  });
});
