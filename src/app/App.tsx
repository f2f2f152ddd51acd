import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Link, Redirect, Route, Switch, useLocation, useRoute, useSearch } from 'wouter';
import { ConversationView } from '../components/ConversationView';
import { useCommandKeys } from '../components/commands/useCommandKeys';
import { typingIn } from '../components/keyboard';
import { useCommand } from '../components/commands/commands';

import { httpStatus } from '../agent-server/client';
import { readDefaultServer, useServer } from '../agent-server/servers';
import { ServerScope } from '../components/servers/serverScope';
import {
  CONVERSATION_ROUTE,
  SINGLE_SERVER_CONVERSATION_ROUTE,
  conversationPath,
} from '../components/conversationPath';
import { openAddServer, serverToAdd } from '../components/servers/serversDialog';
import { setThemeChoice } from './theme';
import { useDialogOpenings } from './useDialogOpenings';
import { useDrawerClosedWhenWidened } from './useDrawerClosedWhenWidened';
import { lazyPart, usePartsLoaded } from '../components/boundaries/lazyPart';
import { PartBoundary } from '../components/boundaries/PartBoundary';
import { Failed } from '../components/boundaries/Failed';
import { useIdleReached } from '../components/useIdleReached';
import { useStore } from 'zustand';
import { attention } from '../components/follow/attention';
import { inboxTabTitle } from '../conversation/follow/runNotices';
import { useT } from '../i18n/i18n';

// The inbox and the header's own buttons are beside the first screen, not part of it: their code
// loads in the first idle moment (the list's data was asked for before the first render, see
// openingPrefetch), so the conversation being opened is drawn without waiting for it.
const loadIdleParts = () => import('./idleParts');
const ConversationList = lazyPart(() =>
  loadIdleParts().then((module) => ({ default: module.ConversationList })),
);
const HeaderTools = lazyPart(() => loadIdleParts().then((module) => ({ default: module.HeaderTools })));
// Addresses that name a server this browser does not know are rare: their page loads when needed.
const UnknownServer = lazyPart(() => import('../components/servers/UnknownServer'));
const ShortcutsSheet = lazyPart(() => import('../components/shortcuts/ShortcutsSheet'));
// Search over every kept conversation: its page, its index and its worker load when it opens.
const SearchPage = lazyPart(() => import('../components/search/SearchPage'));
const CommandPalette = lazyPart(() => import('../components/commands/CommandPalette'));
// The board of every conversation on every server: its page loads when it opens.
const BoardPage = lazyPart(() => import('../components/board/BoardPage'));

// Opening a conversation (the usual first screen) does not wait for the new-conversation form.
const NewConversation = lazyPart(() =>
  import('../components/NewConversation').then((module) => ({ default: module.NewConversation })),
);

/** A proper name: the same in every language. */
const PRODUCT_NAME = 'Tether';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A wrong key or a missing conversation will not fix itself by retrying.
        retry: (count, error) => count < 2 && ![400, 401, 403, 404, 422].includes(httpStatus(error) ?? 0),
        refetchOnWindowFocus: false,
      },
    },
  });
}

function Layout() {
  const [, params] = useRoute<{ serverId: string; id: string }>(CONVERSATION_ROUTE);
  const selected = params ? { serverId: params.serverId, conversationId: params.id } : undefined;
  const [location, navigate] = useLocation();
  const search = useSearch();
  // With no conversation open, the tab title counts what waits for approval on every server.
  const waitingElsewhere = useStore(attention, (state) => state.waitingElsewhere);
  // The board says it its own way: what needs the person on every server.
  const onBoard = location === '/board';
  useEffect(() => {
    if (!params && !onBoard) document.title = inboxTabTitle(waitingElsewhere);
  }, [params, onBoard, waitingElsewhere]);
  // A link `?add-server=<url>` opens Add server, filled in; the address forgets it at once.
  useEffect(() => {
    const url = serverToAdd(search);
    if (url === undefined) return;
    openAddServer(url);
    const rest = new URLSearchParams(search);
    rest.delete('add-server');
    navigate(`${location}${rest.size ? `?${rest}` : ''}`, { replace: true });
  }, [search, location, navigate]);
  // On a phone the list is a drawer: opened from the header, closed by a choice, Esc or a tap outside.
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  useEffect(() => setDrawerOpen(false), [location]);
  const drawerToggle = useRef<HTMLButtonElement>(null);
  useDrawerClosedWhenWidened(drawerOpen, closeDrawer);
  // The idle moment's parts are drawn once their code is here, so that neither suspends (lazyPart).
  // Away from a conversation the inbox is the first screen: its code came with the page's scripts
  // (vite.config.ts, inboxPreload), and it is drawn without waiting for the idle moment.
  const idleReached = useIdleReached();
  const idle = usePartsLoaded(idleReached || !selected, ConversationList, HeaderTools);
  const shortcuts = useDialogOpenings();
  const palette = useDialogOpenings();
  const showShortcuts = shortcuts.show;
  const t = useT();
  // Every command's keys, listened for once. "?" is a character while typing: the sheet opens only
  // from outside a field. The palette opens from anywhere, the message box included.
  useCommandKeys();
  useCommand('palette', t('shell.commandPalette'), palette.show, true, { keys: 'palette', inPalette: false });
  useCommand('new-conversation', t('shell.newConversation'), () => {
    navigate('/');
    // The form is lazy: its field takes focus once it is there.
    requestAnimationFrame(() => document.querySelector<HTMLElement>('textarea[name="message"]')?.focus());
  });
  useCommand('shortcuts', t('shell.keyboardShortcuts'), showShortcuts, true, {
    keys: 'help',
    when: (event) => !typingIn(event),
  });
  useCommand('search', t('command.search'), () => navigate('/search'));
  useCommand('board', t('command.board'), () => navigate('/board'), true, { keys: 'board' });
  useCommand('theme-light', t('theme.command.light'), () => setThemeChoice('light'));
  useCommand('theme-dark', t('theme.command.dark'), () => setThemeChoice('dark'));
  useCommand('theme-system', t('theme.command.system'), () => setThemeChoice('system'));
  // Opened, the drawer takes focus (its heading); closed with Esc, focus returns to its button.
  useEffect(() => {
    if (drawerOpen) document.getElementById('conversation-list-heading')?.focus();
  }, [drawerOpen]);
  return (
    <div className={`app${drawerOpen ? ' drawer-open' : ''}`}>
      {/* To the message box when a conversation is open, else to the new conversation's task
          (the main content when neither is there: an unknown server, say). */}
      <a
        className="skip-link"
        href={selected ? '#composer-input' : '#new-task'}
        onClick={(event) => {
          event.preventDefault();
          (
            document.getElementById(selected ? 'composer-input' : 'new-task') ??
            document.getElementById('main')
          )?.focus();
        }}
      >
        {selected ? t('shell.skipToMessageBox') : t('shell.skipToTaskField')}
      </a>
      {palette.opening !== null && (
        <Suspense fallback={null}>
          <CommandPalette key={palette.opening} onClose={() => palette.closed(palette.opening!)} />
        </Suspense>
      )}
      {shortcuts.opening !== null && (
        <Suspense fallback={null}>
          <ShortcutsSheet key={shortcuts.opening} onClose={() => shortcuts.closed(shortcuts.opening!)} />
        </Suspense>
      )}
      <header className="app-header">
        <button
          ref={drawerToggle}
          type="button"
          className="drawer-toggle"
          aria-expanded={drawerOpen}
          aria-controls="conversation-drawer"
          onClick={() => setDrawerOpen((open) => !open)}
          data-icon="☰"
        >
          {t('shell.conversations')}
        </button>
        <a className="brand" href="/">
          {PRODUCT_NAME}
        </a>
        <Link href="/" className="button-link new-conversation-link" data-icon="+">
          {t('shell.newConversation')}
        </Link>
        {idle && (
          <Suspense fallback={null}>
            <HeaderTools />
          </Suspense>
        )}
      </header>
      {drawerOpen && <div className="drawer-backdrop" aria-hidden="true" onClick={closeDrawer} />}
      <aside
        className="sidebar"
        id="conversation-drawer"
        aria-label={t('shell.conversationList')}
        {...(drawerOpen ? { 'data-closes-on-escape': '' } : {})}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !drawerOpen) return;
          event.preventDefault();
          setDrawerOpen(false);
          drawerToggle.current?.focus();
        }}
      >
        {idle ? (
          <Suspense fallback={<p className="loading">{t('shell.loadingConversations')}</p>}>
            <ConversationList selected={selected} />
          </Suspense>
        ) : (
          <p className="loading">{t('shell.loadingConversations')}</p>
        )}
      </aside>
      {/* Under the open drawer the chat is out of reach, as behind a dialog; the header stays:
          its button is how a screen reader on a touch screen closes the drawer. */}
      <main className="main" id="main" tabIndex={-1} inert={drawerOpen}>
        <Switch>
          <Route path={CONVERSATION_ROUTE}>
            {(p) => <ConversationOnServer serverId={p.serverId} conversationId={p.id} />}
          </Route>
          <Route path="/search">
            <Suspense fallback={null}>
              <SearchPage />
            </Suspense>
          </Route>
          <Route path="/board">
            <Suspense fallback={null}>
              <BoardPage />
            </Suspense>
          </Route>
          <Route path={SINGLE_SERVER_CONVERSATION_ROUTE}>
            {(p) => <SingleServerAddress conversationId={p.id} />}
          </Route>
          <Route>
            <Suspense fallback={null}>
              <NewConversation />
            </Suspense>
          </Route>
        </Switch>
      </main>
    </div>
  );
}

/** A conversation's address names its server; one this browser does not know is said so. */
function ConversationOnServer({ serverId, conversationId }: { serverId: string; conversationId: string }) {
  const server = useServer(serverId);
  if (!server)
    return (
      <Suspense fallback={null}>
        <UnknownServer serverId={serverId} />
      </Suspense>
    );
  return (
    <ServerScope value={server}>
      {/* A conversation that fails while drawn leaves the list and the header working. */}
      <PartBoundary
        key={`${server.id}/${conversationId}`}
        fallback={(retry) => <Failed part="conversation" retry={retry} />}
      >
        <ConversationView conversationId={conversationId} />
      </PartBoundary>
    </ServerScope>
  );
}

/** An address of the single-server days means the default server. */
function SingleServerAddress({ conversationId }: { conversationId: string }) {
  const search = useSearch();
  const server = readDefaultServer();
  if (!server)
    return (
      <Suspense fallback={null}>
        <UnknownServer />
      </Suspense>
    );
  return (
    <Redirect replace to={`${conversationPath(server.id, conversationId)}${search ? `?${search}` : ''}`} />
  );
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <PartBoundary fallback={(retry) => <Failed part="app" retry={retry} />}>
        <Layout />
      </PartBoundary>
    </QueryClientProvider>
  );
}
