// The model keys a mock server keeps (provider_connections_router.py's store): a key and a base
// URL under an id, kept in the browser's storage when the server has one, as the real server keeps
// them encrypted on disk across restarts. Answers name `api_key_set`, never the key.

export const PROVIDER_CONNECTIONS_KEY = 'tether.mock-agent-server.provider-connections';

export interface MockProviderConnection {
  id: string;
  display_name: string;
  provider: string;
  api_key: string;
  base_url: string | null;
  created_at: number;
  updated_at: number;
}

/** The connection as the server answers with it. */
export const connectionAnswer = ({ api_key, ...rest }: MockProviderConnection) => ({
  ...rest,
  api_key_set: Boolean(api_key),
});

export class MockProviderConnections {
  private readonly connections = new Map<string, MockProviderConnection>();

  constructor(private readonly storage?: Storage) {
    try {
      const saved = JSON.parse(
        storage?.getItem(PROVIDER_CONNECTIONS_KEY) ?? '[]',
      ) as MockProviderConnection[];
      for (const connection of saved) this.connections.set(connection.id, connection);
    } catch {
      // Storage from an older mock: start empty.
    }
  }

  list(): MockProviderConnection[] {
    return [...this.connections.values()];
  }

  get(id: string): MockProviderConnection | undefined {
    return this.connections.get(id);
  }

  put(connection: MockProviderConnection): void {
    this.connections.set(connection.id, connection);
    this.save();
  }

  delete(id: string): boolean {
    const had = this.connections.delete(id);
    if (had) this.save();
    return had;
  }

  private save(): void {
    this.storage?.setItem(PROVIDER_CONNECTIONS_KEY, JSON.stringify([...this.connections.values()]));
  }
}
