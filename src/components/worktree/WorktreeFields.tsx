import { useState } from 'react';
import type { WorktreeBase, WorktreeChoice } from '../../conversation/worktree/worktreeMode';
import { useT } from '../../i18n/i18n';
import 'virtual:tether-english/worktree';

// The new conversation's "in its own worktree" choice: off, or on with what the worktree starts
// from (the repository's default branch, its HEAD, or a branch, tag or commit named here).

export const WORKTREE_FIELD = 'worktree';
const BASE_FIELD = 'worktreeBase';
const REF_FIELD = 'worktreeRef';

/** The choice the form holds; undefined when the conversation shares the folder. */
export function readWorktreeChoice(form: FormData): WorktreeChoice | undefined {
  if (form.get(WORKTREE_FIELD) !== 'on') return undefined;
  const base = String(form.get(BASE_FIELD) ?? 'default_branch') as WorktreeBase;
  return base === 'ref' ? { base, ref: String(form.get(REF_FIELD) ?? '').trim() } : { base };
}

export function WorktreeFields({ problem }: { problem: string | undefined }) {
  const t = useT();
  const [on, setOn] = useState(false);
  const [base, setBase] = useState<WorktreeBase>('default_branch');
  return (
    <fieldset className="worktree-fields">
      <legend className="visually-hidden">{t('worktree.legend')}</legend>
      <label className="check">
        <input
          type="checkbox"
          name={WORKTREE_FIELD}
          checked={on}
          onChange={(event) => setOn(event.target.checked)}
          aria-describedby="worktree-hint"
        />
        {t('worktree.own')}
      </label>
      <p className="hint" id="worktree-hint">
        {t('worktree.hint')}
      </p>
      {on && (
        <>
          <label>
            {t('worktree.base')}
            <select
              name={BASE_FIELD}
              value={base}
              onChange={(event) => setBase(event.target.value as WorktreeBase)}
            >
              <option value="default_branch">{t('worktree.base.default')}</option>
              <option value="head">{t('worktree.base.head')}</option>
              <option value="ref">{t('worktree.base.ref')}</option>
            </select>
          </label>
          {base === 'ref' && (
            <label>
              {t('worktree.ref')}
              <input name={REF_FIELD} required autoComplete="off" spellCheck={false} />
            </label>
          )}
        </>
      )}
      {problem && (
        <p role="alert" className="error">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
