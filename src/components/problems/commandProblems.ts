import { useEffect } from 'react';
import { useMutation, type DefaultError, type UseMutationOptions } from '@tanstack/react-query';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

// What went wrong with a command given outside a conversation (a list row's Rename and Delete;
// what a server keeps: its skills, MCP servers and secrets), in one sink, as a fact: which
// command, on what, and the server's error. It is said at the place the command was given, in
// the language spoken when it is drawn (ProblemAlert), until a command is given there again.
// A conversation's own commands (stop, continue, approval) report to its session instead
// (conversation/session/problems.ts), whose banner says them.

export type CommandAction =
  | 'rename'
  | 'delete'
  | 'install'
  | 'update'
  | 'remove'
  | 'turn on'
  | 'turn off'
  | 'save'
  | 'approve'
  | 'reject'
  | 'stop'
  | 'continue';

export interface CommandProblem {
  readonly action: CommandAction;
  /** What the command was given on, as the person knows it: a title, a skill's or a secret's name. */
  readonly subject: string;
  readonly error: unknown;
}

const sink = createStore<ReadonlyMap<string, CommandProblem>>(() => new Map());

export function reportProblem(place: string, problem: CommandProblem): void {
  sink.setState((before) => new Map(before).set(place, problem), true);
}

export function clearProblem(place: string): void {
  if (!sink.getState().has(place)) return;
  sink.setState((before) => {
    const after = new Map(before);
    after.delete(place);
    return after;
  }, true);
}

export function useCommandProblem(place: string): CommandProblem | undefined {
  return useStore(sink, (problems) => problems.get(place));
}

/**
 * A mutation that reports its failure to the sink at `place`, and clears what was said there
 * when it is tried again. `what` names the command and its subject for the variables given.
 */
export function useReportingMutation<TData, TVariables = void>(
  place: string,
  what: (variables: TVariables) => Omit<CommandProblem, 'error'>,
  options: Omit<UseMutationOptions<TData, DefaultError, TVariables>, 'onMutate' | 'onError'>,
) {
  return useMutation<TData, DefaultError, TVariables>({
    ...options,
    onMutate: () => clearProblem(place),
    onError: (error, variables) => reportProblem(place, { ...what(variables), error }),
  });
}

/** A form's place: what went wrong there is not said again once the form is left and opened anew. */
export function useFormProblem(place: string): CommandProblem | undefined {
  useEffect(() => () => clearProblem(place), [place]);
  return useCommandProblem(place);
}
