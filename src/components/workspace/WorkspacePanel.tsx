import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type RefObject,
} from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExecutionStatus } from '../../agent-server/protocol';
import type { ConversationEventLog } from '../../conversation/eventLog';
import { isActive } from '../../conversation/executionStatus';
import { refreshWorkingTree, type WorkspaceTarget } from '../../conversation/resources/workspace';
import { refreshDelay } from '../../conversation/workspace/refreshRule';
import { ChangesView } from './ChangesView';
import { CommitsView } from './CommitsView';
import { moveFocusWithArrows } from '../keyboard';
import { FileViewer } from './FileViewer';
import { useOpenWorkspace, type WorkspaceRoute } from '../workspaceRoute';
import { TasksView } from '../tasks/TasksView';
import { BrowserView } from '../browser/BrowserView';
import { TerminalView } from '../terminal/TerminalView';
import { usePhoneSheet } from './usePhoneSheet';
import { VsCodeLink } from './VsCodeLink';
import { ResizeHandle } from './ResizeHandle';
import { clampSideWidth, storedSideWidth, storeSideWidth } from './sideWidth';
import { healthQuery } from '../../conversation/resources/server';
import { planCounts } from '../../conversation/tasks/taskPlan';
import './workspace.css';
import { useT, type MessageId } from '../../i18n/i18n';
import 'virtual:tether-english/workspace';

// Beside the conversation: what the agent changed in its workspace (the working tree against
// the server's base, with a diff per file), the commits and what each changed, any file's
// content, the agent's commands (Terminal), its browser and its task list. Loaded the first
// time it is opened.

const TABS = ['changes', 'commits', 'terminal', 'browser', 'tasks'] as const;
type Tab = (typeof TABS)[number];
const TAB_NAMES: Record<Tab, MessageId> = {
  changes: 'workspace.tab.changes',
  commits: 'workspace.tab.commits',
  terminal: 'workspace.tab.terminal',
  browser: 'workspace.tab.browser',
  tasks: 'workspace.tab.tasks',
};
/** The browser tool's name in /server_info's usable_tools (BROWSER_TOOL_NAME in the SDK). */
const BROWSER_TOOL = 'browser_tool_set';

export default function WorkspacePanel({
  workspace,
  route,
  log,
  status,
  hasOlder,
  loadAllOlder,
}: {
  workspace: WorkspaceTarget;
  route: WorkspaceRoute;
  log: ConversationEventLog;
  status: ExecutionStatus | undefined;
  /** Older history not loaded yet (the task list may be there), and how to load it. */
  hasOlder: boolean;
  loadAllOlder: () => Promise<void>;
}) {
  const t = useT();
  const open = useOpenWorkspace();
  useRefreshWhileWorking(workspace, log, status);
  const queryClient = useQueryClient();
  const panelRef = useRef<HTMLElement>(null);
  useEffect(() => panelRef.current?.focus(), []);
  const close = useCallback(() => open(undefined), [open]);
  usePhoneSheet(panelRef, close);
  const { width, areaWidth, resize } = useSideWidth(panelRef);
  const plan = useSyncExternalStore(log.subscribe, () => log.projection.reports.taskPlan);
  const counts = plan && planCounts(plan.tasks);
  // The Browser tab is there when the server has the browser tool, or the agent already used it.
  const health = useQuery(healthQuery(workspace.settings)).data;
  const browsed = useSyncExternalStore(log.subscribe, () => log.projection.reports.browserPage !== undefined);
  const hasBrowser =
    browsed || (health?.kind === 'reachable' && (health.usableTools ?? []).includes(BROWSER_TOOL));
  const tabs = TABS.filter((view) => view !== 'browser' || hasBrowser);
  const asked = route.view === 'file' ? 'changes' : route.view;
  const tab: Tab = tabs.includes(asked) ? asked : 'changes';
  return (
    <aside
      className="workspace-panel"
      aria-label={t('workspace.label')}
      ref={panelRef}
      tabIndex={-1}
      style={width === undefined ? undefined : ({ '--side-width': `${width}px` } as CSSProperties)}
    >
      {width !== undefined && areaWidth !== undefined && (
        <ResizeHandle width={width} areaWidth={areaWidth} onResize={resize} />
      )}
      <header className="workspace-header">
        <h2>{t('workspace.label')}</h2>
        <span className="workspace-folder" title={t('workspace.folder')}>
          {workspace.repository}
        </span>
        {(tab === 'changes' || tab === 'commits') && (
          <button type="button" onClick={() => void refreshWorkingTree(queryClient, workspace)}>
            {t('workspace.refresh')}
          </button>
        )}
        <VsCodeLink workspace={workspace} />
        <button type="button" aria-label={t('workspace.closeLabel')} onClick={() => open(undefined)}>
          {t('workspace.close')}
        </button>
        <div
          role="tablist"
          aria-label={t('workspace.views')}
          className="workspace-tabs"
          // ← → move between the views and show the one reached (one Tab stop for the row).
          onKeyDown={(event) => moveFocusWithArrows(event, '[role="tab"]', 'horizontal')?.click()}
        >
          {tabs.map((view) => (
            <button
              key={view}
              type="button"
              role="tab"
              id={`workspace-tab-${view}`}
              aria-controls="workspace-view"
              aria-selected={tab === view && route.view !== 'file'}
              tabIndex={tab === view ? 0 : -1}
              onClick={() => open({ view })}
              // The counter reads "2/5": the name keeps the words shown (WCAG 2.5.3), and the
              // description says it in words, "2 of 5 done".
              aria-describedby={view === 'tasks' && counts ? 'workspace-tasks-done' : undefined}
            >
              {t(TAB_NAMES[view])}
              {view === 'tasks' && counts && ' '}
              {view === 'tasks' && counts && (
                <span className="tab-count">
                  {counts.done}/{counts.total}
                </span>
              )}
            </button>
          ))}
        </div>
        {counts && (
          <span id="workspace-tasks-done" className="visually-hidden">
            {t('workspace.tasksDone', { done: counts.done, count: counts.total })}
          </span>
        )}
      </header>
      <div
        className="workspace-body"
        id="workspace-view"
        // A file opened from a list is no tab's view: it has its own heading and a way back.
        {...(route.view === 'file' ? {} : { role: 'tabpanel', 'aria-labelledby': `workspace-tab-${tab}` })}
      >
        {route.view === 'file' && route.path ? (
          <FileViewer workspace={workspace} path={route.path} />
        ) : tab === 'commits' ? (
          <CommitsView workspace={workspace} route={route} />
        ) : tab === 'tasks' ? (
          <TasksView log={log} hasOlder={hasOlder} loadAllOlder={loadAllOlder} />
        ) : tab === 'browser' ? (
          <BrowserView log={log} />
        ) : tab === 'terminal' ? (
          <TerminalView log={log} working={isActive(status)} workspace={workspace} />
        ) : (
          <ChangesView workspace={workspace} route={route} log={log} />
        )}
      </div>
    </aside>
  );
}

/**
 * The side area's width beside the chat: half of the area until the person moves the divider,
 * then what they chose (kept in this browser), always within what the area allows.
 */
function useSideWidth(panelRef: RefObject<HTMLElement | null>) {
  const [areaWidth, setAreaWidth] = useState<number | undefined>(undefined);
  const [chosen, setChosen] = useState(storedSideWidth);
  useLayoutEffect(() => {
    const area = panelRef.current?.parentElement;
    if (!area || typeof ResizeObserver === 'undefined') return;
    const measure = () => setAreaWidth(area.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(area);
    return () => observer.disconnect();
  }, [panelRef]);
  const width = areaWidth === undefined ? undefined : clampSideWidth(chosen ?? areaWidth / 2, areaWidth);
  const resize = useCallback((next: number, done: boolean) => {
    setChosen(next);
    if (done) storeSideWidth(next);
  }, []);
  return { width, areaWidth, resize };
}

/** Re-reads the working tree after the agent edits or runs something, at most once a second, and when a run settles. */
function useRefreshWhileWorking(
  workspace: WorkspaceTarget,
  log: ConversationEventLog,
  status: ExecutionStatus | undefined,
) {
  const queryClient = useQueryClient();
  const touches = useSyncExternalStore(log.subscribe, () => log.projection.reports.workspaceObservations);
  const settled = status !== undefined && !isActive(status);
  const last = useRef(Date.now());
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = window.setTimeout(
      () => {
        last.current = Date.now();
        void refreshWorkingTree(queryClient, workspace);
      },
      refreshDelay(last.current, Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [touches, settled, queryClient, workspace]);
}
