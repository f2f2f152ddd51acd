import type { Row } from '../../conversation/projection';
import { asSent, unknownWords } from '../../conversation/unknownWords';
import { useT } from '../../i18n/i18n';
import { ScrollablePre } from '../ScrollablePre';
import 'virtual:tether-english/unshown';
import './unknownRow.css';

/** An event Tether cannot show: what keeps it from being shown, and the event as the server sent it. */
export default function UnknownRow({ row }: { row: Extract<Row, { type: 'unknown' }> }) {
  const t = useT();
  return (
    <div className="chat-row unknown" data-event-id={row.eventId}>
      <details>
        <summary>{unknownWords(row)}</summary>
        <ScrollablePre className="tool-output" label={t('unshown.raw')}>
          {safeJson(asSent(row.event))}
        </ScrollablePre>
      </details>
    </div>
  );
}

function safeJson(value: unknown): string {
  try {
    const json = JSON.stringify(value, null, 2);
    return json.length > 20_000
      ? `${json.slice(0, 20_000)}\n… (${json.length - 20_000} more characters)`
      : json;
  } catch {
    return String(value);
  }
}
