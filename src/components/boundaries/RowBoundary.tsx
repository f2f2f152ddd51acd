import type { ReactNode } from 'react';
import { serverKindOf } from '../../agent-server/protocol';
import type { Row } from '../../conversation/projection';
import { Words } from '../../i18n/Words';
import { PartBoundary } from './PartBoundary';

/** One transcript row that cannot be drawn says so, with what it was, and the others stay. */
export function RowBoundary({ row, children }: { row: Row; children: ReactNode }) {
  return (
    <PartBoundary
      fallback={() => (
        <div className="chat-row notice row-failed" data-event-id={row.eventId}>
          <Words id="boundary.row" values={{ kind: rowKind(row), id: <code>{row.eventId}</code> }} />
        </div>
      )}
    >
      {children}
    </PartBoundary>
  );
}

function rowKind(row: Row): string {
  switch (row.type) {
    case 'turn':
      return row.calls[0]?.action?.kind ?? 'ActionEvent';
    case 'orphan-outcome':
      return row.call.outcomes[0]?.kind ?? 'ObservationEvent';
    default:
      return serverKindOf(row.event);
  }
}
