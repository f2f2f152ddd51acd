import './shortcuts.css';
import { useModalDialog } from '../useModalDialog';
import { keyWords, SHORTCUTS } from './shortcutList';
import { useT } from '../../i18n/i18n';
import 'virtual:tether-english/shortcuts';

/** The keyboard shortcuts as a modal dialog: shown when mounted, Esc or Close ends it. */
export default function ShortcutsSheet({ onClose }: { onClose: () => void }) {
  const t = useT();
  const dialog = useModalDialog(onClose);
  return (
    <dialog ref={dialog} className="shortcuts" aria-labelledby="shortcuts-title">
      <h2 id="shortcuts-title">{t('shortcuts.title')}</h2>
      <dl>
        {SHORTCUTS.map(([keys, what]) => (
          <div key={keys}>
            <dt>
              <kbd>{t(keyWords(keys))}</kbd>
            </dt>
            <dd>{t(what)}</dd>
          </div>
        ))}
      </dl>
      <button type="button" onClick={() => dialog.current?.close()}>
        {t('shortcuts.closeButton')}
      </button>
    </dialog>
  );
}
