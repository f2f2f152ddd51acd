import { useEffect, useRef, useState } from 'react';
import { agentModel } from '../../conversation/agentLlm';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { agentServerClients, describeError } from '../../agent-server/client';
import { useLlmSettings } from '../../agent-server/llmSettings';
import type { AgentServer } from '../../agent-server/servers';
import { tagsOf } from '../../conversation/conversationTags';
import {
  newestAnswerOf,
  OPINION_OF_TAG,
  OPINION_TAG,
  opinionState,
} from '../../conversation/plan/secondOpinion';
import { createConversation } from '../../conversation/resources/conversationLlm';
import { conversationKey, conversationQuery } from '../../conversation/resources/conversations';
import { saveConversationTags } from '../../conversation/resources/conversationWrites';
import { useT } from '../../i18n/i18n';
import { childReadMs } from '../children/childStatus';
import { conversationPath } from '../conversationPath';
import { statusWords } from '../conversationWords';
import { Markdown } from '../markdown/Markdown';
import 'virtual:tether-english/planFirst';

/**
 * Asks another model for its view of the plan: a child of the planning conversation, on its
 * folder, with reading tools only, given the plan. The planning conversation keeps the child's
 * id in a tag, so that the opinion is found again after a reload.
 */
export function AskForOpinion({
  settings,
  planningId,
  planningInfo,
  workingDir,
  request,
  version,
  onDone,
}: {
  settings: AgentServer;
  planningId: string;
  planningInfo: unknown;
  workingDir: string;
  /** What the reviewer is sent: the plan, and where it is. */
  request: string;
  version: string;
  onDone: () => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const llm = useLlmSettings(settings.id);
  const [model, setModel] = useState('');
  // Opened by the person's click: the field takes focus, ready for a name.
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  const ask = useMutation({
    mutationFn: async (chosen: string) => {
      // The person's provider, base URL and key, another model.
      const opinion = await createConversation(
        queryClient,
        settings,
        request,
        { ...llm, model: chosen },
        workingDir,
        'never',
        {
          kind: 'review',
          parent: planningId,
          tags: { [OPINION_OF_TAG]: version },
          title: t('planFirst.opinionTitle', { model: chosen }),
        },
      );
      await saveConversationTags(queryClient, settings, planningId, {
        ...tagsOf(planningInfo),
        [OPINION_TAG]: opinion.id,
      });
    },
    onSuccess: onDone,
  });
  return (
    <form
      className="opinion-ask"
      aria-label={t('planFirst.askOpinion')}
      onSubmit={(event) => {
        event.preventDefault();
        if (model.trim()) ask.mutate(model.trim());
      }}
    >
      <label>
        {t('planFirst.opinionModel')}
        <input
          ref={field}
          value={model}
          required
          aria-describedby="opinion-hint"
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setModel(event.target.value)}
        />
      </label>
      <p id="opinion-hint" className="hint">
        {t('planFirst.opinionHint', { model: llm.model })}
      </p>
      {ask.isError && <p role="alert">{t('planFirst.failed', { problem: describeError(ask.error) })}</p>}
      <div className="form-actions">
        <button type="submit" disabled={ask.isPending || !model.trim()}>
          {ask.isPending ? t('planFirst.asking') : t('planFirst.askOpinion')}
        </button>
        <button type="button" onClick={onDone}>
          {t('planFirst.cancel')}
        </button>
      </div>
    </form>
  );
}

/**
 * The newest second opinion, beside the plan: read again while it runs, then its answer; said
 * plainly when it was given on an earlier version of the plan, or when it stopped without one.
 */
export function SecondOpinion({
  settings,
  id,
  version,
}: {
  settings: AgentServer;
  id: string;
  version: string;
}) {
  const t = useT();
  const info = useQuery({
    ...conversationQuery(settings, id),
    refetchInterval: (query) => childReadMs(query.state.data?.execution_status),
  });
  const status = info.data?.execution_status;
  const settled = status !== undefined && childReadMs(status) === false;
  const answer = useQuery({
    // Read once per settled run: a person may ask the reviewer more in its own conversation.
    queryKey: [...conversationKey(settings, id), 'answer', info.data?.updated_at],
    queryFn: () => newestAnswerOf(agentServerClients(settings).conversations, id),
    enabled: settled,
    staleTime: Infinity,
  });
  const state =
    settled && status && answer.isSuccess
      ? opinionState(info.data, status, answer.data, version)
      : { kind: 'reviewing' as const };
  const model = agentModel(info.data);
  return (
    <section className="second-opinion" aria-labelledby="opinion-title">
      <h3 id="opinion-title">{t('planFirst.opinion')}</h3>
      {model && <p className="hint">{t('planFirst.opinionFrom', { model })}</p>}
      {info.isError || answer.isError ? (
        <p role="alert">
          {t('planFirst.opinionUnread', { reason: describeError(info.error ?? answer.error) })}
        </p>
      ) : state.kind === 'reviewing' ? (
        <p role="status">{t('planFirst.opinionReviewing')}</p>
      ) : state.kind === 'failed' ? (
        <p>{t('planFirst.opinionFailed', { status: statusWords(state.status) })}</p>
      ) : (
        <>
          {state.earlierPlan && <p className="hint">{t('planFirst.opinionEarlier')}</p>}
          <div
            className="plan-document opinion-document"
            tabIndex={0}
            role="document"
            aria-label={t('planFirst.opinion')}
          >
            <Markdown text={state.answer} />
          </div>
        </>
      )}
      <Link href={conversationPath(settings.id, id)}>{t('planFirst.openOpinion')}</Link>
    </section>
  );
}
