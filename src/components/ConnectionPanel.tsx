import { Suspense, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useConnectionSettings, usesMockServer } from '../agent-server/settings';
import { healthQuery } from '../conversation/resources/server';
import { useCommand } from './commands/commands';
import type { Health } from '../agent-server/client';
import { lazyPart } from './boundaries/lazyPart';

// The form is wanted rarely, after the first screen: it loads when first opened.
const ConnectionForm = lazyPart(() => import('./ConnectionForm'));

function healthWords(health: Health | undefined, checking: boolean): string {
  if (!health) return checking ? 'Checking the agent-server…' : 'Not checked yet';
  switch (health.kind) {
    case 'reachable':
      return `Connected${health.version ? ` (server ${health.version})` : ''}`;
    case 'wrong-key':
      return 'Wrong session API key: the server answered 401';
    case 'unreachable':
      return `Unreachable: ${health.message}`;
  }
}

export function ConnectionPanel() {
  const settings = useConnectionSettings();
  const health = useQuery(healthQuery(settings));
  const [open, setOpen] = useState(false);
  useCommand('connection-settings', 'Connection settings', () => setOpen(true));
  const toggle = useRef<HTMLButtonElement>(null);
  const onMock = usesMockServer(settings);
  const kind = health.data?.kind ?? 'checking';

  return (
    <div className="connection">
      <span className={`health health-${kind}`} role="status">
        <span className="health-dot" aria-hidden="true" />
        <span className="health-words">
          {onMock ? 'Built-in mock agent-server · ' : ''}
          {healthWords(health.data, health.isFetching)}
        </span>
      </span>
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        // The form exists only while open (it loads on the first opening).
        aria-controls={open ? 'connection-settings' : undefined}
        onClick={() => setOpen((v) => !v)}
      >
        Connection settings
      </button>
      {open && (
        <Suspense fallback={null}>
          <ConnectionForm
            onDone={(saved) => {
              setOpen(false);
              if (!saved) toggle.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
