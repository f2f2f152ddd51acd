import { HttpClient } from '@openhands/typescript-client/client/http-client';
import { isRecord } from './protocol';
import { clientPerServer } from './runtimeRoutes';
import type { ConnectionSettings } from './servers';

// A server's skills (skills_router.py, the same in 1.57.0 and 1.58.2). Installed skills live in
// the server's ~/.openhands/skills/installed/ and can be turned off; the catalog is what a new
// conversation that loads user and public skills gets (installed ones only while enabled); the
// marketplace lists the public extensions repository, which the server fetches from GitHub (an
// empty list when it cannot). A conversation loads them only when its agent context asks.

/** A skill installed on the server. */
export interface InstalledSkill {
  name: string;
  version: string;
  description: string;
  enabled: boolean;
  /** Where it was installed from: a git URL, `github:owner/repo/path` or a folder on the server. */
  source: string;
}

/** A skill new conversations load: the server's user skills and its public ones. */
export interface CatalogSkill {
  name: string;
  description: string;
  origin: 'public' | 'user';
}

/** A skill of the public marketplace, and whether it is installed already. */
export interface MarketplaceSkill {
  name: string;
  description: string;
  source: string;
  installed: boolean;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function installedOf(skill: unknown): InstalledSkill | undefined {
  if (!isRecord(skill) || typeof skill.name !== 'string') return undefined;
  return {
    name: skill.name,
    version: text(skill.version),
    description: text(skill.description),
    enabled: skill.enabled !== false,
    source: text(skill.source),
  };
}

const listOf = <T>(data: unknown, read: (item: unknown) => T | undefined): T[] =>
  isRecord(data) && Array.isArray(data.skills)
    ? data.skills.map(read).filter((item): item is T => item !== undefined)
    : [];

export class SkillsClient {
  // The library has no skills client; its transport is enough.
  private readonly http: HttpClient;
  /**
   * Every skills route reads and rewrites the server's installed-skills metadata file, without a
   * lock: two at once can find it half written, take it for empty, and save it so (a turned-off
   * skill came back on in a CI run on 1.57.0). So this client asks one thing at a time.
   */
  private queue: Promise<unknown> = Promise.resolve();

  private inTurn<T>(ask: () => Promise<T>): Promise<T> {
    const turn = this.queue.then(ask, ask);
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  constructor({ serverUrl, sessionApiKey }: ConnectionSettings) {
    this.http = new HttpClient({ baseUrl: serverUrl, apiKey: sessionApiKey || undefined, timeout: 60_000 });
  }

  async installed(): Promise<InstalledSkill[]> {
    const { data } = await this.inTurn(() => this.http.get<unknown>('/api/skills/installed'));
    return listOf(data, installedOf);
  }

  async catalog(): Promise<CatalogSkill[]> {
    const { data } = await this.inTurn(() => this.http.get<unknown>('/api/skills/catalog'));
    return listOf(data, (skill) =>
      isRecord(skill) && typeof skill.name === 'string'
        ? {
            name: skill.name,
            description: text(skill.description),
            origin: skill.origin === 'public' ? 'public' : 'user',
          }
        : undefined,
    );
  }

  async marketplace(): Promise<MarketplaceSkill[]> {
    const { data } = await this.inTurn(() => this.http.get<unknown>('/api/skills/marketplace'));
    return listOf(data, (skill) =>
      isRecord(skill) && typeof skill.name === 'string' && typeof skill.source === 'string'
        ? {
            name: skill.name,
            description: text(skill.description),
            source: skill.source,
            installed: skill.installed === true,
          }
        : undefined,
    );
  }

  /** Installs from a source; the server fetches it (git) or copies it (a folder it can read). */
  async install(source: { source: string; ref?: string; repoPath?: string }): Promise<InstalledSkill> {
    const { data } = await this.inTurn(() =>
      this.http.post<unknown>('/api/skills/install', {
        source: source.source,
        ...(source.ref ? { ref: source.ref } : {}),
        ...(source.repoPath ? { repo_path: source.repoPath } : {}),
      }),
    );
    const skill = installedOf(data);
    if (!skill) throw new SyntaxError('The agent-server sent an answer that is not valid JSON.');
    return skill;
  }

  async setEnabled(name: string, enabled: boolean): Promise<void> {
    await this.inTurn(() =>
      this.http.patch(`/api/skills/installed/${encodeURIComponent(name)}`, { enabled }),
    );
  }

  /** Fetches the skill again from where it was installed from; a failure keeps the installed copy. */
  async update(name: string): Promise<void> {
    await this.inTurn(() => this.http.post(`/api/skills/installed/${encodeURIComponent(name)}/refresh`));
  }

  async uninstall(name: string): Promise<void> {
    await this.inTurn(() => this.http.delete(`/api/skills/installed/${encodeURIComponent(name)}`));
  }
}

export const skillsClient = clientPerServer((settings) => new SkillsClient(settings));
