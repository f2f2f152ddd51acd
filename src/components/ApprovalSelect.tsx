import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useScopedServer } from './servers/serverScope';
import { APPROVALS, approvalOf, approvalWords, type Approval } from '../conversation/approvalPolicy';
import { useT } from '../i18n/i18n';
import type { LiveSession } from '../conversation/session/sessionHandle';
import { setApprovalPolicy } from '../conversation/resources/conversationWrites';

/**
 * When the agent asks before acting, for the turns to come. The choice being saved shows at once
 * (the mutation's own state), the server's once it is re-read; a failure is the session's problem,
 * said in the conversation's banner with every other command's.
 */
export function ApprovalSelect({ session, policy }: { session: LiveSession; policy: string | undefined }) {
  const settings = useScopedServer();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (approval: Approval) =>
      session.commands.setApproval(approval, (chosen) =>
        setApprovalPolicy(queryClient, settings, session.conversationId, chosen),
      ),
  });
  const current = change.isPending ? change.variables : approvalOf(policy);
  const t = useT();
  if (current === undefined) return null;
  return (
    <label className="approval-select">
      {t('approval.label')}
      <select
        value={current}
        disabled={change.isPending}
        onChange={(event) => change.mutate(event.target.value as Approval)}
      >
        <ApprovalOptions />
      </select>
    </label>
  );
}

/** The three choices, in the words the person reads (for any select of them). */
export function ApprovalOptions() {
  useT();
  return APPROVALS.map((approval) => (
    <option key={approval} value={approval}>
      {approvalWords(approval)}
    </option>
  ));
}
