import { createContext, useContext } from 'react';
import type { ConnectionSettings } from '../../agent-server/servers';
import type { Activity } from '../../conversation/composerRules';
import type { ConversationEventLog } from '../../conversation/eventLog';
import type { LiveSession } from '../../conversation/session/sessionHandle';
import type { WorkspaceTarget } from '../../conversation/resources/workspace';

/** What a message's branch actions need from the conversation around it. */
export interface BranchScope {
  settings: ConnectionSettings;
  conversationId: string;
  title: string | undefined;
  log: ConversationEventLog;
  session: LiveSession;
  activity: Activity;
  /** The conversation's workspace, once its info names the folder. */
  workspace: WorkspaceTarget | undefined;
}

export const BranchContext = createContext<BranchScope | undefined>(undefined);

export const useBranchScope = () => useContext(BranchContext);
