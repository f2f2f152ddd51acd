import { isRecord } from '../../agent-server/protocol';
import { computeDiff, type DiffModel, type DiffRow } from './diffModel';

// What a file-editor call does to its file, shown as a diff: from the observation's whole file
// before and after when it is there (real line numbers), else from the action alone — which is
// all there is while the call waits for approval.

export interface EditPreview {
  path: string;
  command: string;
  /** Words above the diff: "New file", "Insert after line 12"… */
  note?: string;
  diff: DiffModel;
  /** Line numbers are the file's own (false for a replacement known only from the action). */
  numbered: boolean;
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export function editFromObservation(observation: unknown): EditPreview | undefined {
  if (!isRecord(observation) || observation.kind !== 'FileEditorObservation') return undefined;
  const before = str(observation.old_content);
  const after = str(observation.new_content);
  const path = str(observation.path) ?? '';
  const command = str(observation.command) ?? 'edit';
  if (before === undefined && after === undefined) return undefined;
  const created = command === 'create' && observation.prev_exist !== true;
  return {
    path,
    command,
    ...(created ? { note: 'New file' } : {}),
    diff: computeDiff(before ?? '', after ?? ''),
    numbered: true,
  };
}

export function editFromAction(action: unknown): EditPreview | undefined {
  if (!isRecord(action) || action.kind !== 'FileEditorAction') return undefined;
  const path = str(action.path) ?? '';
  const command = str(action.command) ?? '';
  switch (command) {
    case 'create': {
      const text = str(action.file_text) ?? '';
      return {
        path,
        command,
        note: 'New file (replaces the file if it exists)',
        diff: computeDiff('', text),
        numbered: true,
      };
    }
    case 'str_replace': {
      const before = str(action.old_str) ?? '';
      const after = str(action.new_str) ?? '';
      // Every line of both strings, not three around each change: this is the whole edit.
      return {
        path,
        command,
        note: 'Replace',
        diff: computeDiff(before, after, { context: Number.MAX_SAFE_INTEGER }),
        numbered: false,
      };
    }
    case 'insert': {
      const line = typeof action.insert_line === 'number' ? action.insert_line : undefined;
      const text = str(action.new_str) ?? '';
      const lines = text.replace(/\n$/, '').split('\n');
      const rows: DiffRow[] = lines.map((content, i) => ({
        kind: 'add',
        text: content,
        ...(line !== undefined ? { newNumber: line + 1 + i } : {}),
      }));
      return {
        path,
        command,
        note: line === undefined ? 'Insert' : line === 0 ? 'Insert at the top' : `Insert after line ${line}`,
        diff: { kind: 'text', rows, added: rows.length, removed: 0 },
        numbered: line !== undefined,
      };
    }
    case 'undo_edit':
      return {
        path,
        command,
        note: 'Undo the last edit of this file',
        diff: { kind: 'identical' },
        numbered: false,
      };
    default:
      return undefined;
  }
}
