import type { ActionEvent, ObservationEvent } from '../agent-server/protocol';
import type { Outcome } from './toolCalls';
import { readObservation, type ToolObservation } from '../agent-server/toolActions';
import { screenshotUrl } from './browser/screenshot';
import { isAfter, type Sortable } from './eventOrder';

// What the agent's tools reported beyond their rows in the transcript, kept as results arrive
// (in any order, as the projection receives them): whether the workspace may have changed, the
// newest task list, and the browser's screenshots and page.

function mayChangeWorkspace(observation: ToolObservation): boolean {
  return (
    observation.tool === 'terminal' || (observation.tool === 'file-edit' && observation.command !== 'view')
  );
}

/** The agent's task list as its newest task-tracker result gave it (`plan` and `view` both carry it). */
export interface TaskPlan {
  tasks: readonly TaskItem[];
  /** The call that gave it: its row in the transcript. */
  toolCallId: string;
  timestamp: string;
}

export type TaskItem = { title: string; status: string; notes?: string };

/** A screenshot the agent's browser took, with the page it was on. */
export interface BrowserShot {
  eventId: string;
  toolCallId: string;
  timestamp: string;
  /** The image as a data: URL. */
  image: string;
  url: string | undefined;
}

export class ToolReports {
  /** Results of tools that may have changed the workspace (edits, commands): a cue to re-read it. */
  workspaceObservations = 0;
  /**
   * Every action and tool result as received, for reports built only when wanted: the Terminal
   * tab's lives in its lazy chunk, not on the first load.
   */
  private readonly received: (ActionEvent | Outcome)[] = [];
  private readonly watchers = new Set<(event: ActionEvent | Outcome) => void>();
  private newestPlan: { event: Sortable; plan: TaskPlan } | undefined;
  private shots: BrowserShot[] = [];
  private newestPage: { event: Sortable; url: string } | undefined;

  /** The agent's task list, from the newest task-tracker result held (the same object until a newer one). */
  get taskPlan(): TaskPlan | undefined {
    return this.newestPlan?.plan;
  }

  /** The agent browser's screenshots, oldest first (a new array when one is added). */
  get browserShots(): readonly BrowserShot[] {
    return this.shots;
  }

  /** The page the agent's browser was last on, by the newest browser result that said. */
  get browserPage(): string | undefined {
    return this.newestPage?.url;
  }

  /** Hands `watcher` every action and result received so far, then each one as it comes. */
  watch(watcher: (event: ActionEvent | Outcome) => void): () => void {
    this.received.forEach(watcher);
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  private pass(event: ActionEvent | Outcome): void {
    this.received.push(event);
    this.watchers.forEach((watcher) => watcher(event));
  }

  noteAction(event: ActionEvent): void {
    this.pass(event);
  }

  /** What a tool's result tells beyond its row. */
  note(event: Outcome): void {
    this.pass(event);
    if (event.kind !== 'ObservationEvent') return;
    const observation = readObservation(event.observation);
    if (mayChangeWorkspace(observation)) this.workspaceObservations++;
    if (
      observation.tool === 'task-tracker' &&
      !observation.isError &&
      observation.tasks &&
      isAfter(event.timestamp, event.id, this.newestPlan?.event)
    )
      this.newestPlan = {
        event,
        plan: { tasks: observation.tasks, toolCallId: event.tool_call_id, timestamp: event.timestamp },
      };
    if (observation.tool === 'browser') this.noteBrowser(event, observation.screenshot, observation.url);
  }

  private noteBrowser(
    event: ObservationEvent,
    screenshot: string | undefined,
    url: string | undefined,
  ): void {
    if (url && isAfter(event.timestamp, event.id, this.newestPage?.event)) this.newestPage = { event, url };
    const image = screenshot && screenshotUrl(screenshot);
    if (!image) return;
    const shot = {
      eventId: event.id,
      toolCallId: event.tool_call_id,
      timestamp: event.timestamp,
      image,
      url,
    };
    const shots = [...this.shots];
    let at = shots.length;
    while (at > 0 && isAfter(shots[at - 1]!.timestamp, shots[at - 1]!.eventId, event)) at--;
    shots.splice(at, 0, shot);
    this.shots = shots;
  }
}
