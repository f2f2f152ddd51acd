import { describe, expect, it } from 'vitest';
import { readAction, readObservation } from './toolActions';

describe('the server’s tool vocabulary', () => {
  it('reads each action kind into its view', () => {
    expect(readAction({ kind: 'TerminalAction', command: 'ls', is_input: false })).toEqual({
      tool: 'terminal',
      command: 'ls',
      isInput: false,
    });
    expect(
      readAction({
        kind: 'FileEditorAction',
        command: 'str_replace',
        path: '/a.py',
        old_str: 'x',
        new_str: 'y',
      }),
    ).toMatchObject({ tool: 'file-edit', command: 'str_replace', path: '/a.py', oldStr: 'x', newStr: 'y' });
    expect(readAction({ kind: 'FinishAction', message: 'Done.' })).toEqual({
      tool: 'finish',
      message: 'Done.',
    });
    expect(readAction({ kind: 'ThinkAction', thought: 'hmm' })).toEqual({ tool: 'think', thought: 'hmm' });
    expect(readAction({ kind: 'TaskTrackerAction', command: 'plan' })).toEqual({
      tool: 'task-tracker',
      command: 'plan',
    });
    expect(readAction({ kind: 'BrowserNavigateAction', url: 'http://x' })).toEqual({
      tool: 'browser',
      kind: 'BrowserNavigateAction',
      url: 'http://x',
    });
    expect(readAction({ kind: 'DelegateAction', command: 'spawn' })).toEqual({
      tool: 'delegate',
      kind: 'DelegateAction',
    });
    expect(
      readAction({
        kind: 'StartChildConversationAction',
        task: 'Write the docs',
        title: 'Docs',
        isolation: 'shared',
      }),
    ).toEqual({ tool: 'child-conversation', title: 'Docs', task: 'Write the docs' });
    expect(readAction({ kind: 'StartChildConversationAction', task: 'x', title: null })).toEqual({
      tool: 'child-conversation',
      title: undefined,
      task: 'x',
    });
    expect(
      readAction({
        kind: 'TaskAction',
        prompt: 'Find the parser',
        subagent_type: 'code-explorer',
        description: null,
      }),
    ).toEqual({
      tool: 'sub-agent',
      subagent: 'code-explorer',
      description: undefined,
      prompt: 'Find the parser',
    });
    expect(readAction({ kind: 'MCPToolAction', data: {} })).toEqual({ tool: 'mcp', kind: 'MCPToolAction' });
    expect(readAction({ kind: 'GlobAction' })).toEqual({ tool: 'unknown', kind: 'GlobAction' });
  });

  it('survives what a server should not send', () => {
    expect(readAction(null)).toBeUndefined();
    expect(readAction('TerminalAction')).toBeUndefined();
    expect(readAction({ kind: 'TerminalAction', command: 42 })).toEqual({
      tool: 'terminal',
      command: '',
      isInput: false,
    });
    expect(readAction({ kind: 7 })).toEqual({ tool: 'unknown', kind: undefined });
    expect(readObservation(undefined)).toMatchObject({ tool: 'other', kind: undefined, isError: false });
    expect(readObservation({ kind: 'TaskTrackerObservation', task_list: 'no' })).toEqual({
      tool: 'task-tracker',
      tasks: undefined,
      isError: false,
    });
  });

  it('reads observations: file edits, task lists, exit codes', () => {
    expect(
      readObservation({ kind: 'FileEditorObservation', path: '/a', old_content: 'a', new_content: 'b' }),
    ).toEqual({
      tool: 'file-edit',
      command: undefined,
      path: '/a',
      oldContent: 'a',
      newContent: 'b',
      existed: false,
      isError: false,
    });
    expect(
      readObservation({
        kind: 'TaskTrackerObservation',
        task_list: [{ title: 'T', status: 'done', notes: 'n' }, 3],
      }),
    ).toEqual({ tool: 'task-tracker', tasks: [{ title: 'T', status: 'done', notes: 'n' }], isError: false });
    expect(readObservation({ kind: 'TerminalObservation', command: 'ls', exit_code: 2 })).toMatchObject({
      tool: 'terminal',
      command: 'ls',
      exitCode: 2,
    });
  });

  it('reads a browser result’s screenshot and the page it was on', () => {
    const content = (text: string) => [{ type: 'text', text }];
    expect(
      readObservation({
        kind: 'BrowserObservation',
        content: content('<url>\nhttp://localhost:3000/docs\n</url>\n<content>…</content>'),
        is_error: false,
      }),
    ).toEqual({ tool: 'browser', screenshot: undefined, url: 'http://localhost:3000/docs', isError: false });
    expect(
      readObservation({
        kind: 'BrowserObservation',
        content: content(JSON.stringify({ url: 'http://localhost:3000/', title: 'Home', tabs: [] })),
        screenshot_data: 'iVBORw0KGgo=',
        is_error: false,
      }),
    ).toMatchObject({ screenshot: 'iVBORw0KGgo=', url: 'http://localhost:3000/' });
    expect(
      readObservation({ kind: 'BrowserObservation', content: content('Clicked.'), is_error: true }),
    ).toEqual({
      tool: 'browser',
      screenshot: undefined,
      url: undefined,
      isError: true,
    });
  });
});

describe('a child conversation’s launch result', () => {
  it('names the child, or says the launch failed', () => {
    expect(
      readObservation({
        kind: 'StartChildConversationObservation',
        conversation_id: '2b7c',
        parent_conversation_id: '1a6b',
        status: 'running',
        title: 'Docs',
        is_error: false,
      }),
    ).toEqual({ tool: 'child-conversation', conversationId: '2b7c', title: 'Docs', isError: false });
    expect(
      readObservation({ kind: 'StartChildConversationObservation', conversation_id: null, is_error: true }),
    ).toEqual({ tool: 'child-conversation', conversationId: undefined, title: undefined, isError: true });
  });
});
