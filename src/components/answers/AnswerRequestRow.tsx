import { useT } from '../../i18n/i18n';
import 'virtual:tether-english/answers';

/**
 * Tether's request that the agent answer a message it missed, drawn as a note in the person's
 * language (the message itself is written for the model). Rare: its code and words load with it.
 */
export default function AnswerRequestRow({ eventId }: { eventId: string }) {
  const t = useT();
  return (
    <div className="chat-row marker answer-request" data-event-id={eventId}>
      {t('answers.asked')}
    </div>
  );
}
