import { http, HttpResponse } from 'msw';
import { contentText, isRecord } from '../src/agent-server/protocol';
import { defaultAgent, toolNamesOf } from './store';
import { MOCK_PLAN_PATH, PLAN_HEADERS } from './scripts';
import type { MockRuntimes } from './runtimes';
import type { MockWorkspace } from './workspace';
import { invalid, limitParam, success, tagsParam, unauthorised, type RouteKit } from './routeKit';

// Conversations, as conversation_router.py answers: the list, a new one, its info and runtime,
// its title, its removal, and the commands on its run (interrupt, pause, run) and its settings
// (confirmation policy, LLM, condenser, security analyser).

export function conversationHandlers(
  { api, store, agent, authorised, withConversation, record }: RouteKit,
  runtimes: MockRuntimes,
  controls: {
    /** How long interrupt and pause take to answer. */
    stopDelayMs: () => number;
    /** The conversation is gone: its sockets close as the server closes them. */
    removed: (conversationId: string) => void;
  },
) {
  // A conversation as the server reads it out: with its runtime, and the ids of its children.
  const served = <T extends { id: string }>(info: T) => ({
    ...runtimes.withRuntime(info),
    sub_conversation_ids: store.childrenOf(info.id),
  });
  return [
    http.get(api('/api/conversations/search'), ({ request }) => {
      if (!authorised(request)) return unauthorised();
      const url = new URL(request.url);
      const limit = limitParam(url);
      if (limit instanceof Response) return limit;
      const page = store.searchConversations({
        limit,
        pageId: url.searchParams.get('page_id'),
        sortOrder: url.searchParams.get('sort_order') ?? 'CREATED_AT_DESC',
        status: url.searchParams.get('status'),
      });
      return HttpResponse.json({ ...page, items: page.items.map((info) => served(info)) });
    }),

    // A number, with the same key and status filter as the search.
    http.get(api('/api/conversations/count'), ({ request }) => {
      if (!authorised(request)) return unauthorised();
      const status = new URL(request.url).searchParams.get('status');
      return HttpResponse.json(
        [...store.conversations.values()].filter((c) => !status || c.info.execution_status === status).length,
      );
    }),

    http.post(api('/api/conversations'), async ({ request }) => {
      if (!authorised(request)) return unauthorised();
      const body = await record(request);
      if (!isRecord(body) || !isRecord(body.agent)) return invalid('agent', 'Field required');
      const tags = tagsParam(body);
      if (tags instanceof Response) return tags;
      const policy =
        isRecord(body.confirmation_policy) && typeof body.confirmation_policy.kind === 'string'
          ? body.confirmation_policy.kind
          : 'NeverConfirm';
      const llm = isRecord(body.agent.llm) ? body.agent.llm : {};
      const workingDir =
        isRecord(body.workspace) && typeof body.workspace.working_dir === 'string'
          ? body.workspace.working_dir
          : 'workspace';
      // A conversation owned by another (`parent_conversation_id`): the real server refuses, with a
      // 422, a parent it does not know or one in another folder.
      const parentId =
        typeof body.parent_conversation_id === 'string' ? body.parent_conversation_id : undefined;
      if (parentId !== undefined) {
        const parent = store.get(parentId);
        if (!parent)
          return HttpResponse.json({ detail: `Parent conversation ${parentId} not found` }, { status: 422 });
        if (folderOf(parent.info) !== workingDir.replace(/\/+$/, ''))
          return HttpResponse.json(
            { detail: `Parent conversation ${parentId} belongs to a different workspace` },
            { status: 422 },
          );
      }
      const conversation = store.createConversation(
        policy,
        defaultAgent(
          typeof llm.model === 'string' ? llm.model : undefined,
          typeof llm.base_url === 'string' ? llm.base_url : null,
          isRecord(body.agent.condenser),
          Array.isArray(body.agent.tools)
            ? body.agent.tools.filter((tool) => isRecord(tool) && typeof tool.name === 'string')
            : undefined,
        ),
        workingDir,
      );
      if (tags) conversation.info.tags = tags;
      if (parentId !== undefined) conversation.info.parent_conversation_id = parentId;
      // `worktree: true`: as the server, a worktree of the folder's repository on a branch of its
      // own, which becomes the conversation's working_dir; a folder outside it gets none, silently.
      if (body.worktree === true) {
        const made = madeWorktree(store.workspace, conversation.info.id, workingDir, body.worktree_options);
        if (made instanceof Response) {
          store.remove(conversation.info.id);
          return made;
        }
        if (made) conversation.info.workspace = { kind: 'LocalWorkspace', working_dir: made };
      }
      // As the server's planning file editor does when the agent is made: the plan starts as headers.
      const planPath = store.workspace.inWorkingTree(MOCK_PLAN_PATH, workingDirOf(conversation.info));
      if (toolNamesOf(conversation).includes('planning_file_editor') && !store.workspace.read(planPath))
        store.workspace.write(planPath, PLAN_HEADERS);
      if (isRecord(body.security_analyzer))
        conversation.info.security_analyzer = { kind: String(body.security_analyzer.kind) };
      // The server's default: named from the first message unless asked not to.
      if (body.autotitle !== false) agent.nameFromFirstMessage(conversation.info.id);
      const initial = isRecord(body.initial_message) ? contentText(body.initial_message.content) : '';
      // The real server always runs after an initial message.
      if (initial) agent.message(conversation, initial, true);
      return HttpResponse.json(served(conversation.info), { status: 201 });
    }),

    http.get(
      api('/api/conversations/:id'),
      withConversation((conversation) => HttpResponse.json(served(conversation.info))),
    ),

    // The runtime's state, and a new one asked for.
    http.get(
      api('/api/conversations/:id/runtime'),
      withConversation((conversation) => HttpResponse.json(runtimes.of(conversation.info.id))),
    ),
    http.post(
      api('/api/conversations/:id/runtime/reprovision'),
      withConversation(async (conversation, request) => {
        await record(request);
        return HttpResponse.json(runtimes.reprovision(conversation.info.id));
      }),
    ),

    http.patch(
      api('/api/conversations/:id'),
      withConversation(async (conversation, request) => {
        const body = await record(request);
        // Either or both: a title, and tags (which replace all the old ones).
        const title = isRecord(body) && typeof body.title === 'string' ? body.title.trim() : undefined;
        if (
          isRecord(body) &&
          body.title !== undefined &&
          body.title !== null &&
          (!title || title.length > 200)
        )
          return invalid('title', 'title must not be blank');
        const tags = tagsParam(body);
        if (tags instanceof Response) return tags;
        if (title) conversation.info.title = title;
        if (tags) conversation.info.tags = tags;
        // As the server's planning file editor does when the agent is made: the plan starts as headers.
        const planPath = store.workspace.inWorkingTree(MOCK_PLAN_PATH, workingDirOf(conversation.info));
        if (toolNamesOf(conversation).includes('planning_file_editor') && !store.workspace.read(planPath))
          store.workspace.write(planPath, PLAN_HEADERS);
        conversation.info.updated_at = new Date().toISOString();
        store.touch(conversation);
        return success();
      }),
    ),

    http.delete(api('/api/conversations/:id'), ({ request, params }) => {
      if (!authorised(request)) return unauthorised();
      const id = String(params.id);
      agent.forget(id);
      // Its worktree goes with it; its branch would stay (the mock's goes too).
      store.workspace.removeWorktree(id);
      // The real server answers 400 for an unknown id here, not 404.
      if (!store.remove(id)) return HttpResponse.json({ detail: 'Bad Request' }, { status: 400 });
      controls.removed(id);
      return success();
    }),

    // Interrupt stops at once, pause after the current step; both answer after `stopDelayMs`.
    ...(['interrupt', 'pause'] as const).map((command) =>
      http.post(
        api(`/api/conversations/:id/${command}`),
        withConversation(async (conversation, request) => {
          await record(request);
          await new Promise((resolve) => setTimeout(resolve, controls.stopDelayMs()));
          agent[command](conversation);
          return success();
        }),
      ),
    ),

    http.post(
      api('/api/conversations/:id/run'),
      withConversation(async (conversation, request) => {
        await record(request);
        if (agent.run(conversation) === 'conflict') {
          return HttpResponse.json(
            { detail: 'Conversation already running. Wait for completion or pause first.' },
            { status: 409 },
          );
        }
        return success();
      }),
    ),

    http.post(
      api('/api/conversations/:id/confirmation_policy'),
      withConversation(async (conversation, request) => {
        const body = await record(request);
        if (!isRecord(body) || !isRecord(body.policy) || typeof body.policy.kind !== 'string')
          return invalid('policy', 'Field required');
        conversation.info.confirmation_policy = { kind: body.policy.kind };
        store.touch(conversation);
        return success();
      }),
    ),

    // The LLM for the next turns; a model is all the mock needs (the real server wants a whole LLM).
    // A kept key named by reference is resolved as the server does: the connection's base URL
    // wins, and a reference to no connection is refused before anything changes.
    http.post(
      api('/api/conversations/:id/switch_llm'),
      withConversation(async (conversation, request) => {
        const body = await record(request);
        if (!isRecord(body) || !isRecord(body.llm)) return invalid('llm', 'Field required');
        const { model, base_url, provider_connection_id: kept } = body.llm;
        if (typeof model !== 'string' || !model) return invalid('model', 'Field required');
        if (typeof kept === 'string' && kept) {
          const connection = store.providerConnections.get(kept);
          if (!connection)
            return HttpResponse.json(
              {
                detail: `LLM config references provider connection '${kept}', which does not exist. Update the profile or recreate the connection.`,
              },
              { status: 422 },
            );
          agent.switchModel(conversation, model, connection.base_url ?? undefined, kept);
          return success();
        }
        agent.switchModel(conversation, model, typeof base_url === 'string' ? base_url : undefined);
        return success();
      }),
    ),

    // As the server's condense route: 409 with its words when the agent has no condenser.
    http.post(
      api('/api/conversations/:id/condense'),
      withConversation(async (conversation, request) => {
        await record(request);
        const condenser = isRecord(conversation.info.agent) ? conversation.info.agent.condenser : undefined;
        if (!isRecord(condenser))
          return HttpResponse.json(
            { detail: 'Cannot condense conversation: No condenser configured' },
            { status: 409 },
          );
        agent.condense(conversation);
        return success();
      }),
    ),

    http.post(
      api('/api/conversations/:id/security_analyzer'),
      withConversation(async (conversation, request) => {
        const body = await record(request);
        if (!isRecord(body) || !('security_analyzer' in body))
          return invalid('security_analyzer', 'Field required');
        const analyser = body.security_analyzer;
        conversation.info.security_analyzer = isRecord(analyser) ? { kind: String(analyser.kind) } : null;
        store.touch(conversation);
        return success();
      }),
    ),
  ];
}

/** A conversation's working_dir as its info says. */
function workingDirOf(info: { workspace?: unknown }): string {
  return folderOf(info) ?? 'workspace';
}

/** A conversation's folder as the server compares it: without a trailing slash. */
function folderOf(info: { workspace?: unknown }): string | undefined {
  const workspace = isRecord(info.workspace) ? info.workspace : undefined;
  return typeof workspace?.working_dir === 'string' ? workspace.working_dir.replace(/\/+$/, '') : undefined;
}

/** The server's default for the branches of conversations' worktrees. */
const WORKTREE_BRANCH_PREFIX = 'openhands/';

/**
 * A conversation's worktree, as conversation_service.py makes it: from the repository's default
 * branch (the mock has no remote: `main`), its HEAD or a ref. Its working_dir, none for a folder
 * outside the repository, or the server's failure for a start git cannot find.
 */
function madeWorktree(
  workspace: MockWorkspace,
  conversationId: string,
  folder: string,
  options: unknown,
): string | undefined | Response {
  const asked = isRecord(options) ? options : {};
  const prefix = typeof asked.branch_prefix === 'string' ? asked.branch_prefix : WORKTREE_BRANCH_PREFIX;
  const start =
    asked.base === 'head'
      ? 'HEAD'
      : asked.base === 'ref' && typeof asked.ref === 'string'
        ? asked.ref
        : 'main';
  try {
    return workspace.addWorktree(folder, conversationId, `${prefix}${conversationId}`, start);
  } catch (error) {
    // An uncaught GitCommandError on the real server: its 500.
    return HttpResponse.json({ detail: String((error as Error).message) }, { status: 500 });
  }
}
