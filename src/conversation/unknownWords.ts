import { t } from '../i18n/i18n';
import 'virtual:tether-english/unshown';
import type { Row } from './projection';

/**
 * What a row Tether cannot show says of itself, in the language spoken when drawn: the same words
 * on screen, in exports and in a share.
 */
export function unknownWords(row: Extract<Row, { type: 'unknown' }>): string {
  return row.lacks === null
    ? t('unshown.kind', { kind: row.event.kind })
    : t('unshown.malformed', { kind: row.event.kind, lacks: row.lacks });
}
