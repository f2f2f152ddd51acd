import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ConnectionSettings } from '../../agent-server/servers';
import { conversationController, retainController } from '../../conversation/controller/controllers';
import type { ConversationController } from '../../conversation/controller/conversationController';
import { firstIdle } from '../useIdleReached';

/**
 * The open conversation's controller (conversation/controller/), held while the view shows it.
 * React only subscribes to what it owns: its log, its session's store, its copy's state.
 */
export function useConversationController(
  settings: ConnectionSettings,
  conversationId: string,
): ConversationController {
  const queryClient = useQueryClient();
  const find = () => conversationController({ settings, conversationId, queryClient, whenIdle: firstIdle });
  const [controller, setController] = useState(find);
  // Another conversation (or server) is shown: its own controller, found while drawing.
  const current =
    controller.closed ||
    controller.session.conversationId !== conversationId ||
    !sameServer(controller, settings)
      ? find()
      : controller;
  if (current !== controller) setController(current);

  useEffect(() => {
    const release = retainController(current);
    // Closed between the draw and this effect (it was left a task ago): a new one is made.
    if (!release) setController(find());
    return release;
    // `find` reads only what the dependencies name.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current]);
  return current;
}

function sameServer(controller: ConversationController, settings: ConnectionSettings): boolean {
  return (
    controller.settings.serverUrl === settings.serverUrl &&
    controller.settings.sessionApiKey === settings.sessionApiKey
  );
}
