import './shortcuts.css';
import { useModalDialog } from '../useModalDialog';
import { SHORTCUTS } from './shortcutList';

/** The keyboard shortcuts as a modal dialog: shown when mounted, Esc or Close ends it. */
export default function ShortcutsSheet({ onClose }: { onClose: () => void }) {
  const dialog = useModalDialog(onClose);
  return (
    <dialog ref={dialog} className="shortcuts" aria-labelledby="shortcuts-title">
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      <dl>
        {SHORTCUTS.map(([keys, what]) => (
          <div key={keys}>
            <dt>
              <kbd>{keys}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <button type="button" onClick={() => dialog.current?.close()}>
        Close
      </button>
    </dialog>
  );
}
