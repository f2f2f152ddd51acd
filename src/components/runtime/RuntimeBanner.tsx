import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { describeError } from '../../agent-server/client';
import { reprovisionRuntime, runtimeOf } from '../../agent-server/runtime';
import type { ConnectionSettings } from '../../agent-server/servers';
import { conversationQuery } from '../../conversation/resources/conversations';
import { runtimeNotice } from '../../conversation/runtime/runtimeNotice';
import { useT } from '../../i18n/i18n';
import 'virtual:tether-english/runtime';

/** While a runtime starts, the info is read this often, so the banner goes when it is ready. */
const STARTING_READ_MS = 2_000;

/**
 * Where the conversation runs, when that is not simply available: starting (read again until it
 * is ready), or gone, lost or failed, with Reprovision. Drawn only then (it loads lazily).
 */
export default function RuntimeBanner({
  settings,
  conversationId,
}: {
  settings: ConnectionSettings;
  conversationId: string;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const info = useQuery({
    ...conversationQuery(settings, conversationId),
    refetchInterval: (query) =>
      runtimeOf(query.state.data)?.status === 'starting' ? STARTING_READ_MS : false,
  });
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string>();
  const notice = runtimeNotice(runtimeOf(info.data));
  if (!notice) return null;
  return (
    <div className={`banner ${notice.reprovision ? 'error' : 'warning'}`} role="status">
      {notice.words}{' '}
      {notice.reprovision && (
        <button
          type="button"
          disabled={asking}
          onClick={async () => {
            setAsking(true);
            setFailure(undefined);
            try {
              await reprovisionRuntime(settings, conversationId);
            } catch (error) {
              setFailure(t('runtime.reprovisionFailed', { problem: describeError(error) }));
            } finally {
              setAsking(false);
              // The server's word on the new runtime (and the rest of the info) is read again.
              await queryClient.invalidateQueries({
                queryKey: conversationQuery(settings, conversationId).queryKey,
              });
            }
          }}
        >
          {asking ? t('runtime.reprovisioning') : t('runtime.reprovision')}
        </button>
      )}
      {failure && <span className="runtime-failure"> {failure}</span>}
    </div>
  );
}
