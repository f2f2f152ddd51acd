import { describe, expect, it } from 'vitest';
import type { ToolCall } from '../toolCalls';
import { newestPlanEdit } from './planEdits';
import { builtFrom, nextTurnOf, planPathOf, planStateOf, planTag } from './planMode';
import { newConversationPayload } from '../newConversation';

const planCall = (id: string, path: string, isError = false, command = 'str_replace'): ToolCall =>
  ({
    toolCallId: id,
    action: {
      kind: 'ActionEvent',
      id: `a-${id}`,
      tool_name: 'planning_file_editor',
      action: { kind: 'PlanningFileEditorAction', command, path },
    },
    outcomes: [
      {
        kind: 'ObservationEvent',
        id: `o-${id}`,
        observation: { kind: 'PlanningFileEditorObservation', command, path, is_error: isError },
      },
    ],
  }) as unknown as ToolCall;

describe('plan first', () => {
  it('plans the next turn of its parent only when it is a planning conversation', () => {
    expect(nextTurnOf({ tags: { tetherplan: 'planning' }, parent_conversation_id: 'p-1' })).toBe('p-1');
    expect(nextTurnOf({ tags: { tetherplan: 'approved:p-1' }, parent_conversation_id: 'p-1' })).toBe('p-1');
    // A child the agent started has a parent and no plan; a plan started alone has no parent.
    expect(nextTurnOf({ tags: {}, parent_conversation_id: 'p-1' })).toBeUndefined();
    expect(nextTurnOf({ tags: { tetherplan: 'planning' }, parent_conversation_id: null })).toBeUndefined();
  });

  it('reads where a plan stands from the tags, and writes it back the same way', () => {
    expect(planStateOf({ tags: { tetherplan: 'planning' } })).toEqual({ kind: 'planning' });
    expect(planStateOf({ tags: { tetherplan: 'approved:b-1' } })).toEqual({
      kind: 'approved',
      buildId: 'b-1',
    });
    expect(planStateOf({ tags: { tetherplan: 'approved:' } })).toEqual({ kind: 'none' });
    expect(planStateOf({ tags: { tetherplan: 'discarded' } })).toEqual({ kind: 'discarded' });
    expect(planStateOf({})).toEqual({ kind: 'none' });
    expect(planTag({ kind: 'approved', buildId: 'b-1' })).toBe('approved:b-1');
    expect(builtFrom({ tags: { tetherplanof: 'p-1' } })).toBe('p-1');
  });

  it('gives the agent the planning tools and prompt only', () => {
    const payload = newConversationPayload(
      'Plan it',
      { model: 'm' } as never,
      '/w',
      'never',
      ['task_tool_set'],
      'plan',
    );
    const agent = payload.agent as { tools: { name: string }[]; system_prompt_filename?: string };
    expect(agent.tools.map((tool) => tool.name)).toEqual([
      'glob',
      'grep',
      'planning_file_editor',
      'task_tracker',
    ]);
    expect(agent.system_prompt_filename).toBe('system_prompt_planning.j2');
    const usual = newConversationPayload('Do it', { model: 'm' } as never, '/w').agent as {
      tools: { name: string }[];
    };
    expect(usual.tools.map((tool) => tool.name)).toContain('terminal');
    const review = newConversationPayload('Review it', { model: 'm' } as never, '/w', 'never', [], 'review')
      .agent as { tools: { name: string }[]; system_prompt_filename?: string };
    expect(review.tools.map((tool) => tool.name)).toEqual(['glob', 'grep']);
    expect(review.system_prompt_filename).toBeUndefined();
  });

  it('finds the plan where the planning editor last wrote it, a refused edit aside', () => {
    const source = (calls: ToolCall[][]) => ({
      rowOrder: calls.map((_, i) => String(i)),
      turnCallsAt: (i: number) => calls[i],
      eventOf: () => undefined,
    });
    expect(
      newestPlanEdit(source([[planCall('1', '/w/PLAN.md')], [planCall('2', '/w/app.py', true)]])),
    ).toEqual({ path: '/w/PLAN.md', eventId: 'o-1' });
    expect(newestPlanEdit(source([[planCall('1', '/w/PLAN.md', false, 'view')]]))).toBeUndefined();
    expect(planPathOf('/w/', undefined)).toBe('/w/.agents_tmp/PLAN.md');
    expect(planPathOf('/w', '/w/PLAN.md')).toBe('/w/PLAN.md');
  });
});
