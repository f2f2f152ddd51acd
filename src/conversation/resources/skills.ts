import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ConnectionSettings } from '../../agent-server/servers';
import { skillsClient } from '../../agent-server/skills';
import { serverKey } from './server';

// A server's skills: the installed ones, what new conversations load (the catalog), and the
// public marketplace. A change to the installed ones changes the other two, so all three are
// read again after one.

export const skillsKey = (settings: ConnectionSettings) => [...serverKey(settings), 'skills'] as const;

export const installedSkillsQuery = (settings: ConnectionSettings) =>
  queryOptions({
    queryKey: [...skillsKey(settings), 'installed'] as const,
    queryFn: () => skillsClient(settings).installed(),
  });

export const skillCatalogQuery = (settings: ConnectionSettings) =>
  queryOptions({
    queryKey: [...skillsKey(settings), 'catalog'] as const,
    queryFn: () => skillsClient(settings).catalog(),
  });

export const skillMarketplaceQuery = (settings: ConnectionSettings) =>
  queryOptions({
    queryKey: [...skillsKey(settings), 'marketplace'] as const,
    queryFn: () => skillsClient(settings).marketplace(),
    // The server fetches it from GitHub: once per opening is enough.
    staleTime: 5 * 60_000,
  });

async function thenReread(queryClient: QueryClient, settings: ConnectionSettings, change: Promise<unknown>) {
  try {
    await change;
  } finally {
    await queryClient.invalidateQueries({ queryKey: skillsKey(settings) });
  }
}

export const installSkill = (
  queryClient: QueryClient,
  settings: ConnectionSettings,
  source: { source: string; ref?: string; repoPath?: string },
) => thenReread(queryClient, settings, skillsClient(settings).install(source));

export const setSkillEnabled = (
  queryClient: QueryClient,
  settings: ConnectionSettings,
  name: string,
  enabled: boolean,
) => thenReread(queryClient, settings, skillsClient(settings).setEnabled(name, enabled));

export const updateSkill = (queryClient: QueryClient, settings: ConnectionSettings, name: string) =>
  thenReread(queryClient, settings, skillsClient(settings).update(name));

export const uninstallSkill = (queryClient: QueryClient, settings: ConnectionSettings, name: string) =>
  thenReread(queryClient, settings, skillsClient(settings).uninstall(name));
