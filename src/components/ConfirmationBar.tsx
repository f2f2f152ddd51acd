import './confirmation.css';
import { useEffect, useRef, useState } from 'react';
import type { LiveSession } from '../conversation/session/sessionHandle';
import { useT } from '../i18n/i18n';
import 'virtual:tether-english/confirm';

/**
 * Approve or Reject the actions that wait; Reject first asks why (optional), and the agent
 * reads the reason with the rejection. Esc in the reason field goes back without rejecting.
 */
export function ConfirmationBar({ session }: { session: LiveSession }) {
  const t = useT();
  const [rejecting, setRejecting] = useState(false);
  const reason = useRef<HTMLInputElement>(null);
  const rejectButton = useRef<HTMLButtonElement>(null);
  // Back from the reason (Esc or Back): focus returns to Reject, where the person was.
  const [cameBack, setCameBack] = useState(false);
  useEffect(() => {
    if (cameBack && !rejecting) rejectButton.current?.focus();
  }, [cameBack, rejecting]);
  const back = () => {
    setRejecting(false);
    setCameBack(true);
  };
  if (rejecting) {
    return (
      <form
        className="confirmation-bar"
        aria-label={t('confirm.rejectForm')}
        onSubmit={(event) => {
          event.preventDefault();
          void session.commands.respondToConfirmation(false, reason.current?.value);
          setRejecting(false);
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.preventDefault();
          back();
        }}
      >
        <label className="reject-reason">
          {t('confirm.why')}
          <input ref={reason} type="text" name="reason" autoFocus maxLength={2000} />
        </label>
        <button type="submit" className="danger">
          {t('confirm.reject')}
        </button>
        <button type="button" onClick={back}>
          {t('confirm.back')}
        </button>
      </form>
    );
  }
  return (
    <div className="confirmation-bar" role="group" aria-label={t('confirm.pending')}>
      <span>{t('confirm.explain')}</span>
      <button
        type="button"
        className="primary"
        onClick={() => void session.commands.respondToConfirmation(true)}
      >
        {t('confirm.approve')}
      </button>
      <button ref={rejectButton} type="button" onClick={() => setRejecting(true)}>
        {t('confirm.rejectWithReason')}
      </button>
    </div>
  );
}
