import { Suspense, useCallback, useState } from 'react';
import type { ConnectionSettings } from '../../agent-server/servers';
import { contextShare, dollars, shortTokens, totalTokens, type Usage } from '../../conversation/usage/usage';
import { useCommand } from '../commands/commands';
import { lazyPart } from '../boundaries/lazyPart';

// The breakdown and the Compact action load on the first opening.
const UsageDialog = lazyPart(() => import('./UsageDialog'));

/** Tokens and cost so far in the header, with the context the agent's last request filled. */
export function UsageButton({
  settings,
  conversationId,
  usage,
  canCompact,
}: {
  settings: ConnectionSettings;
  conversationId: string;
  usage: Usage | undefined;
  canCompact: boolean;
}) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  useCommand('usage', 'Usage and compacting…', () => setOpen(true));
  const share = usage?.context && contextShare(usage.context);
  const figures = usage && [`${shortTokens(totalTokens(usage))} tokens`, dollars(usage.cost)];
  const context = share === undefined ? [] : [`context ${Math.round(share * 100)}% full`];
  const words = figures ? figures.join(' · ') : 'Usage';
  const name = `Usage: ${figures ? [...figures, ...context].join(', ') : 'none yet'}`;
  return (
    <>
      <button
        type="button"
        className="usage-button"
        aria-haspopup="dialog"
        aria-label={name}
        onClick={() => setOpen(true)}
      >
        {words}
        {share !== undefined && (
          <span className="context-bar" aria-hidden="true">
            <span
              style={{ inlineSize: `${Math.max(2, share * 100)}%` }}
              data-full={share > 0.8 || undefined}
            />
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <UsageDialog
            settings={settings}
            conversationId={conversationId}
            usage={usage}
            canCompact={canCompact}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  );
}
