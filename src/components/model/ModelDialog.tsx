import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { describeError } from '../../agent-server/client';
import { useLlmSettings } from '../../agent-server/llmSettings';
import type { AgentServer } from '../../agent-server/servers';
import { switchModel } from '../../conversation/resources/conversationLlm';
import { useModalDialog } from '../useModalDialog';
import { LlmFields, readLlmFields } from '../LlmFields';
import { modelCheckNote } from './modelCheckNote';
import './model.css';
import { useT } from '../../i18n/i18n';
import 'virtual:tether-english/modelDialog';

/**
 * Switch the LLM of this conversation for its next turns. The key field starts with the key kept
 * in this browser: the server never gives a key back, and a switch without one would leave the
 * agent unable to call its model. A key the server keeps is named by reference instead.
 */
export default function ModelDialog({
  settings,
  conversationId,
  current,
  onClose,
}: {
  settings: AgentServer;
  conversationId: string;
  current: { model: string; baseUrl: string | undefined };
  onClose: () => void;
}) {
  const t = useT();
  const dialog = useModalDialog(onClose);
  const queryClient = useQueryClient();
  const saved = useLlmSettings(settings.id);
  const [phase, setPhase] = useState<
    | { kind: 'editing' | 'switching' }
    | { kind: 'failed'; message: string }
    | { kind: 'doubtful'; note: ReactNode }
  >({ kind: 'editing' });

  return (
    <dialog ref={dialog} className="model-dialog" aria-labelledby="model-title">
      <h2 id="model-title">{t('modelDialog.title')}</h2>
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          const typed = readLlmFields(new FormData(event.currentTarget));
          if (!typed.model) return;
          // No key typed: the one the server keeps goes by reference, with the base URL it was
          // kept with (the server applies that one whatever the switch says).
          const byReference = !typed.apiKey && saved.keyOnServer && saved.connectionId;
          if (byReference && typed.baseUrl !== saved.baseUrl)
            return setPhase({
              kind: 'failed',
              message: t('modelDialog.keptKeyBaseUrl', { baseUrl: saved.baseUrl || '—' }),
            });
          const llm = byReference
            ? { ...typed, keyOnServer: true, connectionId: saved.connectionId }
            : { ...typed, keyOnServer: false };
          const anyway = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('name') === 'anyway';
          setPhase({ kind: 'switching' });
          try {
            const note = anyway
              ? undefined
              : await modelCheckNote(queryClient, settings, llm, t('modelDialog.switchAnyway'));
            if (note) return setPhase({ kind: 'doubtful', note });
            await switchModel(queryClient, settings, conversationId, llm);
            dialog.current?.close();
          } catch (error) {
            setPhase({ kind: 'failed', message: describeError(error) });
          }
        }}
      >
        <p className="hint">{t('modelDialog.explain')}</p>
        <LlmFields
          initial={{ model: current.model, baseUrl: current.baseUrl ?? saved.baseUrl, apiKey: saved.apiKey }}
          modelRequired
        />
        <p className="hint">
          {saved.keyOnServer && saved.connectionId ? t('modelDialog.keyNoteKept') : t('modelDialog.keyNote')}
        </p>
        {phase.kind === 'failed' && <p role="alert">{t('modelDialog.failed', { problem: phase.message })}</p>}
        {phase.kind === 'doubtful' && phase.note}
        <div className="form-actions">
          <button type="submit" disabled={phase.kind === 'switching'}>
            {phase.kind === 'switching' ? t('modelDialog.switching') : t('modelDialog.switch')}
          </button>
          <button type="button" onClick={() => dialog.current?.close()}>
            {t('modelDialog.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
