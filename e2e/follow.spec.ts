import { expect, test } from './test';
import { recordNotifications, setTabHidden } from './following';
import { SEEDED, Tether } from './app';

// Following a run without watching it: the tab title, the unseen replies, opt-in notifications
// for a background tab, and a conversation list that keeps every status current.

test('the tab title says what the run is doing and counts replies that came while away', async ({ page }) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.parser);
  await expect(page).toHaveTitle('Finished · Fix header parsing — Tether');
  await app.setAgentTiming(5, 800);
  await app.send('Tidy up');
  await expect(page).toHaveTitle('Working · Fix header parsing — Tether');
  await setTabHidden(page, true);
  await expect(page).toHaveTitle(/^\(\d+\) Finished · Fix header parsing — Tether$/, { timeout: 20_000 });
  await setTabHidden(page, false);
  await expect(page).toHaveTitle('Finished · Fix header parsing — Tether');
});

test('a background tab notifies, once asked to, when the run waits and when it ends; a click comes back', async ({
  page,
}) => {
  const notices = await recordNotifications(page);
  const app = new Tether(page);
  await app.openConversation(SEEDED.parser);
  const toggle = page.getByRole('button', { name: 'Notify me' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');

  // Watched in the foreground: nothing to notify.
  await app.send('Say hello');
  await expect(page).toHaveTitle(/^Finished/, { timeout: 20_000 });
  expect(await notices.titles()).toEqual([]);

  await app.askBeforeActions(SEEDED.parser);
  await setTabHidden(page, true);
  await app.send('Tidy up');
  await expect
    .poll(notices.titles, { timeout: 20_000 })
    .toEqual(['The agent needs your approval: Fix header parsing']);
  await expect(page).toHaveTitle(/^Needs your approval · Fix header parsing/);

  // Meanwhile the person looked at another conversation; the notice brings them back.
  await app.list.getByRole('link', { name: /What changed recently/ }).click();
  await expect(page).toHaveURL(new RegExp(SEEDED.parallel));
  await notices.clickNewest();
  await expect(page).toHaveURL(new RegExp(SEEDED.parser));
  await app.setApproval('Never ask');
  await app.approve();
  await expect
    .poll(notices.titles, { timeout: 20_000 })
    .toEqual(['The agent needs your approval: Fix header parsing', 'The agent finished: Fix header parsing']);
});

test('the list keeps every conversation’s status current without a reload', async ({ page }) => {
  await page.clock.install();
  const app = new Tether(page);
  await app.openConversation(SEEDED.parser);
  const other = app.list.getByRole('link', { name: /What changed recently/ });
  await expect(other).toHaveAccessibleName(/Finished/);
  // Another tab (or another client) starts a run in that conversation.
  await app.mock((server) => {
    const conversation = server.store.get('3f1c2a4e-0000-4000-8000-000000000002')!;
    conversation.info.execution_status = 'running';
    server.store.touch(conversation);
  });
  await page.clock.runFor(61_000);
  await expect(other).toHaveAccessibleName(/Running/);
});
