import { useEffect, useMemo, useState } from 'react';
import { useFindFocus } from '../find/findFocus';
import { foldedHead } from './fold';
import { Markdown } from './Markdown';
import './fold.css';
import { useT } from '../../i18n/i18n';

/** A very long message's markdown: its head and a button for the rest. */
export default function LongMarkdown({ text }: { text: string }) {
  const t = useT();
  const head = useMemo(() => foldedHead(text), [text]);
  const [unfolded, setUnfolded] = useState(false);
  // Find jumped into this text: all of it is shown, so the match can be seen.
  const focus = useFindFocus();
  const found = focus !== null && focus.segment.where !== 'output' && focus.segment.text === text;
  // It stays open when Find moves on: the reader is somewhere in it.
  useEffect(() => {
    if (found) setUnfolded(true);
  }, [found]);
  if (head === undefined) return <Markdown text={text} />;
  const open = unfolded || found;
  return (
    <div className="folded-text">
      <Markdown text={open ? text : head} />
      <button
        type="button"
        className="link-button unfold"
        aria-expanded={open}
        onClick={() => setUnfolded(!open)}
      >
        {open ? t('markdown.showLess') : t('markdown.showAll', { count: text.length })}
      </button>
    </div>
  );
}
