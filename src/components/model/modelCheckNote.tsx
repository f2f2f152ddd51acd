import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { LlmSettings } from '../../agent-server/llmSettings';
import type { ConnectionSettings } from '../../agent-server/servers';
import type { ModelProblem } from '../../conversation/model/modelCheck';
import { checkModelSettings } from '../../conversation/resources/llmCatalog';
import './modelCheck.css';

// Loaded when a form is about to use model settings: the check, and what it says of a problem.

export function modelProblemWords(problem: ModelProblem): string {
  switch (problem.kind) {
    case 'unknown-provider':
      return (
        `The agent-server’s LLM library has no provider “${problem.provider}”, so “${problem.model}” would ` +
        'fail at once. Start the model with a provider it has, such as openai/ (for any server that speaks ' +
        'OpenAI’s API), anthropic/ or ollama/.'
      );
    case 'no-provider':
      return (
        `The agent-server cannot tell which provider serves “${problem.model}”, so it would fail at once. ` +
        `Write it as provider/name: openai/${problem.model} for a server that speaks OpenAI’s API at the ` +
        `base URL, ollama/${problem.model} for Ollama.`
      );
    case 'unreachable':
      return (
        `Nothing answers at ${problem.baseUrl}. The agent-server runs on this machine, so it could not reach ` +
        'the model there either: the conversation would wait about two minutes and fail. Start the model’s ' +
        'server, or correct the base URL.'
      );
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
