import { expect, test } from './test';
import { SEEDED, Tether } from './app';
import { expectAccessible } from './axe';
import { WorkspacePanel } from './workspace';

// The agent's browser in the side panel's Browser tab: the newest screenshot and page, every
// screenshot full size, the warning that secrets are not hidden; no tab on a server without it.

test('the Browser tab shows what the agent’s browser saw, and is there only where a browser is', async ({
  page,
}) => {
  const app = new Tether(page);
  const side = new WorkspacePanel(page);
  await app.open(`/conversations/${SEEDED.parser}?workspace=changes`);
  await expect(side.tab('Changes')).toBeVisible();
  // The mock, like a server without a browser, does not list the browser tool.
  await expect(side.tab('Browser')).toHaveCount(0);
  await page.evaluate(() => window.__tetherMock!.usableTools.push('browser_tool_set'));
  await app.openServers();
  await app.expectServersChecked();
  await app.closeServers();
  await side.tab('Browser').click();
  await expect(side.panel).toContainText(
    'The agent’s browser has not taken a screenshot in this conversation.',
  );

  await page.getByRole('link', { name: 'New conversation' }).click();
  await app.setAgentTiming(5, 50);
  await app.startConversation('Look at the docs in the browser');
  await app.expectStatus('finished');
  await side.open();
  await side.tab('Browser').click();
  await expect(side.panel.getByRole('img', { name: /^The newest screenshot/ })).toHaveAccessibleName(
    'The newest screenshot of the agent’s browser, at http://localhost:3000/docs/install',
  );
  await expect(side.panel).toContainText('Page: http://localhost:3000/docs/install');
  await expect(side.panel).toContainText('the agent-server does not hide secrets in them');
  const every = side.panel.getByRole('region', { name: 'Every screenshot, oldest first' });
  await expect(every.getByRole('img')).toHaveCount(2);
  await every.getByRole('button', { name: 'Enlarge image 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Screenshot 1 of the agent’s browser' });
  await expect(dialog.getByRole('img')).toBeVisible();
  await expectAccessible(page, 'a browser screenshot full size');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectAccessible(page, 'the Browser tab');

  // In the address: a reload opens the tab again (the screenshots tell there was a browser).
  await page.reload();
  await expect(side.tab('Browser')).toHaveAttribute('aria-selected', 'true');
  await expect(side.panel.getByRole('img', { name: /^The newest screenshot/ })).toBeVisible();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectAccessible(page, 'the Browser tab (dark)', 'colours');
});
