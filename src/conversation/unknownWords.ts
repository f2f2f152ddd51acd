import { serverKindOf, type ServerEvent, type WireEvent } from '../agent-server/protocol';
import { t } from '../i18n/i18n';
import 'virtual:tether-english/unshown';
import type { Row } from './projection';

/**
 * What a row Tether cannot show says of itself, in the language spoken when drawn: the same words
 * on screen, in exports and in a share.
 */
export function unknownWords(row: Extract<Row, { type: 'unknown' }>): string {
  return row.lacks === null
    ? t('unshown.kind', { kind: serverKindOf(row.event) })
    : t('unshown.malformed', { kind: serverKindOf(row.event), lacks: row.lacks });
}

/** An event as the server sent it: an unknown one with its own kind again, and no tag. */
export function asSent(event: ServerEvent): WireEvent {
  if (event.kind !== 'UnknownEvent') return event;
  const { serverKind, ...rest } = event;
  return { ...rest, kind: serverKind };
}
