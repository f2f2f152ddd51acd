// The secrets a mock server keeps (settings_router.py's secrets store): names, descriptions and
// values, kept in the browser's storage when the server has one, as the real server keeps them
// on disk across restarts.

export const SECRETS_KEY = 'tether.mock-agent-server.secrets';

/** SECRET_NAME_PATTERN of the real server. */
export const MOCK_SECRET_NAME = /^[a-zA-Z][a-zA-Z0-9_]{0,63}$/;

interface Stored {
  value: string;
  description: string | null;
}

export class MockSecrets {
  private readonly secrets = new Map<string, Stored>();

  constructor(private readonly storage?: Storage) {
    try {
      const saved = JSON.parse(storage?.getItem(SECRETS_KEY) ?? '{}') as Record<string, Stored>;
      for (const [name, secret] of Object.entries(saved)) this.secrets.set(name, secret);
    } catch {
      // A journal from an older mock: start empty.
    }
  }

  /** In the order they were first stored, as the server's dict keeps them. */
  list(): { name: string; description: string | null }[] {
    return [...this.secrets].map(([name, { description }]) => ({ name, description }));
  }

  get(name: string): string | undefined {
    return this.secrets.get(name)?.value;
  }

  set(name: string, value: string, description: string | null): void {
    this.secrets.set(name, { value, description });
    this.save();
  }

  delete(name: string): boolean {
    const had = this.secrets.delete(name);
    if (had) this.save();
    return had;
  }

  private save(): void {
    this.storage?.setItem(SECRETS_KEY, JSON.stringify(Object.fromEntries(this.secrets)));
  }
}
