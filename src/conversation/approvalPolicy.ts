import { t, type MessageId } from '../i18n/i18n';

// When the agent asks before it acts: never, for risky actions, or for every action. Risky
// needs a rating for each action, so with it the server is given the LLM security analyser,
// which takes the risk the model states for each call (an action it does not rate counts as
// risky: the server's ConfirmRisky asks for unknown risks).

export type Approval = 'never' | 'risky' | 'always';

const APPROVAL_WORDS: Record<Approval, MessageId> = {
  never: 'approval.never',
  risky: 'approval.risky',
  always: 'approval.always',
};

/** An approval choice, in the words the person reads. */
export const approvalWords = (approval: Approval): string => t(APPROVAL_WORDS[approval]);

export const APPROVALS: readonly Approval[] = ['never', 'risky', 'always'];

export function approvalOf(policyKind: string | undefined): Approval | undefined {
  switch (policyKind) {
    case 'NeverConfirm':
      return 'never';
    case 'ConfirmRisky':
      return 'risky';
    case 'AlwaysConfirm':
      return 'always';
    default:
      return undefined;
  }
}

/** The approval a conversation was started with, by its info (never, where it does not say). */
export const conversationApproval = (info: unknown): Approval =>
  approvalOf((info as { confirmation_policy?: { kind?: string } } | undefined)?.confirmation_policy?.kind) ??
  'never';

export type PolicyKind = 'NeverConfirm' | 'ConfirmRisky' | 'AlwaysConfirm';

export const POLICY_OF: Record<Approval, PolicyKind> = {
  never: 'NeverConfirm',
  risky: 'ConfirmRisky',
  always: 'AlwaysConfirm',
};

/** The analyser that goes with a choice: the model's own rating for "risky", else none. */
export const analyserFor = (approval: Approval) =>
  approval === 'risky' ? { kind: 'LLMSecurityAnalyzer' } : null;
