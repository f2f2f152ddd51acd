import { Suspense, useCallback, useState } from 'react';
import type { AgentServer } from '../../agent-server/servers';
import { useCommand } from '../commands/commands';
import { lazyPart } from '../boundaries/lazyPart';

// The switch form loads on the first opening.
const ModelDialog = lazyPart(() => import('./ModelDialog'));

/** The model the next turns use, in the header; a click switches it. */
export function ModelButton({
  settings,
  conversationId,
  model,
  baseUrl,
}: {
  settings: AgentServer;
  conversationId: string;
  model: string;
  baseUrl: string | undefined;
}) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  useCommand('model', 'Switch the model…', () => setOpen(true));
  // The provider prefix is in the full name (title and accessible name), not on a narrow header.
  const shortName = model.slice(model.lastIndexOf('/') + 1) || model;
  return (
    <>
      <button
        type="button"
        className="model-button"
        aria-haspopup="dialog"
        aria-label={`Model: ${model}. Switch the model`}
        title={model}
        onClick={() => setOpen(true)}
      >
        {shortName}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ModelDialog
            settings={settings}
            conversationId={conversationId}
            current={{ model, baseUrl }}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  );
}
