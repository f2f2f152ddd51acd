import { queryOptions } from '@tanstack/react-query';
import type { ConnectionSettings } from '../../agent-server/servers';
import { vsCodeAddress } from '../../agent-server/vscode';
import { serverKey } from './server';

// Whether the server has VS Code running, and where it opens a folder: asked once a minute at
// most, and never retried (a server without it answers at once, and says so).

export const vsCodeQuery = (settings: ConnectionSettings, folder: string) =>
  queryOptions({
    queryKey: [...serverKey(settings), 'vscode', folder],
    queryFn: () => vsCodeAddress(settings, folder),
    staleTime: 60_000,
    retry: false,
  });
