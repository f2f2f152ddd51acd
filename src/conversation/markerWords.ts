import type { Row } from './projection';

type MarkerRow = Extract<Row, { type: 'marker' | 'compaction' | 'model' }>;

/** What a one-line row in the transcript says: the same words on screen, in find and in exports. */
export function markerWords(row: MarkerRow): string {
  switch (row.type) {
    case 'marker':
      return row.event.kind === 'InterruptEvent' ? 'Stopped by you' : 'Paused';
    case 'compaction': {
      const forgotten = row.event.forgotten_event_ids?.length ?? 0;
      return forgotten > 0
        ? `History compacted: the agent now works from a summary of ${forgotten} earlier ${forgotten === 1 ? 'event' : 'events'}`
        : 'History compacted: the agent now works from a summary';
    }
    case 'model':
      if (row.previous === undefined) return `Model from here on: ${row.model}`;
      return row.previous === row.model
        ? `Agent settings changed; the model stays ${row.model}`
        : `Model switched from ${row.previous} to ${row.model}`;
  }
}
