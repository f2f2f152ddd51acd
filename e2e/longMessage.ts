import type { Locator } from '@playwright/test';
import type { Tether } from './app';

/** What a person pastes to ask about a failing build: a question, then 300 long lines of log (about 60,000 characters). */
export function pastedBuildLog(lastLine: string): string {
  const detail = 'compiling module with the default flags and nothing wrong yet; '.repeat(3);
  const lines = Array.from({ length: 300 }, (_, i) => `Line ${i + 1} of the pasted build log: ${detail}`);
  return `Why does this build fail?\n\n\`\`\`text\n${lines.join('\n')}\n${lastLine}\n\`\`\``;
}

/** Starts a conversation with a pasted build log ending in `lastLine`; returns its message row once the run is over. */
export async function startWithPastedLog(app: Tether, lastLine: string): Promise<Locator> {
  await app.open();
  await app.setAgentTiming(5, 50);
  await app.startConversation(pastedBuildLog(lastLine));
  await app.expectStatus('finished');
  return app.log.locator('.chat-row.from-user').first();
}
