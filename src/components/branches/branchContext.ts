import { createContext, useContext } from 'react';
import type { ConnectionSettings } from '../../agent-server/servers';
import type { Activity } from '../../conversation/composerRules';
import type { ConversationEventLog } from '../../conversation/eventLog';
import type { LiveSession } from '../../conversation/session/sessionHandle';

/** What a message's branch actions need from the conversation around it. */
export interface BranchScope {
  settings: ConnectionSettings;
  conversationId: string;
  title: string | undefined;
  log: ConversationEventLog;
  session: LiveSession;
  activity: Activity;
}

export const BranchContext = createContext<BranchScope | undefined>(undefined);

export const useBranchScope = () => useContext(BranchContext);
