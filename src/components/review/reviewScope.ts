import { createContext, useContext } from 'react';
import type { ConversationEventLog } from '../../conversation/eventLog';
import type { WorkspaceTarget } from '../../conversation/resources/workspace';

// Where review comments written in a diff go: the open conversation's review. Given by the
// conversation around its transcript and its workspace, so any diff in them can take comments;
// a diff outside a conversation (none today) would take none.

export interface ReviewScope {
  /** The server's address: the key comments are kept under, as the browser's copy does. */
  server: string;
  conversationId: string;
  /** Undefined until the conversation's info names its folder (read from the copy, offline). */
  workspace: WorkspaceTarget | undefined;
  /** Its events: the one that made a file as it is now is found there, for a diff that does not say. */
  log: ConversationEventLog;
}

export const ReviewContext = createContext<ReviewScope | undefined>(undefined);

export const useReviewScope = () => useContext(ReviewContext);

/** What a diff that takes comments says about itself. */
export interface CommentTarget {
  /** The file as the server's routes name it. */
  path: string;
  /** The file as people read it. */
  shownPath: string;
  /** The whole text of the diff's new side, which its new line numbers count. */
  shownText: string;
  /** The event whose edit the diff shows, where there is one. */
  sourceEventId?: string;
}
