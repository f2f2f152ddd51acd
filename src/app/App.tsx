import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Link, Route, Switch, useLocation, useRoute } from 'wouter';
import { ConnectionPanel } from '../components/ConnectionPanel';
import { ConversationList } from '../components/ConversationList';
import { ConversationView } from '../components/ConversationView';
import { NotifyToggle } from '../components/follow/NotifyToggle';
import { useAppShortcuts } from '../components/shortcuts/useAppShortcuts';
import { useCommand } from '../components/commands/commands';

import { httpStatus } from '../agent-server/client';
import { setThemeChoice, useThemeChoice, type ThemeChoice } from './theme';
import { lazyPart } from '../components/boundaries/lazyPart';

const ShortcutsSheet = lazyPart(() => import('../components/shortcuts/ShortcutsSheet'));
const CommandPalette = lazyPart(() => import('../components/commands/CommandPalette'));

// Opening a conversation (the usual first screen) does not wait for the new-conversation form.
const NewConversation = lazyPart(() =>
  import('../components/NewConversation').then((module) => ({ default: module.NewConversation })),
);

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
  const [, params] = useRoute<{ id: string }>('/conversations/:id');
  const [location] = useLocation();
  // On a phone the list is a drawer: opened from the header, closed by a choice, Esc or a tap outside.
  const [drawerOpen, setDrawerOpen] = useState(false);
  useEffect(() => setDrawerOpen(false), [location]);
  const drawerToggle = useRef<HTMLButtonElement>(null);
  const [shortcutsShown, setShortcutsShown] = useState(false);
  const showShortcuts = useCallback(() => setShortcutsShown(true), []);
  const hideShortcuts = useCallback(() => setShortcutsShown(false), []);
  const [paletteShown, setPaletteShown] = useState(false);
  const showPalette = useCallback(() => setPaletteShown(true), []);
  const hidePalette = useCallback(() => setPaletteShown(false), []);
  useAppShortcuts({ showShortcuts, showPalette });
  const [, navigate] = useLocation();
  useCommand('new-conversation', 'New conversation', () => {
    navigate('/');
    // The form is lazy: its field takes focus once it is there.
    requestAnimationFrame(() => document.querySelector<HTMLElement>('textarea[name="message"]')?.focus());
  });
  useCommand('shortcuts', 'Keyboard shortcuts', showShortcuts);
  useCommand('theme-light', 'Theme: light', () => setThemeChoice('light'));
  useCommand('theme-dark', 'Theme: dark', () => setThemeChoice('dark'));
  useCommand('theme-system', 'Theme: as the system', () => setThemeChoice('system'));
  // Opened, the drawer takes focus (its heading); closed with Esc, focus returns to its button.
  useEffect(() => {
    if (drawerOpen) document.getElementById('conversation-list-heading')?.focus();
  }, [drawerOpen]);
  return (
    <div className={`app${drawerOpen ? ' drawer-open' : ''}`}>
      <a
        className="skip-link"
        href="#composer-input"
        onClick={(event) => {
          // To the message box when a conversation is open, else to the main content.
          event.preventDefault();
          (document.getElementById('composer-input') ?? document.getElementById('main'))?.focus();
        }}
      >
        Skip to the message box
      </a>
      {paletteShown && (
        <Suspense fallback={null}>
          <CommandPalette onClose={hidePalette} />
        </Suspense>
      )}
      {shortcutsShown && (
        <Suspense fallback={null}>
          <ShortcutsSheet onClose={hideShortcuts} />
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
        >
          Conversations
        </button>
        <a className="brand" href="/">
          Tether
        </a>
        <Link href="/" className="button-link new-conversation-link">
          New conversation
        </Link>
        <ConnectionPanel />
        <NotifyToggle />
        <ThemeSwitch />
      </header>
      {drawerOpen && (
        <div className="drawer-backdrop" aria-hidden="true" onClick={() => setDrawerOpen(false)} />
      )}
      <aside
        className="sidebar"
        id="conversation-drawer"
        aria-label="Conversation list"
        {...(drawerOpen ? { 'data-closes-on-escape': '' } : {})}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !drawerOpen) return;
          event.preventDefault();
          setDrawerOpen(false);
          drawerToggle.current?.focus();
        }}
      >
        <ConversationList selectedId={params?.id} />
      </aside>
      <main className="main" id="main" tabIndex={-1}>
        <Switch>
          <Route path="/conversations/:id">
            {(p) => <ConversationView key={p.id} conversationId={p.id} />}
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

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Layout />
    </QueryClientProvider>
  );
}

function ThemeSwitch() {
  const choice = useThemeChoice();
  return (
    <select
      className="theme-switch"
      aria-label="Theme"
      value={choice}
      onChange={(event) => setThemeChoice(event.target.value as ThemeChoice)}
    >
      <option value="system">System theme</option>
      <option value="light">Light theme</option>
      <option value="dark">Dark theme</option>
    </select>
  );
}
