import { describe, expect, it } from 'vitest';
import { AlertRules, asksSomething, conversationUuid } from './alerts';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const HEX = ID.replaceAll('-', '');
const status = (value: string) => ({ kind: 'ConversationStateUpdateEvent', key: 'execution_status', value });
const user = (id: string) => ({
  kind: 'MessageEvent',
  id,
  source: 'user',
  llm_message: { content: [{ type: 'text', text: 'Go' }] },
});
const agent = (id: string, text: string) => ({
  kind: 'MessageEvent',
  id,
  source: 'agent',
  llm_message: { content: [{ type: 'text', text }] },
});
const action = (id: string) => ({
  kind: 'ActionEvent',
  id,
  action: { kind: 'TerminalAction', command: 'rm -rf build/' },
});

describe('what the relay sends an alert for', () => {
  it('a run that waits for approval, pointing at the action; then its end, once', () => {
    const rules = new AlertRules();
    expect(rules.events('s', HEX, [status('idle'), user('u1'), status('running'), action('a1')])).toEqual([]);
    expect(rules.events('s', HEX, [status('waiting_for_confirmation')])).toEqual([
      { server: 's', conversationId: ID, eventId: 'a1', kind: 'approval' },
    ]);
    expect(rules.events('s', HEX, [status('running'), { kind: 'ObservationEvent', id: 'o1' }])).toEqual([]);
    // The end of a run comes in several reports (a state update, the info): one alert.
    const end = [
      agent('m1', 'Removed.'),
      status('finished'),
      { kind: 'ConversationStateUpdateEvent', key: 'full_state', value: { execution_status: 'finished' } },
    ];
    expect(rules.events('s', HEX, end)).toEqual([
      { server: 's', conversationId: ID, eventId: 'm1', kind: 'finished' },
    ]);
    expect(rules.info('s', { id: ID, execution_status: 'finished' })).toEqual([]);
    // A new run is news again.
    rules.events('s', HEX, [user('u2'), status('running')]);
    expect(rules.events('s', HEX, [agent('m2', 'Which branch should I use?'), status('finished')])).toEqual([
      { server: 's', conversationId: ID, eventId: 'm2', kind: 'asked' },
    ]);
  });

  it('a failure once, however it is reported, pointing at the error', () => {
    const rules = new AlertRules();
    rules.events('s', HEX, [status('running')]);
    const failed = rules.events('s', HEX, [
      { kind: 'ConversationErrorEvent', id: 'e1', code: 'MaxBudgetReached' },
      status('error'),
    ]);
    expect(failed).toEqual([{ server: 's', conversationId: ID, eventId: 'e1', kind: 'failed' }]);
  });

  it('nothing for a conversation first heard of at rest, or paused', () => {
    const rules = new AlertRules();
    expect(rules.events('s', HEX, [agent('m1', 'Shall I?'), status('finished')])).toEqual([]);
    rules.events('s', HEX, [status('running')]);
    expect(rules.events('s', HEX, [status('paused')])).toEqual([]);
    expect(rules.events('s', HEX, [status('idle')])).toEqual([]);
  });

  it('servers apart: the same conversation id on two servers is two conversations', () => {
    const rules = new AlertRules();
    rules.events('a', HEX, [status('running'), action('a1')]);
    expect(rules.events('b', HEX, [status('waiting_for_confirmation')])).toEqual([
      { server: 'b', conversationId: ID, eventId: null, kind: 'approval' },
    ]);
  });

  it('reads ids and questions as Tether does', () => {
    expect(conversationUuid(HEX)).toBe(ID);
    expect(conversationUuid(ID)).toBe(ID);
    expect(asksSomething('Ready to merge? ')).toBe(true);
    expect(asksSomething('Merged.')).toBe(false);
  });

  it('skips what is not an event', () => {
    expect(new AlertRules().events('s', HEX, [null, 1, 'x', { kind: 3 }])).toEqual([]);
  });
});
