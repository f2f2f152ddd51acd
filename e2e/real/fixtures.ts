import { test as base, expect, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { AgentServer, SESSION_KEY } from './agentServer';
import { ScriptedLlm } from './scriptedLlm';
import { expectRowsShow } from '../rows';

// Fixtures for the journeys against the real agent-server: one server per worker (it takes
// half a minute to start), one scripted LLM per test.

function agentServerPython(): string {
  if (process.env.TETHER_AGENT_SERVER_PYTHON) return process.env.TETHER_AGENT_SERVER_PYTHON;
  return execFileSync('bash', ['scripts/agent-server-venv.sh'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
}

export const test = base.extend<{ llm: ScriptedLlm }, { server: AgentServer }>({
  server: [
    async ({}, use) => {
      const server = new AgentServer(agentServerPython());
      await server.start();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 600_000 },
  ],
  llm: async ({}, use) => {
    const llm = new ScriptedLlm();
    await llm.start();
    await use(llm);
    await llm.stop();
  },
});

export { expect, SESSION_KEY };

/** Points the app at the real server through Connection settings, as a person would. */
export async function connect(page: Page, server: AgentServer, key = SESSION_KEY) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Connection settings' }).click();
  await page.getByLabel('Server URL').fill(server.url);
  await page.getByLabel('Session API key').fill(key);
  await page.getByRole('button', { name: 'Save and connect' }).click();
}

/** Starts a conversation from the New conversation form with the scripted LLM. */
export async function startConversation(page: Page, llm: ScriptedLlm, text: string): Promise<string> {
  await page.getByText(/^Model:/).click();
  await page.getByLabel('Model', { exact: true }).fill('openai/scripted-model');
  await page.getByLabel('Base URL').fill(llm.url);
  await page.getByLabel('API key').fill('sk-scripted');
  await page.getByLabel('What should the agent do?').fill(text);
  await page.getByRole('button', { name: 'Start conversation' }).click();
  await expect(page).toHaveURL(/\/conversations\/[\w-]+$/, { timeout: 30_000 });
  return page.url().split('/').at(-1)!;
}

/** The UI shows every persisted event of the conversation once (state updates are not rows). */
export async function expectRowsMatch(page: Page, server: AgentServer, conversationId: string) {
  await expectRowsShow(page, await server.eventIds(conversationId));
}
