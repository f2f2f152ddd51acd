import { describe, expect, it } from 'vitest';
import { EventClock, taskTrackerAction, taskTrackerObservation, type Task } from '../../mocks/events';
import type { ServerEvent } from '../agent-server/protocol';
import { ConversationProjection } from './projection';

// What tools reported beyond their rows, fed through the projection as the app feeds it.

const clock = () => new EventClock(Date.UTC(2026, 10, 1, 9), 'e');

describe('tool reports', () => {
  it('keeps the newest task list, whatever order the results arrive in; a failed update keeps it', () => {
    const c = clock();
    const first: Task[] = [{ title: 'Read', status: 'in_progress' }];
    const second: Task[] = [
      { title: 'Read', status: 'done' },
      { title: 'Write', status: 'todo', notes: 'after reading' },
    ];
    const planOne = taskTrackerAction(c, first);
    const resultOne = taskTrackerObservation(c, planOne, first);
    const planTwo = taskTrackerAction(c, second);
    const resultTwo = taskTrackerObservation(c, planTwo, second);
    const planThree = taskTrackerAction(c, []);
    const failed = {
      ...taskTrackerObservation(c, planThree, []),
      observation: {
        kind: 'TaskTrackerObservation',
        is_error: true,
        command: 'plan',
        task_list: [],
        content: [],
      },
    } as ServerEvent;
    const projection = new ConversationProjection();
    expect(projection.reports.taskPlan).toBeUndefined();
    // The newer page first (as history arrives), the older after it, then a failed update.
    projection.apply([planTwo, resultTwo]);
    const newest = projection.reports.taskPlan;
    expect(newest).toEqual({
      tasks: second,
      toolCallId: planTwo.tool_call_id,
      timestamp: resultTwo.timestamp,
    });
    projection.apply([planOne, resultOne, planThree, failed]);
    expect(projection.reports.taskPlan).toBe(newest);
  });

  it('keeps the browser’s screenshots in time order and the page it was last on', () => {
    const c = clock();
    const browse = (url: string, screenshot?: string) => {
      const action = {
        ...c.next(),
        kind: 'ActionEvent',
        source: 'agent',
        tool_name: 'browser_get_state',
        tool_call_id: `call-${url}`,
        action: { kind: 'BrowserGetStateAction', include_screenshot: true },
      };
      const result = {
        ...c.next(),
        kind: 'ObservationEvent',
        source: 'environment',
        tool_name: 'browser_get_state',
        tool_call_id: action.tool_call_id,
        action_id: action.id,
        observation: {
          kind: 'BrowserObservation',
          content: [{ type: 'text', text: JSON.stringify({ url, title: url }) }],
          is_error: false,
          ...(screenshot ? { screenshot_data: screenshot } : {}),
        },
      };
      return [action, result] as ServerEvent[];
    };
    const first = browse('http://a/', 'iVBORw0KGgoA');
    const second = browse('http://b/', 'iVBORw0KGgoB');
    const third = browse('http://c/');
    const projection = new ConversationProjection();
    projection.apply([...third, ...second]);
    projection.apply(first);
    expect(projection.reports.browserShots.map((shot) => [shot.url, shot.image])).toEqual([
      ['http://a/', 'data:image/png;base64,iVBORw0KGgoA'],
      ['http://b/', 'data:image/png;base64,iVBORw0KGgoB'],
    ]);
    expect(projection.reports.browserPage).toBe('http://c/');
  });
});
