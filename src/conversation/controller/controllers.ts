import type { ConversationEventLog } from '../eventLog';
import { ConversationController, type ControllerDependencies } from './conversationController';

// The open conversations' controllers: one per server, key and conversation, shared by every view
// showing it, closed and forgotten once none does. The closing waits a task: a view that leaves
// and comes back in the same moment (React's strict mode, a route that draws it again) keeps it.

interface Entry {
  controller: ConversationController;
  users: number;
  closing: ReturnType<typeof setTimeout> | undefined;
}

const open = new Map<string, Entry>();

const keyOf = ({ settings, conversationId }: Pick<ControllerDependencies, 'settings' | 'conversationId'>) =>
  `${settings.serverUrl}\u0000${settings.sessionApiKey}\u0000${conversationId}`;

/** The conversation's controller: the open one, or a new one (not started until retained). */
export function conversationController(deps: ControllerDependencies): ConversationController {
  const key = keyOf(deps);
  const existing = open.get(key);
  if (existing && !existing.controller.closed) return existing.controller;
  const controller = new ConversationController(deps);
  open.set(key, { controller, users: 0, closing: undefined });
  return controller;
}

/**
 * A view shows the conversation: its controller starts (once) and stays open until the last
 * view releases it. False when the controller was closed meanwhile: the view asks for a new one.
 */
export function retainController(controller: ConversationController): (() => void) | undefined {
  const entry = [...open.values()].find((candidate) => candidate.controller === controller);
  if (!entry || controller.closed) return undefined;
  clearTimeout(entry.closing);
  entry.closing = undefined;
  entry.users += 1;
  controller.start();
  return () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    entry.closing = setTimeout(() => {
      if (entry.users > 0) return;
      controller.close();
      for (const [key, candidate] of open) if (candidate === entry) open.delete(key);
    }, 0);
  };
}

/** The event log of a conversation open on this server, if one is (its dialogs read HEAD). */
export function openConversationLog(
  serverUrl: string,
  conversationId: string,
): ConversationEventLog | undefined {
  for (const [key, entry] of open)
    if (
      key.startsWith(`${serverUrl}\u0000`) &&
      key.endsWith(`\u0000${conversationId}`) &&
      !entry.controller.closed
    )
      return entry.controller.log;
  return undefined;
}
