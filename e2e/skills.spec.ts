import { expect, test } from './test';
import { Tether } from './app';
import { expectAccessible } from './axe';
import { SkillsDialog } from './skills';

// A server's skills: installed from the marketplace or a source, turned off and on, removed, and
// loaded by every new conversation on that server.

/** The agent context of the last conversation started on the mock. */
const startedWith = (app: Tether) =>
  app.mock(
    (m) =>
      (
        m.store.received.filter((r) => r.method === 'POST' && r.path === '/api/conversations').at(-1)
          ?.body as { agent?: { agent_context?: unknown } } | undefined
      )?.agent?.agent_context ?? null,
  );

test('install from the marketplace and from a source, turn one off, remove one; new conversations load them', async ({
  page,
}) => {
  const app = new Tether(page);
  const skills = new SkillsDialog(page);
  await app.open();
  await skills.openFor('Built-in mock');
  await expect(skills.dialog.getByText('No skills installed yet.')).toBeVisible();
  await expect(skills.offered('code-review')).toContainText('Reviews a change for bugs');
  await expectAccessible(page, 'the Skills dialog, nothing installed');

  // From the marketplace: installed, loaded, and no longer offered.
  await skills.offered('code-review').getByRole('button', { name: 'Install code-review' }).click();
  await expect(skills.installed('code-review')).toContainText('Reviews a change for bugs');
  await expect(skills.installed('code-review')).toContainText(
    'From github:OpenHands/extensions/skills/code-review',
  );
  await expect(skills.loaded('code-review')).toContainText('The server’s · Reviews a change');
  await expect(skills.offered('code-review')).toContainText('Installed');
  await expect(skills.offered('code-review').getByRole('button')).toHaveCount(0);

  // From a source the server cannot fetch: said in its words, the form kept.
  let form = await skills.install('github:nobody/nothing');
  await expect(form.getByRole('alert')).toHaveText(
    'github:nobody/nothing was not installed: The agent-server answered 400: Failed to fetch skill source. Check that the source is valid.',
  );
  await expect(form.getByLabel('Source')).toHaveValue('github:nobody/nothing');
  await expectAccessible(page, 'the Skills dialog, an install refused');
  await form.getByLabel('Source').press('Escape');
  await expect(form).toBeHidden();

  // From a folder on the server's machine.
  await app.mock((m) =>
    m.store.skills.sources.set('/srv/skills/house-style', {
      name: 'house-style',
      description: 'Writes in the team’s style: short sentences, no jargon.',
      content: 'Use short sentences.',
    }),
  );
  form = await skills.install('/srv/skills/house-style');
  await expect(form).toBeHidden();
  await expect(skills.installed('house-style')).toContainText('Writes in the team’s style');
  await expect(skills.dialog.locator('.settings-entries').first().locator('.settings-name')).toHaveText([
    'code-review',
    'house-style',
  ]);

  // Off: still installed, no longer loaded; on the server too.
  await skills.use('house-style', false);
  await expect(skills.loaded('house-style')).toBeHidden();
  expect(await app.mock((m) => m.store.skills.get('house-style')?.enabled)).toBe(false);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'the Skills dialog (dark)', 'colours');
  await page.emulateMedia({ colorScheme: 'light' });

  // Removed: gone, and offered by the marketplace again.
  await skills.remove('code-review');
  await expect(
    skills.offered('code-review').getByRole('button', { name: 'Install code-review' }),
  ).toBeVisible();
  await skills.close();
  await app.closeServers();

  // A new conversation asks the server to load the person's skills and the workspace's.
  await app.startConversation('Tidy the README');
  expect(await startedWith(app)).toEqual({ load_user_skills: true, load_project_skills: true });
});

test('the palette opens Skills; a server that refuses says so, with Try again', async ({ page }) => {
  const app = new Tether(page);
  await app.open();
  // The first read and the app's two retries.
  await app.mock((server) => server.failRequests('/api/skills/installed', 3, 500));
  await app.runFromPalette('skills', 'Skills');
  const skills = new SkillsDialog(page);
  await expect(skills.dialog.getByRole('alert')).toContainText('The agent-server answered 500');
  await skills.dialog.getByRole('button', { name: 'Try again' }).click();
  await expect(skills.dialog.getByText('No skills installed yet.')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the Skills dialog fits and passes axe, dark', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('tether.theme', 'dark'));
    const app = new Tether(page);
    const skills = new SkillsDialog(page);
    await app.open();
    await skills.openFor('Built-in mock');
    await expect(skills.offered('release-notes')).toBeVisible();
    const box = await skills.dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'the Skills dialog on a phone, dark');
  });
});
