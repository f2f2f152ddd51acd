// A conversation's address names its server (`/s/<server-id>/conversations/<id>`), so a reload,
// Back and a bookmark open the conversation on the server it lives on. The addresses of the
// single-server days (`/conversations/<id>`) still work: they mean the default server.

export const conversationPath = (serverId: string, conversationId: string) =>
  `/s/${encodeURIComponent(serverId)}/conversations/${encodeURIComponent(conversationId)}`;

export const CONVERSATION_ROUTE = '/s/:serverId/conversations/:id';
export const SINGLE_SERVER_CONVERSATION_ROUTE = '/conversations/:id';

export interface ConversationAddress {
  /** Absent in a single-server address. */
  serverId?: string;
  conversationId: string;
}

const PATH = /^(?:\/s\/([^/]+))?\/conversations\/([^/]+)\/?$/;

/** The conversation an address opens, or nothing (another page, or a malformed address). */
export function parseConversationPath(pathname: string): ConversationAddress | undefined {
  const match = PATH.exec(pathname);
  if (!match) return undefined;
  try {
    const conversationId = decodeURIComponent(match[2]!);
    return match[1] === undefined
      ? { conversationId }
      : { serverId: decodeURIComponent(match[1]), conversationId };
  } catch {
    return undefined;
  }
}
