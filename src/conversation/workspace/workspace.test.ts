import { describe, expect, it } from 'vitest';
import { computeDiff, toSplitRows, type DiffRow } from './diffModel';
import { decodeGitPath, languageOf } from './gitPaths';
import { editFromAction, editFromObservation } from './editPreview';

const lines = (rows: DiffRow[]) =>
  rows.map((r) => (r.kind === 'hunk' ? r.header : `${{ add: '+', del: '-', same: ' ' }[r.kind]}${r.text}`));

describe('computeDiff', () => {
  it('gives hunks with the line numbers of each side and the counts', () => {
    const before = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].join('\n');
    const after = ['a', 'b', 'c', 'D', 'e', 'f', 'g', 'h', 'i'].join('\n');
    const diff = computeDiff(before, after, { context: 1 });
    expect(diff.kind).toBe('text');
    if (diff.kind !== 'text') return;
    expect(lines(diff.rows)).toEqual([
      '@@ -3,3 +3,3 @@',
      ' c',
      '-d',
      '+D',
      ' e',
      '@@ -8,1 +8,2 @@',
      ' h',
      '+i',
    ]);
    expect(diff.rows[2]).toMatchObject({ kind: 'del', oldNumber: 4 });
    expect(diff.rows[3]).toMatchObject({ kind: 'add', newNumber: 4 });
    expect([diff.added, diff.removed]).toEqual([2, 1]);
  });

  it('says binary, identical, and too large in so many words', () => {
    expect(computeDiff('\u0000PNG', '').kind).toBe('binary');
    expect(computeDiff('x\uFFFDy', 'x').kind).toBe('binary');
    expect(computeDiff('same', 'same\n').kind).toBe('identical');
    const many = (seed: number) =>
      Array.from({ length: 20_000 }, (_, i) => `${(i * seed) % 9973}`).join('\n');
    expect(computeDiff(many(7), many(13), { timeoutMs: 1 })).toMatchObject({
      kind: 'too-large',
      lines: 20_000,
    });
  });

  it('pairs removals with the additions after them, side by side', () => {
    const diff = computeDiff('a\nb\nc\nz', 'a\nB\nz');
    if (diff.kind !== 'text') throw new Error(diff.kind);
    const split = toSplitRows(diff.rows).filter((r) => r.kind === 'split');
    expect(split.map((r) => [r.left?.text, r.right?.text])).toEqual([
      ['a', 'a'],
      ['b', 'B'],
      ['c', undefined],
      ['z', 'z'],
    ]);
  });
});

describe('decodeGitPath', () => {
  it('decodes git’s quoted form, as the server rewrites it and as git writes it', () => {
    expect(decodeGitPath('"notes/r/303/251union du lundi.md"')).toBe('notes/réunion du lundi.md');
    expect(decodeGitPath('"notes/r\\303\\251union.md"')).toBe('notes/réunion.md');
    expect(decodeGitPath('"a\\"b\\\\c\\td"')).toBe('a"b\\c\td');
    expect(decodeGitPath('src/app.ts')).toBe('src/app.ts');
    // A folder named with low octal digits stays a folder.
    expect(decodeGitPath('"dir/123/caf/303/251"')).toBe('dir/123/café');
  });

  it('names the language of common files', () => {
    expect(languageOf('src/app.tsx')).toBe('typescript');
    expect(languageOf('Makefile')).toBe('makefile');
    expect(languageOf('data.bin')).toBeUndefined();
  });
});

describe('edit previews', () => {
  it('shows a pending replacement, creation and insertion from the action alone', () => {
    const replace = editFromAction({
      kind: 'FileEditorAction',
      command: 'str_replace',
      path: '/w/a.py',
      old_str: 'x = 1\ny = 2\nz = 3',
      new_str: 'x = 1\ny = 20\nz = 3',
    })!;
    expect(replace.numbered).toBe(false);
    if (replace.diff.kind !== 'text') throw new Error(replace.diff.kind);
    expect(lines(replace.diff.rows).slice(1)).toEqual([' x = 1', '-y = 2', '+y = 20', ' z = 3']);

    const create = editFromAction({
      kind: 'FileEditorAction',
      command: 'create',
      path: '/w/n.md',
      file_text: 'one\ntwo\n',
    })!;
    expect(create.diff).toMatchObject({ kind: 'text', added: 2, removed: 0 });

    const insert = editFromAction({
      kind: 'FileEditorAction',
      command: 'insert',
      path: '/w/a.py',
      insert_line: 12,
      new_str: 'import os\nimport sys',
    })!;
    expect(insert.note).toEqual({ kind: 'insert-after', line: 12 });
    if (insert.diff.kind !== 'text') throw new Error(insert.diff.kind);
    expect(insert.diff.rows.map((r) => r.kind !== 'hunk' && r.newNumber)).toEqual([13, 14]);
    expect(editFromAction({ kind: 'FileEditorAction', command: 'view', path: '/w' })).toBeUndefined();
  });

  it('uses the whole file from the observation, with real line numbers', () => {
    const edit = editFromObservation({
      kind: 'FileEditorObservation',
      command: 'str_replace',
      path: '/w/a.py',
      old_content: 'l1\nl2\nl3\nl4\nl5\nl6\nl7\nl8\n',
      new_content: 'l1\nl2\nl3\nl4\nl5\nl6\nL7\nl8\n',
    })!;
    if (edit.diff.kind !== 'text') throw new Error(edit.diff.kind);
    expect(edit.diff.rows.find((r) => r.kind === 'del')).toMatchObject({ oldNumber: 7, text: 'l7' });
  });
});
