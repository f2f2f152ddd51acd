import { useRef, useState } from 'react';
import './attachments.css';
import { useT } from '../../i18n/i18n';
import 'virtual:tether-english/attachments';

// Images of a message as thumbnails; a click shows one full size in a modal dialog (the native
// <dialog>: focus stays inside, Esc closes it).

export function ImageGallery({
  urls,
  nameOf,
  onRemove,
}: {
  urls: readonly string[];
  /** An image's name, from its number (1 for the first): "Image 1 attached to the message". */
  nameOf: (number: number) => string;
  onRemove?: (index: number) => void;
}) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const [shown, setShown] = useState<number>();
  if (urls.length === 0) return null;
  const name = (i: number) => nameOf(i + 1);
  return (
    <div className="image-gallery">
      {urls.map((url, i) => (
        <div key={i} className="thumbnail">
          <button
            type="button"
            className="thumbnail-open"
            aria-label={t('attachments.enlarge', { number: i + 1 })}
            onClick={() => {
              setShown(i);
              dialog.current?.showModal();
            }}
          >
            <img src={url} alt={name(i)} />
          </button>
          {onRemove && (
            <button
              type="button"
              className="thumbnail-remove"
              aria-label={t('attachments.remove', { number: i + 1 })}
              onClick={() => onRemove(i)}
            >
              ×
            </button>
          )}
        </div>
      ))}
      <dialog
        ref={dialog}
        className="image-dialog"
        aria-label={shown === undefined ? t('attachments.image') : name(shown)}
        onClose={() => setShown(undefined)}
        // Esc closes the dialog, and only the dialog: the conversation must not take it as Stop.
        onKeyDown={(event) => event.key === 'Escape' && event.stopPropagation()}
        onClick={(event) => event.target === dialog.current && dialog.current.close()}
      >
        {shown !== undefined && <img src={urls[shown]} alt={name(shown)} />}
        <button type="button" onClick={() => dialog.current?.close()}>
          {t('attachments.close')}
        </button>
      </dialog>
    </div>
  );
}
