import type { StoreApi } from 'zustand/vanilla';
import type { AgentServerClients } from '../../agent-server/client';
import type { Approval } from '../approvalPolicy';
import { Outbox } from '../outbox';
import { answerConfirmation, continueRun, stopRun } from '../resources/conversations';
import { sendUserMessage } from '../resources/events';
import { dispatchTo, type LiveState, type SessionEvent } from './liveState';
import type { FailedCommand } from './problems';

// What a person asks of a live conversation (send, retry, stop, continue, approve), as REST calls
// and socket frames, with their failures said in the live state. Apart from the socket's code, so
// that a conversation takes commands the moment it is drawn: until the socket is there (or while
// it is down) a message goes over REST, as the outbox does whenever no socket is open.

export interface CommandLink {
  /** Hands a frame to the open socket; false when there is none. */
  sendOverSocket(frame: object): boolean;
  /** A message went over REST: its echo must come some other way when no socket is open. */
  afterRestSend(): void;
}

export class SessionCommands {
  readonly outbox: Outbox;
  private readonly dispatch: (event: SessionEvent) => void;

  constructor(
    private readonly conversationId: string,
    private readonly clients: AgentServerClients,
    live: StoreApi<LiveState>,
    link: CommandLink,
    now: () => number,
  ) {
    this.dispatch = dispatchTo(live);
    this.outbox = new Outbox(
      { pending: () => live.getState().pending, dispatch: this.dispatch },
      {
        sendOverSocket: (frame) => link.sendOverSocket(frame),
        sendOverRest: (content) => sendUserMessage(clients.conversations, conversationId, content),
        afterRestSend: () => link.afterRestSend(),
        runRefused: () => this.dispatch({ type: 'command failed', problem: { kind: 'run limit' } }),
      },
      now,
    );
  }

  send(text: string, images: string[] = []): Promise<void> {
    return this.outbox.send(text, images);
  }

  retry(localId: string): Promise<void> {
    return this.outbox.retry(localId);
  }

  discard(localId: string): void {
    this.outbox.discard(localId);
  }

  /** Stop at once: interrupt cancels even an LLM call in flight; older servers only pause. */
  async interrupt(): Promise<void> {
    this.dispatch({ type: 'stop asked' });
    try {
      await stopRun(this.clients.conversations, this.conversationId);
    } catch (error) {
      this.dispatch({ type: 'stop failed', error });
    }
  }

  continueRun(): Promise<boolean> {
    return this.command('continue', () => continueRun(this.clients.conversations, this.conversationId));
  }

  /** Approve, or reject with the person's reason (the agent reads it). */
  respondToConfirmation(accept: boolean, reason?: string): Promise<boolean> {
    return this.command(accept ? 'approve' : 'reject', () =>
      answerConfirmation(this.clients.conversations, this.conversationId, accept, reason),
    );
  }

  /** `save` is the REST write (with its cache update). */
  setApproval(approval: Approval, save: (approval: Approval) => Promise<void>): Promise<boolean> {
    return this.command('approval', () => save(approval));
  }

  /** A command's failure is said in the banner, with what the server answered. */
  private async command(command: FailedCommand, run: () => Promise<unknown>): Promise<boolean> {
    try {
      await run();
      return true;
    } catch (error) {
      this.dispatch({ type: 'command failed', problem: { kind: 'command failed', command, error } });
      return false;
    }
  }
}
