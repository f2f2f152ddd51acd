import { useId, useMemo, useState } from 'react';
import { useModalDialog } from '../useModalDialog';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useStore } from 'zustand';
import { useLocation } from 'wouter';
import type { ConversationInfo, Page } from '../../agent-server/protocol';
import { useServers } from '../../agent-server/servers';
import { conversationPath } from '../conversationPath';
import { conversationListKey } from '../../conversation/resources/conversations';
import { shownTitle } from '../shownTitle';
import { commandStore } from './commands';
import './commands.css';
import { useLanguage, useT } from '../../i18n/i18n';
import 'virtual:tether-english/palette';
import { KEY_WORDS } from './keyWords';
import type { MessageId } from '../../i18n/i18n';

interface Entry {
  key: string;
  label: string;
  kind: 'action' | 'conversation';
  /** The words of the keys that run it too. */
  keys?: MessageId;
  run: () => void;
}

/** As many as fit without scrolling: narrowing by typing is quicker than scrolling. */
const MAX_SHOWN = 12;

/**
 * Ctrl/Cmd+K: a modal list of what can be done now and of every loaded conversation, narrowed
 * by the words typed; ↑/↓ choose, Enter runs, Esc closes.
 */
export default function CommandPalette({ onClose }: { onClose: () => void }) {
  const t = useT();
  const language = useLanguage();
  const dialog = useModalDialog(onClose);
  const [, navigate] = useLocation();
  const servers = useServers();
  const queryClient = useQueryClient();
  const commands = useStore(commandStore, (state) => state.commands);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();

  const entries = useMemo(() => {
    // Every loaded conversation of every server, each named with its server when there are several.
    const conversations: Entry[] = servers.flatMap((server) =>
      (
        queryClient.getQueryData<InfiniteData<Page<ConversationInfo>>>(conversationListKey(server))?.pages ??
        []
      )
        .flatMap((page) => page.items)
        .map((conversation) => ({
          key: `conversation:${server.id}:${conversation.id}`,
          label: `${shownTitle(queryClient, server, conversation)}${servers.length > 1 ? ` · ${server.name}` : ''}`,
          kind: 'conversation' as const,
          run: () => navigate(conversationPath(server.id, conversation.id)),
        })),
    );
    const actions: Entry[] = Object.values(commands)
      .filter((command) => command.inPalette)
      .sort((a, b) => a.label.localeCompare(b.label, language))
      .map((command) => ({
        key: command.id,
        label: command.label,
        kind: 'action' as const,
        keys: command.keys && KEY_WORDS[command.keys],
        run: command.run,
      }));
    const words = text.toLowerCase().split(/\s+/).filter(Boolean);
    return [...actions, ...conversations]
      .filter((entry) => words.every((word) => entry.label.toLowerCase().includes(word)))
      .slice(0, MAX_SHOWN);
  }, [commands, queryClient, servers, navigate, text, language]);
  const chosen = entries[Math.min(active, entries.length - 1)];

  const runChosen = () => {
    if (!chosen) return;
    dialog.current?.close();
    chosen.run();
  };

  return (
    <dialog ref={dialog} className="command-palette" aria-label={t('palette.label')}>
      <input
        type="text"
        role="combobox"
        aria-label={t('palette.input')}
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={chosen ? `${listId}-${chosen.key}` : undefined}
        autoFocus
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            const by = event.key === 'ArrowDown' ? 1 : -1;
            setActive(
              (index) =>
                (Math.min(index, entries.length - 1) + by + entries.length) % Math.max(entries.length, 1),
            );
          } else if (event.key === 'Enter') {
            event.preventDefault();
            runChosen();
          }
        }}
      />
      <ul id={listId} role="listbox" aria-label={t('palette.list')}>
        {entries.map((entry) => (
          <li
            key={entry.key}
            id={`${listId}-${entry.key}`}
            role="option"
            aria-selected={entry === chosen}
            onPointerDown={(event) => event.preventDefault()}
            onClick={() => {
              dialog.current?.close();
              entry.run();
            }}
          >
            <span className="command-kind">
              {entry.kind === 'action' ? t('palette.action') : t('palette.conversation')}
            </span>{' '}
            {entry.label}
            {entry.keys && (
              <>
                {' '}
                <kbd className="command-keys">{t(entry.keys)}</kbd>
              </>
            )}
          </li>
        ))}
      </ul>
      {entries.length === 0 && <p className="command-none">{t('palette.none', { text })}</p>}
    </dialog>
  );
}
