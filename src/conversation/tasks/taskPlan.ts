import type { TaskItem } from '../toolReports';
import { t, type MessageId } from '../../i18n/i18n';

// The agent's task list (the task_tracker tool: statuses todo, in_progress, done), in words and
// counts, for its card in the transcript and the Tasks tab.

const STATUS_WORDS: Record<string, MessageId> = {
  todo: 'plan.todo',
  in_progress: 'plan.inProgress',
  done: 'plan.done',
};

/** A task's status in words; a status the server adds later is shown as it comes. */
export function taskStatusWords(status: string): string {
  return status in STATUS_WORDS ? t(STATUS_WORDS[status]!) : status;
}

export interface PlanCounts {
  total: number;
  done: number;
  inProgress: number;
  todo: number;
}

export function planCounts(tasks: readonly TaskItem[]): PlanCounts {
  const counts = { total: tasks.length, done: 0, inProgress: 0, todo: 0 };
  for (const task of tasks) {
    if (task.status === 'done') counts.done++;
    else if (task.status === 'in_progress') counts.inProgress++;
    else counts.todo++;
  }
  return counts;
}

/** "2 of 5 done · 1 in progress": the list's state in one line. */
export function planSummary(counts: PlanCounts): string {
  if (counts.total === 0) return t('plan.empty');
  const parts = [t('plan.doneOf', { done: counts.done, count: counts.total })];
  if (counts.inProgress > 0) parts.push(t('plan.inProgressCount', { count: counts.inProgress }));
  return parts.join(' · ');
}
