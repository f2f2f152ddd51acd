// The skills a mock server has installed (skills_router.py's ~/.openhands/skills/installed/),
// kept in the browser's storage when the server has one, and the sources it can install from:
// the real server fetches a git repository or copies a folder it can read; the mock knows a few
// sources by name (its marketplace's, and any a test adds), and fails on the rest as the real
// one does offline.

export const SKILLS_KEY = 'tether.mock-agent-server.skills';
const HOME = '/home/agent/.openhands/skills/installed';

/** SKILL_NAME_PATTERN of the real server. */
export const MOCK_SKILL_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** What a source holds: a skill (its SKILL.md's front matter and body), or no valid SKILL.md. */
export type SkillSource = { name: string; description: string; content: string } | 'invalid';

interface Installed {
  name: string;
  version: string;
  description: string;
  enabled: boolean;
  source: string;
  content: string;
  installed_at: string;
}

/** The public marketplace as a server that reaches GitHub lists it. */
const MARKETPLACE: { source: string; skill: SkillSource }[] = [
  {
    source: 'github:OpenHands/extensions/skills/code-review',
    skill: {
      name: 'code-review',
      description: 'Reviews a change for bugs, style and missing tests before it is merged.',
      content: 'Read the diff, then list problems by severity.',
    },
  },
  {
    source: 'github:OpenHands/extensions/skills/release-notes',
    skill: {
      name: 'release-notes',
      description: 'Writes release notes from the commits since the last tag.',
      content: 'Group the commits by kind and write one line each.',
    },
  },
];

export class MockSkills {
  private readonly installedSkills = new Map<string, Installed>();
  /** Sources the mock can install from, besides its marketplace's. */
  readonly sources = new Map<string, SkillSource>();

  constructor(private readonly storage?: Storage) {
    try {
      const saved = JSON.parse(storage?.getItem(SKILLS_KEY) ?? '[]') as Installed[];
      for (const skill of saved) this.installedSkills.set(skill.name, skill);
    } catch {
      // A journal from an older mock: start empty.
    }
  }

  /** As the real server lists them: by name. */
  installed() {
    return [...this.installedSkills.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((skill) => this.response(skill));
  }

  get(name: string) {
    const skill = this.installedSkills.get(name);
    return skill && this.response(skill);
  }

  /** What the source holds, or undefined when the mock cannot reach it (the real 400). */
  private resolve(source: string): SkillSource | undefined {
    return this.sources.get(source) ?? MARKETPLACE.find((entry) => entry.source === source)?.skill;
  }

  install(
    source: string,
    force: boolean,
  ): { installed: ReturnType<MockSkills['response']> } | 'exists' | 'unreachable' | 'invalid' {
    const found = this.resolve(source);
    if (found === undefined) return 'unreachable';
    if (found === 'invalid') return 'invalid';
    if (this.installedSkills.has(found.name) && !force) return 'exists';
    const skill: Installed = {
      ...found,
      version: '1.0.0',
      enabled: true,
      source,
      installed_at: new Date().toISOString(),
    };
    this.installedSkills.set(skill.name, skill);
    this.save();
    return { installed: this.response(skill) };
  }

  setEnabled(name: string, enabled: boolean): boolean {
    const skill = this.installedSkills.get(name);
    if (!skill) return false;
    skill.enabled = enabled;
    this.save();
    return true;
  }

  /** Fetched again from its source; a source gone or invalid keeps the installed copy. */
  refresh(name: string): ReturnType<MockSkills['response']> | 'missing' | 'unreachable' | 'invalid' {
    const skill = this.installedSkills.get(name);
    if (!skill) return 'missing';
    const found = this.resolve(skill.source);
    if (found === undefined) return 'unreachable';
    if (found === 'invalid') return 'invalid';
    Object.assign(skill, { description: found.description, content: found.content });
    skill.installed_at = new Date().toISOString();
    this.save();
    return this.response(skill);
  }

  uninstall(name: string): boolean {
    const had = this.installedSkills.delete(name);
    if (had) this.save();
    return had;
  }

  /** What a new conversation loading user and public skills gets: enabled installed ones. */
  catalog() {
    return [...this.installedSkills.values()]
      .filter((skill) => skill.enabled)
      .map((skill) => ({
        name: skill.name,
        type: 'agentskills',
        content: skill.content,
        triggers: [],
        source: `${HOME}/${skill.name}/SKILL.md`,
        description: skill.description,
        is_agentskills_format: true,
        disable_model_invocation: false,
        origin: 'user',
      }));
  }

  marketplace() {
    return MARKETPLACE.map(({ source, skill }) => ({
      name: skill === 'invalid' ? source : skill.name,
      description: skill === 'invalid' ? null : skill.description,
      source,
      installed: skill !== 'invalid' && this.installedSkills.has(skill.name),
    }));
  }

  private response(skill: Installed) {
    return {
      name: skill.name,
      version: skill.version,
      description: skill.description,
      enabled: skill.enabled,
      source: skill.source,
      resolved_ref: null,
      repo_path: null,
      installed_at: skill.installed_at,
      install_path: `${HOME}/${skill.name}`,
    };
  }

  private save(): void {
    this.storage?.setItem(SKILLS_KEY, JSON.stringify([...this.installedSkills.values()]));
  }
}
