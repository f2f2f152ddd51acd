import { expect, test } from './test';
import { SEEDED, Tether } from './app';
import { expectAccessible } from './axe';
import { openShare, openSharedFile, writeShare } from './sharing';

// "Share a copy" (issue 22): one HTML file of the branch shown, readable anywhere, that runs no
// script and carries none of the secrets planted in the conversation.

const PLANTED = 'planted-secret-value-42';
const TOKEN = 'ghp_abcdefghijklmnopqrstuvwxyzABCDEFGHIJ';

test('a shared copy holds the conversation, runs no script, and leaks no secret', async ({
  page,
  browser,
}) => {
  const app = new Tether(page);
  await app.open();
  // The server holds a secret; the conversation says it, and a token, and some hostile markup.
  await app.mock((server) => {
    server.store.secrets.set('DB_PASSWORD', 'planted-secret-value-42', null);
    const conversation = server.store.get('3f1c2a4e-0000-4000-8000-000000000001')!;
    server.store.append(conversation, {
      ...server.store.clockFor(conversation).next(),
      kind: 'MessageEvent',
      source: 'user',
      llm_message: {
        role: 'user',
        content: [
          {
            type: 'text',
            text: 'The password is planted-secret-value-42, the token ghp_abcdefghijklmnopqrstuvwxyzABCDEFGHIJ <script>alert("leak")</script>',
          },
        ],
      },
    } as never);
  });
  await app.openConversation(SEEDED.parser);
  const dialog = await openShare(page);
  await expect(dialog).toContainText('The file will hold');
  await expect(dialog).toContainText(/2 messages, 4 folded steps, 0 images/);
  await expect(dialog.getByRole('listitem').filter({ hasText: 'DB_PASSWORD: 1 time' })).toBeVisible();
  await expect(
    dialog.getByRole('listitem').filter({ hasText: '1 piece of text shaped like a credential' }),
  ).toBeVisible();
  await expectAccessible(page, 'the share dialog');

  const file = await writeShare(page);
  expect(file.name).toMatch(/^fix-header-parsing-\d{4}-\d\d-\d\d\.html$/);
  expect(file.html).not.toContain(PLANTED);
  expect(file.html).not.toContain(TOKEN);
  expect(file.html).not.toMatch(/<script/i);

  for (const scheme of ['light', 'dark'] as const) {
    const shared = await openSharedFile(browser, file.path, scheme);
    await expect(shared.page.getByRole('heading', { level: 1 })).toHaveText('Fix header parsing');
    await expect(shared.page.getByText('The password is [redacted], the token [redacted]')).toBeVisible();
    // Steps are folded until opened, as in Tether.
    const step = shared.page.locator('details.step').filter({ hasText: 'Run the parser tests' }).first();
    await expect(step).not.toHaveAttribute('open');
    await step.locator('summary').click();
    await expect(step.locator('pre').first()).toBeVisible();
    expect(await shared.page.evaluate(() => document.scripts.length)).toBe(0);
    expect(shared.said).toEqual([]);
    await expectAccessible(shared.page, `the shared file, ${scheme}`);
    await shared.page.screenshot({ path: test.info().outputPath(`shared-${scheme}.png`), fullPage: true });
    await shared.close();
  }
});
