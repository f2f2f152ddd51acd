import { useRef, useState } from 'react';
import './attachments.css';

// Images of a message as thumbnails; a click shows one full size in a modal dialog (the native
// <dialog>: focus stays inside, Esc closes it).

export function ImageGallery({
  urls,
  label,
  onRemove,
}: {
  urls: readonly string[];
  /** What the images belong to, for their names: "attached to the message". */
  label: string;
  onRemove?: (index: number) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [shown, setShown] = useState<number>();
  if (urls.length === 0) return null;
  const name = (i: number) => `Image ${i + 1} ${label}`;
  return (
    <div className="image-gallery">
      {urls.map((url, i) => (
        <div key={i} className="thumbnail">
          <button
            type="button"
            className="thumbnail-open"
            aria-label={`Enlarge image ${i + 1}`}
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
              aria-label={`Remove image ${i + 1}`}
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
        aria-label={shown === undefined ? 'Image' : name(shown)}
        onClose={() => setShown(undefined)}
        // Esc closes the dialog, and only the dialog: the conversation must not take it as Stop.
        onKeyDown={(event) => event.key === 'Escape' && event.stopPropagation()}
        onClick={(event) => event.target === dialog.current && dialog.current.close()}
      >
        {shown !== undefined && <img src={urls[shown]} alt={name(shown)} />}
        <button type="button" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </dialog>
    </div>
  );
}
