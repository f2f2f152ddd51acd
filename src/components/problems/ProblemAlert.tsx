import { describeError } from '../../agent-server/client';
import { t, useT, type MessageId } from '../../i18n/i18n';
import { useCommandProblem, type CommandAction, type CommandProblem } from './commandProblems';
import 'virtual:tether-english/problems';

const SAID: Record<CommandAction, MessageId> = {
  rename: 'problems.rename',
  delete: 'problems.delete',
  install: 'problems.install',
  update: 'problems.update',
  remove: 'problems.remove',
  'turn on': 'problems.turnOn',
  'turn off': 'problems.turnOff',
  save: 'problems.save',
  approve: 'problems.approve',
  reject: 'problems.reject',
  stop: 'problems.stop',
  continue: 'problems.continue',
};

/** The problem in the words of the language spoken now; `reason` words the error where the place knows better. */
export function problemWords(
  problem: CommandProblem,
  reason: (error: unknown) => string = describeError,
): string {
  return t(SAID[problem.action], { subject: problem.subject, reason: reason(problem.error) });
}

/** What went wrong with the last command given at `place`, if anything did. */
export function ProblemAlert({ place, reason }: { place: string; reason?: (error: unknown) => string }) {
  useT();
  const problem = useCommandProblem(place);
  if (!problem) return null;
  return (
    <p className="banner error" role="alert">
      {problemWords(problem, reason)}
    </p>
  );
}
