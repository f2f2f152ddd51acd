import { t } from '../i18n/i18n';
import { formatNumber } from '../i18n/format';
import 'virtual:tether-english/attachments';
import { isAbsolutePath } from './workspace/gitPaths';

// What may go with a message: images travel inside it (ImageContent, as data URLs), other files
// are uploaded into the workspace and named in the text. Pure rules and their words.

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGES = 10;
/** The image types vision models take. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
/** Uploads into the workspace; bigger files are better copied there another way. */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

export interface Candidate {
  name: string;
  type: string;
  size: number;
}

export type Sorted<T extends Candidate> = {
  images: T[];
  uploads: T[];
  refused: { name: string; reason: string }[];
};

function megabytes(bytes: number): string {
  const digits = bytes < 10 * 1024 * 1024 ? 1 : 0;
  return formatNumber(bytes / 1024 / 1024, {
    style: 'unit',
    unit: 'megabyte',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

/** Splits what the person dropped, pasted or picked into images, uploads and refusals with reasons. */
export function sortAttachments<T extends Candidate>(files: readonly T[], imagesHeld: number): Sorted<T> {
  const sorted: Sorted<T> = { images: [], uploads: [], refused: [] };
  for (const file of files) {
    const label = file.name || t('attachments.pastedImage');
    if (file.type.startsWith('image/')) {
      if (!IMAGE_TYPES.includes(file.type))
        sorted.refused.push({
          name: label,
          reason: t('attachments.wrongType', { name: label, type: file.type.slice(6).toUpperCase() }),
        });
      else if (file.size > MAX_IMAGE_BYTES)
        sorted.refused.push({
          name: label,
          reason: t('attachments.imageTooBig', {
            name: label,
            size: megabytes(file.size),
            limit: megabytes(MAX_IMAGE_BYTES),
          }),
        });
      else if (imagesHeld + sorted.images.length >= MAX_IMAGES)
        sorted.refused.push({
          name: label,
          reason: t('attachments.tooMany', { name: label, limit: MAX_IMAGES }),
        });
      else sorted.images.push(file);
    } else if (file.size > MAX_UPLOAD_BYTES) {
      sorted.refused.push({
        name: label,
        reason: t('attachments.uploadTooBig', {
          name: label,
          size: megabytes(file.size),
          limit: megabytes(MAX_UPLOAD_BYTES),
        }),
      });
    } else sorted.uploads.push(file);
  }
  return sorted;
}

/** Why an image taken in is not in the message: the browser could not read it. */
export const unreadable = (name: string): string =>
  t('attachments.unreadable', { name: name || t('attachments.pastedImage') });

/** Where an uploaded file goes: an uploads folder in the workspace, so nothing there is overwritten. */
export function uploadTarget(workingDir: string, fileName: string, taken: ReadonlySet<string>): string {
  const folder = `${workingDir.replace(/\/+$/, '')}/uploads`;
  const safe = fileName.replace(/[/\\]/g, '_').replace(/^\.+/, '') || 'file';
  const dot = safe.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, ''];
  for (let n = 1; ; n++) {
    const candidate = `${folder}/${n === 1 ? safe : `${stem}-${n}${extension}`}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Why files cannot be uploaded into this workspace, or undefined when they can. */
export function uploadBlockedReason(workingDir: string | undefined): string | undefined {
  if (!workingDir) return t('attachments.noFolder');
  if (!isAbsolutePath(workingDir)) return t('attachments.relativeFolder', { folder: workingDir });
  return undefined;
}
