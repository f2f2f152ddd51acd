import { describe, expect, it } from 'vitest';
import { MockWorkspace, PARSER_SOURCE, WORKSPACE_ROOT, WORKTREE_ROOT } from './workspace';

/** A Storage in memory, as a page's localStorage keeps the mock's workspace across a reload. */
function memoryStorage(): Storage {
  const storage = new Map<string, string>();
  return {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  } as Storage;
}

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
    const asStorage = memoryStorage();
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

  it('makes a conversation a worktree of its own, apart from the repository and the others, kept', () => {
    const asStorage = memoryStorage();
    const workspace = new MockWorkspace(asStorage);
    const one = workspace.addWorktree('workspace', 'c-1', 'tether/c-1', 'HEAD')!;
    const two = workspace.addWorktree(`${WORKSPACE_ROOT}/src`, 'c-2', 'tether/c-2', 'a7c3e9f')!;
    expect(one).toBe(`${WORKTREE_ROOT}/c-1/workspace`);
    expect(two).toBe(`${WORKTREE_ROOT}/c-2/workspace/src`);
    // A worktree starts from its commit, without the repository's uncommitted work.
    expect(workspace.changes(one)).toEqual([]);
    expect(workspace.read(`${one}/parser.py`)).toEqual(new TextEncoder().encode(PARSER_SOURCE));
    expect(workspace.commitList(two, 5).commits.map((c) => c.subject)).toEqual([
      'Add a parser test',
      'Initial commit',
    ]);
    expect(workspace.branchAt(one)).toBe('tether/c-1');
    expect(workspace.branchAt(WORKSPACE_ROOT)).toBe('main');

    workspace.write(`${one}/README.md`, '# Project\n\n- one\n');
    expect(workspace.read(`${WORKSPACE_ROOT}/README.md`)).toEqual(new TextEncoder().encode('# Project\n'));
    workspace.commitAll('One', '2026-11-22T10:00:00+00:00', one);
    // Its Changes are against the commit it started from: committed work still shows.
    expect(workspace.changes(one)).toEqual([{ status: 'UPDATED', path: 'README.md' }]);
    expect(workspace.commitList(WORKSPACE_ROOT, 1).commits[0]?.subject).toBe('Document add()');

    const again = new MockWorkspace(asStorage);
    expect(again.commitList(one, 1).commits[0]?.subject).toBe('One');
    expect(again.read(`${one}/README.md`)).toEqual(new TextEncoder().encode('# Project\n\n- one\n'));
    expect(again.branchAt(two)).toBe('tether/c-2');
    again.removeWorktree('c-1');
    expect(new MockWorkspace(asStorage).isRepository(one)).toBe(false);
  });

  it('makes none for a folder outside the repository, and refuses a start git cannot find', () => {
    const workspace = new MockWorkspace();
    expect(workspace.addWorktree('/elsewhere', 'c-1', 'tether/c-1', 'main')).toBeUndefined();
    expect(() => workspace.addWorktree(WORKSPACE_ROOT, 'c-1', 'tether/c-1', 'nope')).toThrow(
      'fatal: invalid reference: nope',
    );
  });
});
