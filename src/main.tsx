import './i18n/english';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/tokens.css';
import './app/styles.css';
import { watchSystemTheme } from './app/theme';
import { App, createQueryClient } from './app/App';
import { isMockServer, readServers, serversStore } from './agent-server/servers';
import { openedConversationController, prefetchInbox } from './app/openingPrefetch';
import { LanguageRoot, languageToSpeak, speak } from './i18n/i18n';
import { registerShellWorker } from './offline/registerShellWorker';
import { unregisterMockWorkerWhen } from './offline/leaveMockWorker';
import { firstIdle, firstIdleAfter, firstIdleAfterDrawn } from './components/useIdleReached';
import { dropKeptPaint, KEPT_PAINT_AT_MOST_MS } from './components/browserCopy/keptPaintDrop';

async function start() {
  // The look index.html painted from what this browser kept stands in for the conversation's
  // first screen, which takes its place; an address that draws no conversation ends it here.
  setTimeout(dropKeptPaint, KEPT_PAINT_AT_MOST_MS);
  watchSystemTheme();
  const queryClient = createQueryClient();
  const opened = openedConversationController(queryClient, location.pathname);
  // The copy's rows, before anything else: they need no server, so not the mock either.
  opened?.paintFromCopy();
  // English is in the first load; another language's catalogue is asked for beside the rest.
  const speaking = speak(languageToSpeak());
  const onMock = readServers().some(isMockServer);
  if (onMock) {
    // Loaded only when used, so a real deployment never downloads the mock.
    const { startMockAgentServer } = await import('../mocks/mockAgentServer');
    await startMockAgentServer();
    unregisterMockWorkerWhen((then) => {
      const unsubscribe = serversStore.subscribe(({ servers }) => {
        if (servers.some(isMockServer)) return;
        unsubscribe();
        then();
      });
    });
  }
  // What loads in the first idle moment waits for the opened conversation's newest page and its
  // rows on screen: they come first (useIdleReached.ts). The inbox's data is not waited for: its
  // code is what the idle moment loads.
  if (opened) firstIdleAfterDrawn(opened.prefetchNewest());
  else firstIdleAfter(Promise.resolve());
  prefetchInbox(queryClient);
  await speaking;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <LanguageRoot>
        <App queryClient={queryClient} />
      </LanguageRoot>
    </StrictMode>,
  );
  registerShellWorker(onMock, firstIdle());
}

void start();
