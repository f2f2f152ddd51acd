import type { GitChange, GitCommit, GitDiff } from '../src/agent-server/workspace';

// The mock agent-server's workspace: one small git repository at /workspace, as a conversation
// created with working_dir "workspace" sees it on a server started in "/". It answers the git
// and file routes the way the real server's git_router.py and file_router.py do (statuses,
// whole-text diffs without the last newline, binary sides decoded with replacement characters,
// an empty list for a folder that is not a repository). Changes since seeding are kept in a
// Storage, so a reload finds the same files.

export const WORKSPACE_ROOT = '/workspace';

/** A text made only when first read: the 50,000-line file alone cost every page 14 ms to make. */
interface LaterText {
  readonly later: () => string;
}
type Body = string | Uint8Array | LaterText;

function later(make: () => string): LaterText {
  let made: string | undefined;
  return { later: () => (made ??= make()) };
}

/** A body as its bytes or text, made now if it was left for later. */
function now(body: Body): string | Uint8Array {
  return typeof body === 'string' || body instanceof Uint8Array ? body : body.later();
}

interface Commit extends GitCommit {
  tree: Map<string, Body>;
}

export const PARSER_SOURCE = `def parse_header(line):
    key, value = line.split(":")
    return key.strip(), value.strip()
`;
export const PARSER_FIXED = `def parse_header(line):
    key, value = line.split(":", 1)
    return key.strip(), value.strip()
`;

/** Small real PNGs (16×16, one colour each): binary for git, an image for the file viewer. */
const PNGS = [
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGPQz39LEmIY1TCqYfhqAABAdIsQLmoevAAAAABJRU5ErkJggg==',
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGOQrrcmCTGMahjVMHw1AAAeKtUBFtiGjwAAAABJRU5ErkJggg==',
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGPYoixBEmIY1TCqYfhqAACsgu8BmFRmEAAAAABJRU5ErkJggg==',
];
const png = (index: number) => fromBase64(PNGS[index]!);

/** Over the server's 1 MB limit for a diff: read through the file viewer, cut at 1 MB. */
export const LARGE_LOG_BYTES = 1_200_000;
// The two large files are made once per page, not once per mock (three start with every page),
// and only when first read: the mocks' working trees share one deferred text of each.
const LOG_LINE = 'INFO build step finished without warnings\n';
const largeLog = later(() =>
  LOG_LINE.repeat(Math.ceil(LARGE_LOG_BYTES / LOG_LINE.length)).slice(0, LARGE_LOG_BYTES),
);

/** 50,000 lines: a diff that must be drawn without freezing the page. */
export const LARGE_FILE_LINES = 50_000;
const largeCsv = later(
  () =>
    [
      'time,value',
      ...Array.from({ length: LARGE_FILE_LINES - 1 }, (_, i) => `${i},${(i * 7919) % 1000}`),
    ].join('\n') + '\n',
);

const APP_SOURCE = `export function greet(name: string): string {
  return \`Hello, \${name}!\`;
}

export function add(a: number, b: number): number {
  return a + b;
}
`;

function seedCommits(): Commit[] {
  const first = new Map<string, Body>([
    ['README.md', '# Project\n'],
    ['parser.py', PARSER_SOURCE],
    ['src/app.ts', APP_SOURCE],
    ['docs/old-guide.md', '# Old guide\n\nRead me first.\n'],
    ['logo.png', png(0)],
  ]);
  const second = new Map(first);
  second.set(
    'tests/test_parser.py',
    'from parser import parse_header\n\n\ndef test_simple():\n    assert parse_header("a: b") == ("a", "b")\n',
  );
  const third = new Map(second);
  third.set('src/app.ts', APP_SOURCE.replace('a + b', 'a + b; // sums'));
  return [
    commit('5e1f0c2a9d8b7e6f5a4b3c2d1e0f9a8b7c6d5e4f', 'Initial commit', '2026-11-18T10:00:00+00:00', first),
    commit(
      'a7c3e9f1b2d4c6e8a0b1c3d5e7f9a2b4c6d8e0f1',
      'Add a parser test',
      '2026-11-19T11:30:00+00:00',
      second,
    ),
    commit('c0ffee1234567890abcdef1234567890abcdef12', 'Document add()', '2026-11-19T15:45:00+00:00', third),
  ];
}

function commit(sha: string, subject: string, timestamp: string, tree: Map<string, Body>): Commit {
  return { sha, short_sha: sha.slice(0, 7), subject, author: 'Ada Lovelace', timestamp, tree };
}

function seedWorkingTree(head: Map<string, Body>): Map<string, Body> {
  const tree = new Map(head);
  tree.set('parser.py', PARSER_FIXED);
  tree.delete('docs/old-guide.md');
  tree.set('notes/réunion du lundi.md', '# Réunion\n\n- relire le parseur\n- écrire les tests\n');
  tree.set('logo.png', png(1));
  tree.set('assets/icon.bin', png(2));
  tree.set('logs/build.log', largeLog);
  tree.set('data/measurements.csv', largeCsv);
  return tree;
}

/** One working tree and the commits of its branch: the repository's own, or a worktree's. */
interface Tree {
  /** Where it is on the server. */
  root: string;
  branch: string;
  commits: Commit[];
  working: Map<string, Body>;
  /** Commits made after seeding on this tree (rebuilt from their saved trees when restored). */
  made: { sha: string; subject: string; timestamp: string }[];
  /** A worktree's: the commit it started from, which its Changes are against (the fork point). */
  forkedFrom?: string;
}

interface SavedCommits {
  /** The working tree, as it differs from the seeded one. */
  working: SavedTree;
  /** Commits made after seeding, each tree as it differs from the seeded working tree. */
  commits: { sha: string; subject: string; timestamp: string; tree: SavedTree }[];
}

interface Saved extends SavedCommits {
  version: 2 | 3;
  /** Since version 3: the conversations' worktrees. */
  worktrees?: (SavedCommits & { root: string; branch: string; forkedFrom: string })[];
}

const STORAGE_KEY = 'tether.mock-workspace';

/** Where the server makes conversations' worktrees when not told (OH_CONVERSATION_WORKTREE_ROOT). */
export const WORKTREE_ROOT = '/tmp/conversation-worktrees';

export class MockWorkspace {
  private main: Tree;
  /** The conversations' worktrees, by their root. */
  private readonly worktrees = new Map<string, Tree>();

  constructor(private readonly storage?: Storage) {
    const commits = seedCommits();
    this.main = {
      root: WORKSPACE_ROOT,
      branch: 'main',
      commits,
      working: seedWorkingTree(commits.at(-1)!.tree),
      made: [],
    };
    this.restore();
  }

  /** The tree holding a path as the server resolves it (relative to its working directory "/"). */
  private locate(path: string): { tree: Tree; relative: string } | undefined {
    const absolute = path.startsWith('/') ? path : `/${path}`;
    const normal = absolute.replace(/\/+$/, '');
    for (const tree of [this.main, ...this.worktrees.values()]) {
      if (normal === tree.root) return { tree, relative: '' };
      if (normal.startsWith(`${tree.root}/`)) return { tree, relative: normal.slice(tree.root.length + 1) };
    }
    return undefined;
  }

  private static head(tree: Tree): Map<string, Body> {
    return tree.commits.at(-1)?.tree ?? new Map();
  }

  /** What a tree's Changes are against: HEAD, or for a worktree the commit it started from. */
  private base(tree: Tree): Map<string, Body> {
    const fork = tree.forkedFrom && tree.commits.find((c) => c.sha === tree.forkedFrom);
    return fork ? fork.tree : MockWorkspace.head(tree);
  }

  isRepository(path: string): boolean {
    return this.locate(path) !== undefined;
  }

  /** Changes under `repository`, paths relative to it; [] for a folder outside the repository. */
  changes(repository: string): GitChange[] {
    const found = this.locate(repository);
    if (!found) return [];
    const { tree, relative: base } = found;
    const against = this.base(tree);
    const prefix = base ? `${base}/` : '';
    const out: GitChange[] = [];
    const paths = [...new Set([...against.keys(), ...tree.working.keys()])].sort();
    for (const path of paths) {
      if (!path.startsWith(prefix)) continue;
      const before = against.get(path);
      const after = tree.working.get(path);
      const status =
        before === undefined
          ? 'ADDED'
          : after === undefined
            ? 'DELETED'
            : sameBody(before, after)
              ? null
              : 'UPDATED';
      if (!status) continue;
      const shown = asWirePath(path.slice(prefix.length));
      // Untracked files come from `git ls-files` (one per line); tracked changes from
      // `git diff --name-status`, whose lines the server splits on any whitespace.
      if (status !== 'ADDED') failOnWhitespace(status, shown);
      out.push({ status, path: shown });
    }
    return out;
  }

  /** As get_git_diff: throws a message for the 400 the server would answer. */
  diff(path: string, commitSha?: string): GitDiff {
    const found = this.locate(path);
    if (!found) return { modified: null, original: null };
    const { tree, relative } = found;
    if (commitSha) {
      const index = findCommit(tree, commitSha);
      if (index < 0) throw new Error(`Git command failed: git rev-parse --verify ${commitSha}^{commit}`);
      return {
        original: asText(tree.commits[index - 1]?.tree.get(relative)),
        modified: asText(tree.commits[index]!.tree.get(relative)),
      };
    }
    const before = this.base(tree).get(relative);
    const working = tree.working.get(relative);
    const after = working === undefined ? undefined : now(working);
    if (before === undefined && after === undefined)
      throw new Error(`File does not exist: ${tree.root}/${relative}`);
    if (after !== undefined && size(after) > 1024 * 1024)
      throw new Error(`File too large for git diff: ${size(after)} bytes (max: 1048576 bytes)`);
    // The working side is read as UTF-8 text: a binary file reads as "" (UnicodeDecodeError).
    const modified = after === undefined || typeof after !== 'string' ? '' : withoutFinalNewline(after);
    return { original: asText(before), modified };
  }

  commitList(repository: string, limit: number): { commits: GitCommit[]; has_more: boolean } {
    const tree = this.locate(repository)?.tree;
    if (!tree) return { commits: [], has_more: false };
    const newestFirst = [...tree.commits].reverse().map(withoutTree);
    return { commits: newestFirst.slice(0, limit), has_more: newestFirst.length > limit };
  }

  /** Throws for an unknown commit (the server's 400); [] for a folder outside the repository. */
  commitChanges(repository: string, sha: string): GitChange[] {
    const tree = this.locate(repository)?.tree;
    if (!tree) return [];
    const index = findCommit(tree, sha);
    if (index < 0) throw new Error(`Git command failed: git rev-parse --verify ${sha}^{commit}`);
    const before = tree.commits[index - 1]?.tree ?? new Map<string, Body>();
    const after = tree.commits[index]!.tree;
    const out: GitChange[] = [];
    for (const path of [...new Set([...before.keys(), ...after.keys()])].sort()) {
      const a = before.get(path);
      const b = after.get(path);
      const status =
        a === undefined ? 'ADDED' : b === undefined ? 'DELETED' : sameBody(a, b) ? null : 'UPDATED';
      if (!status) continue;
      failOnWhitespace(status, asWirePath(path));
      out.push({ status, path: asWirePath(path) });
    }
    return out;
  }

  read(path: string): Uint8Array | undefined {
    const found = this.locate(path);
    const kept = found?.tree.working.get(found.relative);
    if (kept === undefined) return undefined;
    const body = now(kept);
    return typeof body === 'string' ? new TextEncoder().encode(body) : body;
  }

  /** The names in a folder of the working tree (a folder ends in "/"); undefined for none there. */
  list(path: string): string[] | undefined {
    const found = this.locate(path);
    if (!found) return undefined;
    const { tree, relative } = found;
    const prefix = relative ? `${relative}/` : '';
    const names = new Set<string>();
    for (const file of tree.working.keys()) {
      if (!file.startsWith(prefix)) continue;
      const [name, ...below] = file.slice(prefix.length).split('/');
      names.add(below.length ? `${name}/` : name!);
    }
    return names.size || relative === '' ? [...names].sort() : undefined;
  }

  /** The file editor, an upload: a file under a working tree is written (elsewhere: ignored). */
  write(path: string, body: string | Uint8Array): boolean {
    const found = this.locate(path);
    if (!found || found.relative === '') return false;
    found.tree.working.set(found.relative, body);
    this.save();
    return true;
  }

  /** `rm`: a file under a working tree is removed; false when there was none. */
  remove(path: string): boolean {
    const found = this.locate(path);
    if (!found || !found.tree.working.delete(found.relative)) return false;
    this.save();
    return true;
  }

  /** The branch checked out where `path` is (`git rev-parse --abbrev-ref HEAD`). */
  branchAt(path: string = WORKSPACE_ROOT): string | undefined {
    return this.locate(path)?.tree.branch;
  }

  /** The root of the working tree holding `path` (`git rev-parse --show-toplevel`). */
  rootOf(path: string = WORKSPACE_ROOT): string | undefined {
    return this.locate(path)?.tree.root;
  }

  /** HEAD's short sha where `path` is (`git rev-parse --short HEAD`). */
  headShortSha(path: string = WORKSPACE_ROOT): string {
    const tree = this.locate(path)?.tree ?? this.main;
    return tree.commits.at(-1)?.short_sha ?? '0000000';
  }

  /** Whether the working tree differs from HEAD: what `git add -A && git commit` would take. */
  isDirty(path: string = WORKSPACE_ROOT): boolean {
    const tree = this.locate(path)?.tree ?? this.main;
    const head = MockWorkspace.head(tree);
    const paths = new Set([...head.keys(), ...tree.working.keys()]);
    return [...paths].some((file) => {
      const before = head.get(file);
      const after = tree.working.get(file);
      return before === undefined || after === undefined || !sameBody(before, after);
    });
  }

  /** `git add -A && git commit -m subject`, on the branch checked out where `path` is. */
  commitAll(subject: string, timestamp: string, path: string = WORKSPACE_ROOT): GitCommit {
    const tree = this.locate(path)?.tree ?? this.main;
    const sha = hexId(`${tree.root}${subject}${timestamp}${tree.commits.length}`);
    const made = commit(sha, subject, timestamp, new Map(tree.working));
    tree.commits.push(made);
    tree.made.push({ sha, subject, timestamp });
    this.save();
    return withoutTree(made);
  }

  /**
   * `git worktree add -b <branch> <WORKTREE_ROOT>/<conversation>/workspace <start>` of the
   * repository holding `folder`, as the server makes one for a conversation; the folder's place
   * in it, which becomes the conversation's working_dir. Undefined for a folder outside the
   * repository (the server then starts the conversation in the folder, without a word); throws
   * git's words for a start it cannot find.
   */
  addWorktree(folder: string, conversationId: string, branch: string, start: string): string | undefined {
    const found = this.locate(folder);
    if (!found || found.tree !== this.main) return undefined;
    const index = start === 'HEAD' ? this.main.commits.length - 1 : startIndex(this.main, start);
    if (index < 0) throw new Error(`fatal: invalid reference: ${start}`);
    const fork = this.main.commits[index]!;
    const root = `${WORKTREE_ROOT}/${conversationId}/workspace`;
    this.worktrees.set(root, {
      root,
      branch,
      commits: this.main.commits.slice(0, index + 1),
      working: new Map(fork.tree),
      made: [],
      forkedFrom: fork.sha,
    });
    this.save();
    return found.relative ? `${root}/${found.relative}` : root;
  }

  /** The conversation is deleted: its worktree goes (its branch's commits with it, in the mock). */
  removeWorktree(conversationId: string): void {
    if (this.worktrees.delete(`${WORKTREE_ROOT}/${conversationId}/workspace`)) this.save();
  }

  /** A path the mock's scripted agent names in the repository, in the working tree of `workingDir`. */
  inWorkingTree(path: string, workingDir: string): string {
    const root = this.rootOf(workingDir);
    return root &&
      root !== WORKSPACE_ROOT &&
      (path === WORKSPACE_ROOT || path.startsWith(`${WORKSPACE_ROOT}/`))
      ? `${root}${path.slice(WORKSPACE_ROOT.length)}`
      : path;
  }

  private save(): void {
    if (!this.storage) return;
    const seeded = seedWorkingTree(seedCommits().at(-1)!.tree);
    const saved: Saved = {
      version: 3,
      ...savedCommits(this.main, seeded),
      worktrees: [...this.worktrees.values()].map((tree) => ({
        root: tree.root,
        branch: tree.branch,
        forkedFrom: tree.forkedFrom!,
        ...savedCommits(tree, seeded),
      })),
    };
    try {
      this.storage.setItem(STORAGE_KEY, JSON.stringify(saved));
    } catch {
      // Storage full: the workspace still works, only a reload forgets it.
    }
  }

  private restore(): void {
    const raw = this.storage?.getItem(STORAGE_KEY);
    if (!raw) return;
    try {
      const saved = JSON.parse(raw) as Saved;
      if (saved.version !== 2 && saved.version !== 3) return;
      const seeded = seedWorkingTree(seedCommits().at(-1)!.tree);
      restoreCommits(this.main, saved, seeded);
      for (const worktree of saved.worktrees ?? []) {
        const index = this.main.commits.findIndex((c) => c.sha === worktree.forkedFrom);
        if (index < 0) continue;
        const tree: Tree = {
          root: worktree.root,
          branch: worktree.branch,
          commits: this.main.commits.slice(0, index + 1),
          working: new Map(),
          made: [],
          forkedFrom: worktree.forkedFrom,
        };
        restoreCommits(tree, worktree, seeded);
        this.worktrees.set(tree.root, tree);
      }
    } catch {
      this.storage?.removeItem(STORAGE_KEY);
    }
  }
}

function findCommit(tree: Tree, sha: string): number {
  return tree.commits.findIndex((c) => c.sha.startsWith(sha.toLowerCase()));
}

/** A worktree's start: a branch (the repository's one, `main`) or a commit. */
function startIndex(tree: Tree, start: string): number {
  if (start === tree.branch) return tree.commits.length - 1;
  return /^[0-9a-f]{4,40}$/i.test(start) ? findCommit(tree, start) : -1;
}

function savedCommits(tree: Tree, seeded: Map<string, Body>): SavedCommits {
  return {
    working: treeChanges(seeded, tree.working),
    commits: tree.made.map((made) => ({
      ...made,
      tree: treeChanges(seeded, tree.commits.find((c) => c.sha === made.sha)!.tree),
    })),
  };
}

function restoreCommits(tree: Tree, saved: SavedCommits, seeded: Map<string, Body>): void {
  for (const made of saved.commits) {
    tree.commits.push(commit(made.sha, made.subject, made.timestamp, applyChanges(seeded, made.tree)));
    tree.made.push({ sha: made.sha, subject: made.subject, timestamp: made.timestamp });
  }
  tree.working = applyChanges(seeded, saved.working);
}

type SavedTree = [string, string | { base64: string } | null][];

/** How `tree` differs from `base`: changed or added files, and null for a deleted one. */
function treeChanges(base: Map<string, Body>, tree: Map<string, Body>): SavedTree {
  const out: SavedTree = [];
  for (const [path, kept] of tree) {
    const before = base.get(path);
    if (before !== undefined && sameBody(before, kept)) continue;
    const body = now(kept);
    out.push([path, typeof body === 'string' ? body : { base64: toBase64(body) }]);
  }
  for (const path of base.keys()) if (!tree.has(path)) out.push([path, null]);
  return out;
}

function applyChanges(base: Map<string, Body>, changes: SavedTree): Map<string, Body> {
  const tree = new Map(base);
  for (const [path, body] of changes) {
    if (body === null) tree.delete(path);
    else tree.set(path, typeof body === 'string' ? body : fromBase64(body.base64));
  }
  return tree;
}

/**
 * The server's `_parse_name_status` splits each line on whitespace: a tracked path with a space
 * fails the whole list with a 400 (openhands-sdk 1.57–1.58; see docs/agent-server-notes.md).
 */
function failOnWhitespace(status: string, path: string): void {
  if (/\s/.test(path)) {
    const code = status === 'DELETED' ? 'D' : status === 'ADDED' ? 'A' : 'M';
    throw new Error(`Unexpected git diff output format: ${code}\t${path}`);
  }
}

/**
 * A path as the server sends it: git's quoted form, then every backslash turned into a slash by
 * GitChange's path serialiser (to_posix_path), so "é" arrives as "/303/251".
 */
function asWirePath(path: string): string {
  return gitQuote(path).replaceAll('\\', '/');
}

/** Git's core.quotePath: a path with bytes outside printable ASCII is C-quoted with octal escapes. */
function gitQuote(path: string): string {
  const bytes = new TextEncoder().encode(path);
  if (bytes.every((byte) => byte >= 0x20 && byte < 0x7f && byte !== 0x22 && byte !== 0x5c)) return path;
  let out = '"';
  for (const byte of bytes) {
    if (byte === 0x22 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte === 0x09) out += '\\t';
    else if (byte === 0x0a) out += '\\n';
    else if (byte < 0x20 || byte >= 0x7f) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(byte);
  }
  return `${out}"`;
}

function withoutTree(commit: Commit): GitCommit {
  const { sha, short_sha, subject, author, timestamp } = commit;
  return { sha, short_sha, subject, author, timestamp };
}

function size(kept: Body): number {
  const body = now(kept);
  return typeof body === 'string' ? new TextEncoder().encode(body).length : body.length;
}

function sameBody(keptA: Body, keptB: Body): boolean {
  // The seeded large file is one object in every tree that kept it: no need to make it to compare.
  if (keptA === keptB) return true;
  const a = now(keptA);
  const b = now(keptB);
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** `git show rev:path` read with errors="replace", without the last newline. */
function asText(kept: Body | undefined): string {
  if (kept === undefined) return '';
  const body = now(kept);
  if (typeof body === 'string') return withoutFinalNewline(body);
  return new TextDecoder('utf-8', { fatal: false }).decode(body);
}

function withoutFinalNewline(text: string): string {
  return text.split(/\r?\n/).join('\n').replace(/\n$/, '');
}

function hexId(seed: string): string {
  let h1 = 0x811c9dc5;
  let out = '';
  for (let round = 0; out.length < 40; round++) {
    for (const char of `${seed}:${round}`) h1 = Math.imul(h1 ^ char.charCodeAt(0), 0x01000193) >>> 0;
    out += h1.toString(16).padStart(8, '0');
  }
  return out.slice(0, 40);
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}
