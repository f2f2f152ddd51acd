import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { LlmSettings } from '../../agent-server/llmSettings';
import type { ConnectionSettings } from '../../agent-server/servers';
import type { ModelProblem } from '../../conversation/model/modelCheck';
import { checkModelSettings } from '../../conversation/resources/llmCatalog';
import './modelCheck.css';
import { t } from '../../i18n/i18n';
import 'virtual:tether-english/modelDialog';

// Loaded when a form is about to use model settings: the check, and what it says of a problem.

export function modelProblemWords(problem: ModelProblem): string {
  switch (problem.kind) {
    case 'unknown-provider':
      return t('modelDialog.problem.unknownProvider', { provider: problem.provider, model: problem.model });
    case 'no-provider':
      return t('modelDialog.problem.noProvider', { model: problem.model });
    case 'unreachable':
      return t('modelDialog.problem.unreachable', { baseUrl: problem.baseUrl });
  }
}

/**
 * Checks the settings; for a sure problem, the note to show in the form, with a submit button
 * named `anyway` for a person who knows better.
 */
export async function modelCheckNote(
  queryClient: QueryClient,
  settings: ConnectionSettings,
  llm: LlmSettings,
  anyway: string,
): Promise<ReactNode | undefined> {
  const problem = await checkModelSettings(queryClient, settings, llm);
  return (
    problem && (
      <div className="banner warning model-problem" role="alert">
        <p>{modelProblemWords(problem)}</p>
        <button type="submit" name="anyway">
          {anyway}
        </button>
      </div>
    )
  );
}
