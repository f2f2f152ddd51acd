import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Tether } from '../app';
import { SkillsDialog } from '../skills';
import type { LoggedRequest } from './scriptedLlm';
import { openConnected, expect, REAL_SERVER_NAME, startConversation, test } from './fixtures';

// A skill installed in Tether is the agent's on the real server: the next conversation's model
// is told of it; turned off, the one after is not.

const NAME = 'tether-greeting';
const DESCRIPTION = 'Greets in the Tether way. Use when the user asks for a greeting.';

/** The system prompt of the agent's first request after `from` (side requests carry no tools). */
function systemPrompt(requests: LoggedRequest[], from: number): string {
  const request = requests.slice(from).find((r) => Array.isArray(r.body.tools));
  const messages = (request?.body.messages ?? []) as { role: string; content: unknown }[];
  return JSON.stringify(messages.filter((message) => message.role === 'system').map((m) => m.content));
}

test('a skill installed in Tether is the agent’s in the next conversation; turned off, it is not @smoke', async ({
  page,
  server,
  llm,
}) => {
  const folder = join(server.root, 'skill-sources', NAME);
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, 'SKILL.md'),
    `---\nname: ${NAME}\ndescription: ${DESCRIPTION}\n---\n\nAnswer a greeting with "Hello from the Tether skill".\n`,
  );
  const app = new Tether(page);
  const skills = new SkillsDialog(page);
  await openConnected(page, server);
  try {
    await skills.openFor(REAL_SERVER_NAME);
    const form = await skills.install(folder);
    await expect(form).toBeHidden();
    await expect(skills.installed(NAME)).toContainText(DESCRIPTION);
    await expect(skills.installed(NAME)).toContainText(`From ${folder}`);
    await expect(skills.loaded(NAME)).toContainText(DESCRIPTION);
    await skills.close();
    await app.closeServers();

    llm.setScript([{ text: 'Greeted.' }]);
    let from = llm.requests.length;
    await startConversation(page, llm, 'Say hello');
    await expect(app.log.getByText('Greeted.')).toBeVisible({ timeout: 30_000 });
    expect(systemPrompt(llm.requests, from)).toContain(NAME);

    await skills.openFor(REAL_SERVER_NAME);
    await skills.use(NAME, false);
    await expect(skills.loaded(NAME)).toBeHidden();
    await skills.close();
    await app.closeServers();
    await page.getByRole('link', { name: 'New conversation' }).click();
    llm.setScript([{ text: 'Greeted without it.' }]);
    from = llm.requests.length;
    await startConversation(page, llm, 'Say hello again');
    await expect(app.log.getByText('Greeted without it.')).toBeVisible({ timeout: 30_000 });
    const prompt = systemPrompt(llm.requests, from);
    expect(prompt.length).toBeGreaterThan(100);
    expect(prompt).not.toContain(NAME);
  } finally {
    // The worker's server is shared with the journeys after this one.
    await server.api(`/api/skills/installed/${NAME}`, { method: 'DELETE' }).catch(() => undefined);
  }
});
