import { Suspense, useCallback, useState } from 'react';
import type { ConnectionSettings } from '../../agent-server/servers';
import { useCommand } from '../commands/commands';
import { lazyPart } from '../boundaries/lazyPart';

// The export dialog, the transcript writer and the page reader load on the first Export.
const ExportDialog = lazyPart(() => import('./ExportDialog'));

export function ExportButton({
  settings,
  conversationId,
  title,
}: {
  settings: ConnectionSettings;
  conversationId: string;
  title: string;
}) {
  const [open, setOpen] = useState(false);
  // Stable, so the dialog's effect (showModal, the close listener) runs once per opening.
  const close = useCallback(() => setOpen(false), []);
  useCommand('export', 'Export this conversation', () => setOpen(true));
  return (
    <>
      <button type="button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Export
      </button>
      {open && (
        <Suspense fallback={null}>
          <ExportDialog settings={settings} conversation={{ id: conversationId, title }} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
