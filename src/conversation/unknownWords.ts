import { t } from '../i18n/i18n';
import type { Row } from './projection';

/**
 * What a row Tether cannot show says of itself, in the language spoken when drawn: the same words
 * on screen, in exports and in a share.
 */
export function unknownWords(row: Extract<Row, { type: 'unknown' }>): string {
  return row.lacks === null
    ? t('row.unknownKind', { kind: row.event.kind })
    : t('row.malformedEvent', { kind: row.event.kind, lacks: row.lacks });
}
