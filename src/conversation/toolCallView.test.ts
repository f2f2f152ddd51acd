import { describe, expect, it } from 'vitest';
import { colouredText } from './terminalText';
import {
  EventClock,
  agentError,
  fileEditAction,
  fileEditObservation,
  taskTrackerAction,
  taskTrackerObservation,
  terminalAction,
  terminalObservation,
  userReject,
} from '../../mocks/events';
import { callState, type ToolCall } from './toolCalls';
import { callHeadline, outcomeView, previewText, stateLabel } from './toolCallView';

const clock = () => new EventClock(Date.UTC(2026, 0, 1), 't');

function call(action: ToolCall['action'], ...outcomes: ToolCall['outcomes'][number][]): ToolCall {
  return { toolCallId: action?.tool_call_id ?? outcomes[0]!.tool_call_id, action, outcomes };
}

describe('stateLabel', () => {
  it('says why a call was cut off', () => {
    const c = clock();
    const run = terminalAction(c, 'sleep 9');
    expect(stateLabel(call(run), callState(call(run), false))).toBe('Interrupted — no result');
    expect(stateLabel(call(run), callState(call(run), true))).toBe('Running…');
    const restarted = call(run, agentError(c, run, 'A restart occurred while this tool was in progress.'));
    expect(stateLabel(restarted, callState(restarted, false))).toBe('Interrupted by a server restart');
    const paused = call(
      run,
      agentError(c, run, 'Tool call interrupted before completion. The conversation was paused.'),
    );
    expect(stateLabel(paused, callState(paused, false))).toBe('Interrupted');
    const rejected = call(run, userReject(c, run, 'no'));
    expect(stateLabel(rejected, callState(rejected, false))).toBe('Rejected');
  });
});

describe('callHeadline', () => {
  it('prefers the summary, then the command or path', () => {
    const c = clock();
    expect(callHeadline(call(terminalAction(c, 'ls', { summary: 'List files' })))).toBe('List files');
    expect(callHeadline(call(terminalAction(c, 'ls -la')))).toBe('ls -la');
    expect(callHeadline(call(fileEditAction(c, '/a.py', 'x', 'y')))).toBe('str_replace /a.py');
    expect(callHeadline(call(taskTrackerAction(c, [])))).toBe('Update the task list');
    const ghost = terminalAction(c, 'echo hi');
    expect(callHeadline(call(undefined, terminalObservation(c, ghost, 'hi')))).toBe('echo hi');
    const autoSummary = fileEditAction(c, '/b.py', 'x', 'y', {
      summary: 'file_editor: {"command": "str_replace"}',
    });
    expect(callHeadline(call(autoSummary))).toBe('str_replace /b.py');
    const invalid = { ...terminalAction(c, 'x'), action: undefined };
    expect(callHeadline(call(invalid))).toBe('Invalid call to terminal');
  });
});

describe('outcomeView', () => {
  it('shows a non-zero exit code as a warning of a call that ran', () => {
    const c = clock();
    const run = terminalAction(c, 'false');
    const observation = terminalObservation(c, run, '', 1);
    expect(outcomeView(observation)).toMatchObject({ kind: 'output', label: 'exit code 1', warning: true });
    expect(callState(call(run, observation), false)).toBe('done');
  });

  it('strips terminal escape sequences from output', () => {
    const c = clock();
    const run = terminalAction(c, 'pwd');
    expect(outcomeView(terminalObservation(c, run, '\u001b[?2004l/workspace\n\u001b[?2004h')).text).toBe(
      '/workspace\n',
    );
  });

  it('gives file edits their path and both contents, and task lists their tasks', () => {
    const c = clock();
    const edit = fileEditAction(c, '/w/a.py', 'a', 'b');
    expect(outcomeView(fileEditObservation(c, edit, 'a\n', 'b\n'))).toMatchObject({
      kind: 'file-edit',
      path: '/w/a.py',
      oldContent: 'a\n',
      newContent: 'b\n',
    });
    const tasks = [{ title: 'one', status: 'done' as const }];
    const plan = taskTrackerAction(c, tasks);
    expect(outcomeView(taskTrackerObservation(c, plan, tasks))).toMatchObject({
      kind: 'tasks',
      tasks: [{ title: 'one', status: 'done' }],
    });
  });
});

describe('previewText', () => {
  it('cuts huge output and says how much is hidden', () => {
    expect(previewText('abcdef', 4)).toEqual({ shown: 'abcd', hiddenChars: 2 });
    expect(previewText('ab', 4)).toEqual({ shown: 'ab', hiddenChars: 0 });
  });
});

describe('terminal colours', () => {
  it('keeps colour and style sequences, drops every other escape, and says when there is no colour', () => {
    const raw = '\u001b[?2004l\u001b[1m\u001b[31mFAILED\u001b[0m x\u001b]0;title\u0007 \u001b[2Kdone';
    expect(colouredText(raw)).toBe('\u001b[1m\u001b[31mFAILED\u001b[0m x done');
    expect(colouredText('\u001b[?2004lplain')).toBeUndefined();
  });
});
