import { describe, expect, it } from 'vitest';
import { MockWorkspace, WORKSPACE_ROOT } from './workspace';

describe('the mock workspace', () => {
  it('lists the seeded changes as the server does: quoted non-ASCII paths, binary sides', () => {
    const workspace = new MockWorkspace();
    const changes = workspace.changes(WORKSPACE_ROOT);
    expect(changes).toContainEqual({ status: 'UPDATED', path: 'parser.py' });
    expect(changes).toContainEqual({ status: 'DELETED', path: 'docs/old-guide.md' });
    expect(changes).toContainEqual({ status: 'ADDED', path: '"notes/r/303/251union du lundi.md"' });
    expect(workspace.changes('workspace')).toEqual(changes);
    expect(workspace.changes('/elsewhere')).toEqual([]);
    const binary = workspace.diff(`${WORKSPACE_ROOT}/logo.png`);
    expect(binary.modified).toBe('');
    expect(binary.original).toContain('\uFFFD');
  });

  it('keeps edits, uploads and commits in its storage', () => {
    const storage = new Map<string, string>();
    const asStorage = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    } as Storage;
    const first = new MockWorkspace(asStorage);
    first.write(`${WORKSPACE_ROOT}/README.md`, '# Project\n\n- more\n');
    first.write(`${WORKSPACE_ROOT}/up/photo.png`, new Uint8Array([0x89, 0, 1]));
    const made = first.commitAll('Save work', '2026-11-22T10:00:00+00:00');
    const again = new MockWorkspace(asStorage);
    expect(again.commitList(WORKSPACE_ROOT, 1).commits[0]).toEqual(made);
    expect(again.read(`${WORKSPACE_ROOT}/up/photo.png`)).toEqual(new Uint8Array([0x89, 0, 1]));
    expect(again.changes(WORKSPACE_ROOT)).toEqual([]);
    // A change after the commit stays a change after a reload: commits keep their own trees.
    again.write(`${WORKSPACE_ROOT}/README.md`, '# Project\n\n- more\n- again\n');
    expect(new MockWorkspace(asStorage).changes(WORKSPACE_ROOT)).toEqual([
      { status: 'UPDATED', path: 'README.md' },
    ]);
  });
});
