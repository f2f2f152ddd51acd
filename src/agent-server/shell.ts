import { HttpClient } from '@openhands/typescript-client/client/http-client';
import { clientPerServer, runtimeRoutes, type RuntimeRoutes, type WorkspaceOf } from './runtimeRoutes';
import type { ConnectionSettings } from './servers';

// The agent-server's bash routes (bash_router.py), for the commands a person runs in a
// conversation's workspace. They are not the agent's terminal: the agent never sees them. Per
// conversation (runtime_router.py) they run in its working_dir and keep their history in its
// folder; a `cwd` outside the working_dir is refused with 422.
//
// The server sends a command's output only when the command ends (or in 1 MiB pieces of a very
// long output): bash_service.py buffers it. A running command has no output to show yet.

/** A command as the server took it (`BashCommand`). Ids are 32 hex digits. */
export interface ShellCommandEvent {
  kind: 'BashCommand';
  id: string;
  timestamp: string;
  command: string;
  cwd: string | null;
  timeout: number;
}

/** Output of a command (`BashOutput`); the last piece has the exit code (null until then). */
export interface ShellOutputEvent {
  kind: 'BashOutput';
  id: string;
  timestamp: string;
  command_id: string;
  order: number;
  exit_code: number | null;
  stdout: string | null;
  stderr: string | null;
}

export type ShellEvent = ShellCommandEvent | ShellOutputEvent;

interface ShellEventPage {
  items: ShellEvent[];
  next_page_id: string | null;
}

/** How long a person's command may run before the server ends it (its default is 300 s). */
export const SHELL_COMMAND_TIMEOUT_S = 3600;

export class ShellClient {
  private readonly http: HttpClient;

  constructor(
    settings: ConnectionSettings,
    private readonly routes: RuntimeRoutes = runtimeRoutes(settings),
  ) {
    this.http = new HttpClient({
      baseUrl: settings.serverUrl,
      apiKey: settings.sessionApiKey || undefined,
      timeout: 30_000,
    });
  }

  /** Starts a command in the conversation's workspace; it runs on after the answer. */
  start(of: WorkspaceOf, command: string): Promise<ShellCommandEvent> {
    // The conversation's own route runs in its working_dir; the global one has to be told.
    const body = {
      command,
      timeout: SHELL_COMMAND_TIMEOUT_S,
      ...(this.routes.perConversation(of) ? {} : { cwd: of.repository }),
    };
    return this.routes.at(
      of,
      '/bash/start_bash_command',
      async (route) => (await this.http.post<ShellCommandEvent>(route, body)).data,
    );
  }

  /**
   * Runs a command in the conversation's workspace and answers once it has ended, with its whole
   * output and exit code (`execute_bash_command`). For the short commands Tether runs on a
   * person's behalf; they are in the shell's history like any other.
   */
  execute(of: WorkspaceOf, command: string, timeoutS = 60): Promise<ShellOutputEvent> {
    const body = {
      command,
      timeout: timeoutS,
      ...(this.routes.perConversation(of) ? {} : { cwd: of.repository }),
    };
    return this.routes.at(
      of,
      '/bash/execute_bash_command',
      async (route) => (await this.http.post<ShellOutputEvent>(route, body)).data,
    );
  }

  /** Every command and output of the conversation's shell, oldest first. */
  async history(of: WorkspaceOf): Promise<ShellEvent[]> {
    const all: ShellEvent[] = [];
    let pageId: string | undefined;
    do {
      const params: Record<string, string | number> = { sort_order: 'TIMESTAMP', limit: 100 };
      if (pageId) params.page_id = pageId;
      const page = await this.routes.at(
        of,
        '/bash/bash_events/search',
        async (route) => (await this.http.get<ShellEventPage>(route, { params })).data,
      );
      all.push(...page.items);
      pageId = page.next_page_id ?? undefined;
    } while (pageId);
    return all;
  }

  /**
   * Stops a running command (SIGTERM to its process group, then SIGKILL). Stopping one that has
   * ended succeeds; an unknown id is a 404.
   */
  async stop(of: WorkspaceOf, commandId: string): Promise<void> {
    await this.http.post(
      this.routes.route(of, `/bash/bash_commands/${encodeURIComponent(commandId)}/stop`),
      {},
    );
  }
}

export const shellClient = clientPerServer((settings) => new ShellClient(settings));
