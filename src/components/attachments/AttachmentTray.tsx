import { ImageGallery } from './ImageGallery';
import type { HeldImage, Upload } from './useAttachments';
import { useT } from '../../i18n/i18n';
import 'virtual:tether-english/attachments';

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
  const t = useT();
  return (
    <div className="attachment-tray">
      {notices.map((notice) => (
        <p key={notice} className="attach-notice" role="alert">
          {notice}
        </p>
      ))}
      <ImageGallery
        urls={images.map((i) => i.dataUrl)}
        nameOf={(number) => t('attachments.imageToSend', { number })}
        onRemove={onRemoveImage}
      />
      {uploads.map((upload) => (
        <div
          key={upload.id}
          className={`upload upload-${upload.state}`}
          role="group"
          aria-label={t('attachments.upload', { name: upload.name })}
        >
          <span>{upload.name}</span>
          {upload.state === 'uploading' ? (
            <>
              <progress
                max={upload.total || 1}
                value={upload.loaded}
                aria-label={t('attachments.uploading', { name: upload.name, path: upload.path })}
              />
              <button type="button" onClick={() => onCancelUpload(upload.id)}>
                {t('attachments.cancel')}
              </button>
            </>
          ) : (
            <>
              <span role="alert">{t('attachments.notUploaded', { problem: upload.error })}</span>
              <button type="button" onClick={() => onRetryUpload(upload.id)}>
                {t('attachments.retry')}
              </button>
              <button type="button" onClick={() => onCancelUpload(upload.id)}>
                {t('attachments.dismiss')}
              </button>
            </>
          )}
        </div>
      ))}
    </div>
  );
}
