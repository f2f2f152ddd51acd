import { HttpError } from '@openhands/typescript-client/client/http-client';
import type { ConnectionSettings } from './servers';

// Servers from 1.57 serve a conversation's runtime (git, files, bash) per conversation as well
// as globally (runtime_router.py: /api/conversations/{id}/git/..., /file/..., /bash/...),
// resolved in that conversation's runtime and refusing (422) a path or cwd outside its
// working_dir. Those are used where the server has them; on a server without them the first
// answer is FastAPI's bare 404 "Not Found", and from then on that server is asked on the global
// routes. A relative working_dir (resolved by the server against its own folder) can only be
// asked on the global routes.

/** Whose runtime a call is about: the conversation, and its working_dir. */
export interface WorkspaceOf {
  conversationId: string;
  repository: string;
}

/** FastAPI's answer for a path no route matches (a missing conversation says which). */
export function isMissingRoute(error: unknown): boolean {
  return (
    error instanceof HttpError &&
    error.status === 404 &&
    typeof error.response === 'object' &&
    error.response !== null &&
    (error.response as { detail?: unknown }).detail === 'Not Found'
  );
}

/** What one server has taught about its routes, shared by every client of that server. */
export class RuntimeRoutes {
  /** Whether this server has the per-conversation routes: unknown until it first answers. */
  private conversationRoutes: boolean | undefined;

  /** The route's address: per conversation where the server has those and the folder allows. */
  route(of: WorkspaceOf, path: string): string {
    return this.perConversation(of)
      ? `/api/conversations/${encodeURIComponent(of.conversationId)}${path}`
      : `/api${path}`;
  }

  /** The call will go to the conversation's own runtime (which knows its working_dir). */
  perConversation(of: WorkspaceOf): boolean {
    return this.conversationRoutes !== false && of.repository.startsWith('/');
  }

  /** Calls the route, learning from the first answer whether the server has per-conversation ones. */
  async at<T>(of: WorkspaceOf, path: string, call: (route: string) => Promise<T>): Promise<T> {
    const route = this.route(of, path);
    const global = `/api${path}`;
    try {
      const answer = await call(route);
      if (route !== global) this.conversationRoutes = true;
      return answer;
    } catch (error) {
      if (route === global || this.conversationRoutes !== undefined || !isMissingRoute(error)) throw error;
      this.conversationRoutes = false;
      return call(global);
    }
  }
}

const learned = new Map<string, RuntimeRoutes>();

export function runtimeRoutes(settings: ConnectionSettings): RuntimeRoutes {
  let routes = learned.get(settings.serverUrl);
  if (!routes) learned.set(settings.serverUrl, (routes = new RuntimeRoutes()));
  return routes;
}

/** One client per server and key, made when first asked for. */
export function clientPerServer<T>(
  make: (settings: ConnectionSettings) => T,
): (settings: ConnectionSettings) => T {
  const clients = new Map<string, T>();
  return (settings) => {
    const key = `${settings.serverUrl}\u0000${settings.sessionApiKey}`;
    let client = clients.get(key);
    if (!client) clients.set(key, (client = make(settings)));
    return client;
  };
}
