import { describe, expect, it } from 'vitest';
import { reachableFrom } from './vscode';

describe('the VS Code address as the browser reaches it', () => {
  const address = 'http://localhost:8001/?tkn=t0k&folder=/work/my%20repo';

  it('stays as it is when the agent-server runs on this machine', () => {
    expect(reachableFrom(address, 'http://127.0.0.1:8000')).toBe(address);
    expect(reachableFrom(address, 'http://agents.localhost')).toBe(address);
  });

  it('takes the agent-server’s host when that is another machine, keeping port, token and folder', () => {
    expect(reachableFrom(address, 'https://agents.example.com')).toBe(
      'http://agents.example.com:8001/?tkn=t0k&folder=/work/my%20repo',
    );
  });

  it('leaves an address that already names a host alone', () => {
    expect(reachableFrom('https://vscode.example.com/?tkn=a', 'http://10.0.0.5:8000')).toBe(
      'https://vscode.example.com/?tkn=a',
    );
  });
});
