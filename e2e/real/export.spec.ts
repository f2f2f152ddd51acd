import { exportAs } from '../exporting';
import { openConnected, expect, startConversation, test } from './fixtures';

// Export of a real run: the JSON is the server's events, the Markdown has every one of them.

test('the JSON export equals the server’s events; the Markdown transcript has every one', async ({
  page,
  server,
  llm,
}) => {
  llm.setScript([
    {
      reasoning: 'First I look around.',
      text: 'Looking at the folder.',
      toolCalls: [
        { name: 'terminal', arguments: { command: 'echo exported-output-7', summary: 'Say a word' } },
      ],
    },
    { text: 'All **done**, with `code`.' },
  ]);
  await openConnected(page, server);
  const id = await startConversation(page, llm, 'Export me please');
  await expect(page.getByRole('log').getByText('All done, with code.')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.conversation-header [data-status]')).toHaveAttribute('data-status', 'finished');

  const events = await server.events(id);
  const json = await exportAs(page, 'JSON');
  expect(JSON.parse(json.text)).toEqual(events);

  const markdown = await exportAs(page, 'Markdown');
  expect(markdown.name).toMatch(/\.md$/);
  expect(markdown.text).toContain(`Conversation \`${id}\` · ${events.length} events`);
  // Every event the screen shows as a row is in the transcript, by its own words.
  const words = events.flatMap((event) => salientText(event));
  expect(words.length).toBeGreaterThan(4);
  for (const word of words) expect(markdown.text, word).toContain(word);
});

function salientText(event: Record<string, unknown>): string[] {
  const record = (value: unknown) =>
    value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const text = (content: unknown) =>
    Array.isArray(content)
      ? content.map((part) => String(record(part).text ?? '')).filter((part) => part.trim() !== '')
      : [];
  switch (event.kind) {
    case 'MessageEvent':
      return text(record(event.llm_message).content).map((part) => part.trim());
    case 'ActionEvent': {
      const action = record(event.action);
      if (action.kind === 'FinishAction') return [String(action.message ?? '').trim()];
      return [String(action.command ?? ''), String(event.summary ?? '')].filter(Boolean);
    }
    case 'ObservationEvent': {
      const output = text(record(event.observation).content).join('\n');
      return output.includes('exported-output-7') ? ['exported-output-7'] : [];
    }
    default:
      return [];
  }
}
