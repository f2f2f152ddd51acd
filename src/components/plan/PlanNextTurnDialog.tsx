import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { describeError } from '../../agent-server/client';
import { useLlmSettings } from '../../agent-server/llmSettings';
import type { AgentServer } from '../../agent-server/servers';
import { conversationApproval } from '../../conversation/approvalPolicy';
import { PLAN_TAG } from '../../conversation/conversationTags';
import { newestMessageText } from '../../conversation/newestMessage';
import { clipped } from '../../conversation/clipped';
import { CONTEXT_CHARS } from '../../conversation/plan/planMode';
import { createConversation } from '../../conversation/resources/conversationLlm';
import { rowReaderOf } from '../../conversation/rowReader';
import { useT } from '../../i18n/i18n';
import { conversationPath } from '../conversationPath';
import { useReviewScope } from '../review/reviewScope';
import { useModalDialog } from '../useModalDialog';
import './plan.css';
import 'virtual:tether-english/planFirst';

/**
 * "Plan the next turn first", from a conversation's menu: what the next turn should do is given
 * to a planning agent in a child conversation on the same folder (the planning tools only; a
 * conversation's tools are fixed when it starts), with where this conversation stands. The child
 * opens on its plan; approved, the plan comes back here as the next message.
 */
export default function PlanNextTurnDialog({
  settings,
  conversationId,
  title,
  info,
  workingDir,
  onClose,
}: {
  settings: AgentServer;
  conversationId: string;
  title: string;
  info: unknown;
  workingDir: string;
  onClose: () => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const dialog = useModalDialog(onClose);
  const llm = useLlmSettings(settings.id);
  // The conversation's events (given around its transcript and header): where it stands.
  const log = useReviewScope()?.log;
  const [request, setRequest] = useState('');
  const start = useMutation({
    mutationFn: (text: string) => {
      const rows = log && rowReaderOf(log);
      const asked = rows && newestMessageText(rows, 'user');
      const answered = rows && newestMessageText(rows, 'agent');
      const message =
        t('planFirst.nextTurnRequest', { title, request: text }) +
        (asked && answered
          ? t('planFirst.nextTurnContext', {
              asked: clipped(asked, CONTEXT_CHARS),
              answered: clipped(answered, CONTEXT_CHARS),
            })
          : '');
      return createConversation(queryClient, settings, message, llm, workingDir, conversationApproval(info), {
        tags: { [PLAN_TAG]: 'planning' },
        kind: 'plan',
        parent: conversationId,
        title: t('planFirst.nextTurnTitle', { request: clipped(text.split('\n')[0]!, 60) }),
      });
    },
    onSuccess: (planning) => {
      dialog.current?.close();
      navigate(conversationPath(settings.id, planning.id));
    },
  });

  return (
    <dialog ref={dialog} className="plan-next-dialog" aria-labelledby="plan-next-title">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (request.trim()) start.mutate(request.trim());
        }}
      >
        <h2 id="plan-next-title">{t('planFirst.nextTitle')}</h2>
        <p id="plan-next-hint" className="hint">
          {t('planFirst.nextHint')}
        </p>
        <label>
          {t('planFirst.nextLabel')}
          <textarea
            value={request}
            rows={4}
            required
            aria-describedby="plan-next-hint"
            onChange={(event) => setRequest(event.target.value)}
          />
        </label>
        {start.isError && (
          <p role="alert">{t('planFirst.failed', { problem: describeError(start.error) })}</p>
        )}
        <div className="form-actions">
          <button type="submit" className="primary" disabled={start.isPending || !request.trim()}>
            {start.isPending ? t('planFirst.starting') : t('planFirst.startPlanning')}
          </button>
          <button type="button" onClick={() => dialog.current?.close()}>
            {t('planFirst.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
