import type { TurnFileChange } from './turnChanges';

// Putting a turn's files back to how they were before it: only the files the turn changed, and
// only where they are still as the turn left them. A file changed since (by a later turn, a
// command, a person) is left alone and said so: putting it back would undo work the turn did not
// do.

export type RestoreStep =
  /** Write the text the file had before the turn. */
  | { kind: 'write'; path: string; text: string; now: string }
  /** The turn created the file: remove it. */
  | { kind: 'remove'; path: string; now: string };

export interface RestoreSkip {
  path: string;
  /** `changed`: it is no longer as the turn left it; `gone`: it is no longer there. */
  why: 'changed' | 'gone';
}

export interface RestorePlan {
  steps: RestoreStep[];
  skipped: RestoreSkip[];
}

/** `current`: each changed file's text now, null where it is not there. */
export function restorePlan(
  files: readonly TurnFileChange[],
  current: ReadonlyMap<string, string | null>,
): RestorePlan {
  const steps: RestoreStep[] = [];
  const skipped: RestoreSkip[] = [];
  for (const file of files) {
    const now = current.get(file.path);
    if (now === undefined) continue;
    if (now === null) {
      // Created by the turn and removed since: already as before the turn.
      if (file.before !== null) skipped.push({ path: file.path, why: 'gone' });
      continue;
    }
    if (now !== file.after) skipped.push({ path: file.path, why: 'changed' });
    else if (file.before === null) steps.push({ kind: 'remove', path: file.path, now });
    else steps.push({ kind: 'write', path: file.path, text: file.before, now });
  }
  return { steps, skipped };
}

/** After the steps: each file as it should be (the text before the turn, or not there). */
export function restoredAsPlanned(
  steps: readonly RestoreStep[],
  after: ReadonlyMap<string, string | null>,
): string[] {
  return steps
    .filter((step) => after.get(step.path) !== (step.kind === 'write' ? step.text : null))
    .map((step) => step.path);
}
