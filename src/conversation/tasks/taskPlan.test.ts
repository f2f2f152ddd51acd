import { describe, expect, it } from 'vitest';
import { planCounts, planSummary, taskStatusWords } from './taskPlan';

describe('the task list in words', () => {
  it('counts each status, an unknown one as still to do', () => {
    const counts = planCounts([
      { title: 'a', status: 'done' },
      { title: 'b', status: 'in_progress' },
      { title: 'c', status: 'todo' },
      { title: 'd', status: 'blocked' },
    ]);
    expect(counts).toEqual({ total: 4, done: 1, inProgress: 1, todo: 2 });
    expect(planSummary(counts)).toBe('1 of 4 done · 1 in progress');
    expect(planSummary(planCounts([{ title: 'a', status: 'done' }]))).toBe('1 of 1 done');
    expect(planSummary(planCounts([]))).toBe('The task list is empty.');
  });

  it('names the statuses, and shows one it does not know as it came', () => {
    expect(['todo', 'in_progress', 'done', 'blocked'].map(taskStatusWords)).toEqual([
      'To do',
      'In progress',
      'Done',
      'blocked',
    ]);
  });
});
