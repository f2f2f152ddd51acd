import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { describeError } from '../../agent-server/client';
import type { ConnectionSettings } from '../../agent-server/servers';
import { readLimitForm } from '../../conversation/limits/limitForm';
import { tagsOf } from '../../conversation/conversationTags';
import { limitsOf, withLimits } from '../../conversation/limits/runLimits';
import { saveConversationTags } from '../../conversation/resources/conversationWrites';
import { agentUncounted, dollars, type Usage } from '../../conversation/usage/usage';
import { useT } from '../../i18n/i18n';
import { useModalDialog } from '../useModalDialog';
import { LimitFields } from './LimitFields';
import './limits.css';
import 'virtual:tether-english/limits';

/**
 * A conversation's budget and step limit, set or changed at any time; kept with the conversation
 * on the server. Opened from a stop at a limit, it saves and continues the run in one step.
 */
export default function LimitsDialog({
  settings,
  conversationId,
  info,
  usage,
  continueRun,
  onClose,
}: {
  settings: ConnectionSettings;
  conversationId: string;
  info: unknown;
  /** What the conversation has cost so far, as the server counts it (undefined: not known yet). */
  usage: Usage | undefined;
  /** Given when the dialog raises a limit to go on: the run continues once the limits are saved. */
  continueRun?: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const dialog = useModalDialog(onClose);
  const [errors, setErrors] = useState<{ budget?: boolean; steps?: boolean }>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const tags = tagsOf(info);

  const save = async (form: FormData) => {
    const read = readLimitForm(form);
    if (!read.ok) return setErrors(read.errors);
    setErrors({});
    setSaving(true);
    setFailure(undefined);
    try {
      await saveConversationTags(queryClient, settings, conversationId, withLimits(tags, read.limits));
    } catch (error) {
      setSaving(false);
      return setFailure(t('limits.notSaved', { reason: describeError(error) }));
    }
    continueRun?.();
    dialog.current?.close();
  };

  return (
    <dialog ref={dialog} className="limits-dialog" aria-labelledby="limits-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save(new FormData(event.currentTarget));
        }}
      >
        <h2 id="limits-title">{t('limits.title')}</h2>
        {usage && <p>{t('limits.spent', { cost: dollars(usage.cost) })}</p>}
        {agentUncounted(usage) && <p className="limits-uncounted">{t('limits.uncounted')}</p>}
        <LimitFields initial={limitsOf(tags)} errors={errors} />
        {failure && <p role="alert">{failure}</p>}
        <div className="form-actions">
          <button type="submit" className="primary" disabled={saving}>
            {saving ? t('limits.saving') : continueRun ? t('limits.saveAndContinue') : t('limits.save')}
          </button>
          <button type="button" onClick={() => dialog.current?.close()}>
            {t('limits.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
