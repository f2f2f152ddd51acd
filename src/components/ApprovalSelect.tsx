import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useScopedServer } from './servers/serverScope';
import { APPROVALS, approvalOf, approvalWords, type Approval } from '../conversation/approvalPolicy';
import { useT } from '../i18n/i18n';
import type { LiveSession } from '../conversation/session/sessionHandle';
import { setApprovalPolicy } from '../conversation/resources/conversations';

/** When the agent asks before acting, for the turns to come; failures are said in the banner. */
export function ApprovalSelect({ session, policy }: { session: LiveSession; policy: string | undefined }) {
  const settings = useScopedServer();
  const queryClient = useQueryClient();
  /** The choice being saved, shown at once; the server's policy once it is re-read. */
  const [saving, setSaving] = useState<Approval | undefined>(undefined);
  const current = saving ?? approvalOf(policy);
  const t = useT();
  if (current === undefined) return null;
  return (
    <label className="approval-select">
      {t('approval.label')}
      <select
        value={current}
        disabled={saving !== undefined}
        onChange={async (event) => {
          const approval = event.target.value as Approval;
          setSaving(approval);
          await session.commands.setApproval(approval, (chosen) =>
            setApprovalPolicy(queryClient, settings, session.conversationId, chosen),
          );
          setSaving(undefined);
        }}
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
