import { Tether } from '../app';
import { openConnected, expect, startConversation, test } from './fixtures';

// A task the agent hands to a sub-agent on the real server: a card that names the sub-agent,
// keeps the brief, and shows its answer.

test('a task handed to a sub-agent is a card with its brief and its answer @smoke', async ({
  page,
  server,
  llm,
}) => {
  // The sub-agent runs inside the tool call, so its request takes the turn after the call.
  llm.setScript([
    {
      text: 'Asking a sub-agent to look.',
      toolCalls: [
        {
          name: 'task',
          arguments: {
            description: 'Find the parser',
            prompt: 'Find where the headers are parsed and say in one line.',
            subagent_type: 'general-purpose',
          },
        },
      ],
    },
    { text: 'The headers are parsed in parser.py.' },
    { text: 'The sub-agent found it.' },
  ]);
  const app = new Tether(page);
  await openConnected(page, server);
  await startConversation(page, llm, 'Where are headers parsed?');
  await expect(app.log.getByText('The sub-agent found it.')).toBeVisible({ timeout: 30_000 });
  const card = app.card(/general-purpose sub-agent: Find the parser/);
  await expect(card).toHaveAttribute('data-state', 'done');
  await expect(card).toContainText('The headers are parsed in parser.py.');
  await card.getByText('The brief').click();
  await expect(card).toContainText('Find where the headers are parsed and say in one line.');
});
