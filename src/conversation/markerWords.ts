import { t } from '../i18n/i18n';
import type { Row } from './projection';

type MarkerRow = Extract<Row, { type: 'marker' | 'compaction' | 'model' }>;

/** What a one-line row in the transcript says: the same words on screen, in find and in exports. */
export function markerWords(row: MarkerRow): string {
  switch (row.type) {
    case 'marker':
      return row.event.kind === 'InterruptEvent' ? t('marker.stopped') : t('marker.paused');
    case 'compaction': {
      const forgotten = row.event.forgotten_event_ids?.length ?? 0;
      return forgotten > 0 ? t('marker.compactedCount', { count: forgotten }) : t('marker.compacted');
    }
    case 'model':
      if (row.previous === undefined) return t('marker.modelFromHere', { model: row.model });
      return row.previous === row.model
        ? t('marker.settingsChanged', { model: row.model })
        : t('marker.modelSwitched', { previous: row.previous, model: row.model });
  }
}
