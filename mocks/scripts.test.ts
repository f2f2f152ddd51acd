import { describe, expect, it } from 'vitest';
import { DEFAULT_TOOL_NAMES, scriptFor } from './scripts';

const kinds = (request: string, tools?: string[]) => scriptFor(request, tools).map((step) => step.type);

describe('scriptFor', () => {
  it('uses a browser, a sub-agent or a child conversation only when the conversation was given it', () => {
    const all = [...DEFAULT_TOOL_NAMES, 'browser_tool_set', 'task_tool_set', 'start_child_conversation'];
    expect(kinds('Look at the docs in the browser', all)).toContain('browse');
    expect(kinds('Use a sub-agent to find the parser', all)).toContain('sub-agent');
    expect(kinds('Start a child conversation for the README', all)).toContain('child');
    for (const request of [
      'Look at the docs in the browser',
      'Use a sub-agent to find the parser',
      'Start a child conversation for the README',
    ]) {
      expect(kinds(request)).toEqual(kinds('Tidy the README'));
    }
  });

  it('keeps a task list for a plan with the default tools, and not without the tracker', () => {
    expect(kinds('Make a plan for the docs')).toContain('plan');
    expect(kinds('Make a plan for the docs', ['terminal', 'file_editor'])).not.toContain('plan');
  });
});

describe('the planner', () => {
  const PLANNING = ['glob', 'grep', 'planning_file_editor', 'task_tracker'];
  const objectiveOf = (request: string) => {
    const step = scriptFor(request, PLANNING)[0];
    return step?.type === 'write-plan' ? step.after.split('\n')[1] : undefined;
  };

  it('plans the request, and of a request in parts the part under its first heading', () => {
    expect(objectiveOf('Add a changelog')).toBe('Add a changelog');
    expect(
      objectiveOf(
        'Plan the next turn of the conversation “Docs”.\n\nWhat the next turn should do:\nAdd a changelog\n\nWhere it stands: done',
      ),
    ).toBe('Add a changelog');
  });
});

describe('a second opinion', () => {
  it('with reading tools only, answers in words about the plan it was given', () => {
    const steps = scriptFor('Review this plan:\n\n# 1. OBJECTIVE\nAdd a changelog\n', ['glob', 'grep']);
    expect(steps.map((step) => step.type)).toEqual(['answer']);
    expect(steps[0]?.type === 'answer' && steps[0].say).toContain('“Add a changelog”');
  });
});

describe('a review message', () => {
  const review = [
    '2 review comments on the changes. Please address each one:',
    '',
    '1. `README.md`, line 3:',
    '````diff',
    '+- Note ```this```',
    '````',
    '> Say why.',
    '',
    '2. `README.md`, line 1:',
    '```diff',
    ' # Project',
    '```',
    '> Name it.',
  ].join('\n');
  const files = new Map([['/workspace/README.md', '# Project\n\n- Note ```this```\n']]);

  it('changes the first comment’s line and leaves the others', () => {
    const [edit, answer] = scriptFor(review, undefined, (path) => files.get(path));
    expect(edit).toMatchObject({
      type: 'edit',
      path: '/workspace/README.md',
      after: '# Project\n\n- Note ```this``` (reviewed)\n',
    });
    expect(answer).toMatchObject({ type: 'answer' });
  });

  it('only answers when the line is gone', () => {
    expect(kinds(review)).toEqual(['answer']);
  });
});
