import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';

// Which part of the workspace panel is open lives in the address (?workspace=changes&path=…),
// so a reload, the Back button and a shared link all find it again.

export type WorkspaceView = 'changes' | 'commits' | 'file' | 'terminal' | 'browser' | 'tasks';

export interface WorkspaceRoute {
  view: WorkspaceView;
  /** A changed file (repository-relative or absolute), or the file to view. */
  path?: string;
  commit?: string;
}

const VIEWS: readonly string[] = ['changes', 'commits', 'file', 'terminal', 'browser', 'tasks'];

export function parseWorkspaceRoute(search: string): WorkspaceRoute | undefined {
  const params = new URLSearchParams(search);
  const view = params.get('workspace');
  if (!view || !VIEWS.includes(view)) return undefined;
  const path = params.get('path') ?? undefined;
  const commit = params.get('commit') ?? undefined;
  return { view: view as WorkspaceView, ...(path ? { path } : {}), ...(commit ? { commit } : {}) };
}

export function workspaceSearch(route: WorkspaceRoute | undefined): string {
  if (!route) return '';
  const params = new URLSearchParams({ workspace: route.view });
  if (route.commit) params.set('commit', route.commit);
  if (route.path) params.set('path', route.path);
  return `?${params.toString()}`;
}

export function useWorkspaceRoute(): WorkspaceRoute | undefined {
  return parseWorkspaceRoute(useSearch());
}

/** Opens the panel at a route (or closes it with undefined), keeping the conversation's path. */
export function useOpenWorkspace(): (route: WorkspaceRoute | undefined) => void {
  const [location, navigate] = useLocation();
  return useCallback((route) => navigate(`${location}${workspaceSearch(route)}`), [location, navigate]);
}
