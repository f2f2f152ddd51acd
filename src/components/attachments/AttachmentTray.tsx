import { ImageGallery } from './ImageGallery';
import type { HeldImage, Upload } from './useAttachments';

export default function AttachmentTray({
  images,
  uploads,
  notices,
  onRemoveImage,
  onRetryUpload,
  onCancelUpload,
}: {
  images: HeldImage[];
  uploads: Upload[];
  notices: string[];
  onRemoveImage: (index: number) => void;
  onRetryUpload: (id: number) => void;
  onCancelUpload: (id: number) => void;
}) {
  return (
    <div className="attachment-tray">
      {notices.map((notice) => (
        <p key={notice} className="attach-notice" role="alert">
          {notice}
        </p>
      ))}
      <ImageGallery urls={images.map((i) => i.dataUrl)} label="to send" onRemove={onRemoveImage} />
      {uploads.map((upload) => (
        <div
          key={upload.id}
          className={`upload upload-${upload.state}`}
          role="group"
          aria-label={`Upload of ${upload.name}`}
        >
          <span>{upload.name}</span>
          {upload.state === 'uploading' ? (
            <>
              <progress
                max={upload.total || 1}
                value={upload.loaded}
                aria-label={`Uploading ${upload.name} to ${upload.path}`}
              />
              <button type="button" onClick={() => onCancelUpload(upload.id)}>
                Cancel
              </button>
            </>
          ) : (
            <>
              <span role="alert">Not uploaded: {upload.error}</span>
              <button type="button" onClick={() => onRetryUpload(upload.id)}>
                Retry
              </button>
              <button type="button" onClick={() => onCancelUpload(upload.id)}>
                Dismiss
              </button>
            </>
          )}
        </div>
      ))}
    </div>
  );
}
