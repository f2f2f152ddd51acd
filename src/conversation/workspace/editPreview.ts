import { readAction, readObservation } from '../../agent-server/toolActions';
import { computeDiff, type DiffModel, type DiffRow } from './diffModel';

// What a file-editor call does to its file, shown as a diff: from the observation's whole file
// before and after when it is there (real line numbers), else from the action alone — which is
// all there is while the call waits for approval.

export type EditNote =
  | { kind: 'new-file' | 'create' | 'replace' | 'insert' | 'insert-top' | 'undo' }
  | { kind: 'insert-after'; line: number };

export interface EditPreview {
  path: string;
  command: string;
  /** What the edit is, said above the diff ("New file", "Insert after line 12"…). */
  note?: EditNote;
  diff: DiffModel;
  /** Line numbers are the file's own (false for a replacement known only from the action). */
  numbered: boolean;
  /** The whole file after the edit, where the result reports it: what the new numbers count. */
  after?: string;
}

export function editFromObservation(raw: unknown): EditPreview | undefined {
  const observation = readObservation(raw);
  if (observation.tool !== 'file-edit') return undefined;
  const before = observation.oldContent;
  const after = observation.newContent;
  const path = observation.path ?? '';
  const command = observation.command ?? 'edit';
  if (before === undefined && after === undefined) return undefined;
  const created = command === 'create' && !observation.existed;
  return {
    path,
    command,
    ...(created ? { note: { kind: 'new-file' } } : {}),
    diff: computeDiff(before ?? '', after ?? ''),
    numbered: true,
    ...(after !== undefined ? { after } : {}),
  };
}

export function editFromAction(raw: unknown): EditPreview | undefined {
  const action = readAction(raw);
  if (action?.tool !== 'file-edit') return undefined;
  const { path, command } = action;
  switch (command) {
    case 'create': {
      const text = action.fileText ?? '';
      return {
        path,
        command,
        note: { kind: 'create' },
        diff: computeDiff('', text),
        numbered: true,
      };
    }
    case 'str_replace': {
      const before = action.oldStr ?? '';
      const after = action.newStr ?? '';
      // Every line of both strings, not three around each change: this is the whole edit.
      return {
        path,
        command,
        note: { kind: 'replace' },
        diff: computeDiff(before, after, { context: Number.MAX_SAFE_INTEGER }),
        numbered: false,
      };
    }
    case 'insert': {
      const line = action.insertLine;
      const text = action.newStr ?? '';
      const lines = text.replace(/\n$/, '').split('\n');
      const rows: DiffRow[] = lines.map((content, i) => ({
        kind: 'add',
        text: content,
        ...(line !== undefined ? { newNumber: line + 1 + i } : {}),
      }));
      return {
        path,
        command,
        note:
          line === undefined
            ? { kind: 'insert' }
            : line === 0
              ? { kind: 'insert-top' }
              : { kind: 'insert-after', line },
        diff: { kind: 'text', rows, added: rows.length, removed: 0 },
        numbered: line !== undefined,
      };
    }
    case 'undo_edit':
      return {
        path,
        command,
        note: { kind: 'undo' },
        diff: { kind: 'identical' },
        numbered: false,
      };
    default:
      return undefined;
  }
}
