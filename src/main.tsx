import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/tokens.css';
import './app/styles.css';
import { watchSystemTheme } from './app/theme';
import { App, createQueryClient } from './app/App';
import { isMockServer, readServers } from './agent-server/servers';
import { prefetchInbox, prefetchOpenedConversation } from './app/openingPrefetch';

async function start() {
  watchSystemTheme();
  if (readServers().some(isMockServer)) {
    // Loaded only when used, so a real deployment never downloads the mock.
    const { startMockAgentServer } = await import('../mocks/mockAgentServer');
    await startMockAgentServer();
  }
  const queryClient = createQueryClient();
  prefetchOpenedConversation(queryClient, location.pathname);
  prefetchInbox(queryClient);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
}

void start();
