import { expectCopied, expectCopiedTitle, shownEventIds } from '../browserCopy';
import { expectAccessible } from '../axe';
import { connect, expect, startConversation, test } from './fixtures';

// Installable, and readable offline (issue 22), on the built app and a real server: the service
// worker keeps the app's shell, the browser's copy keeps the conversation, and with the network
// gone both open it, saying that this is the browser's copy and that acting needs the server.

test('offline, the app and a conversation opened before open from this browser @smoke', async ({
  page,
  context,
  server,
  llm,
}) => {
  llm.setScript([{ text: 'Kept for the road: **offline** reading works.' }]);
  // The server names the conversation only after the run has settled, as a slow title call does.
  const releaseTitle = llm.holdTitles();
  await connect(page, server);
  const id = await startConversation(page, llm, 'Say something worth keeping');
  const answer = page.getByRole('log').getByText('Kept for the road: offline reading works.');
  await expect(answer).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.conversation-header [data-status]')).toHaveAttribute('data-status', 'finished');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Say something worth keeping');
  releaseTitle();
  // Nothing on the socket says so: the open conversation reads its info again while untitled.
  await expect(heading).toHaveText('Scripted title');
  const shown = await shownEventIds(page);
  const title = 'Scripted title';
  await expectCopied(page, id, shown);
  // The worker is registered on a page that starts with no mock beside the server.
  await page.reload();
  await expect(answer).toBeVisible();
  // The shell is kept once Tether's worker controls the page (the mock's worker, which held the
  // page before, was let go when the mock was removed: leaveMockWorker.ts).
  // Read with the registration's state and the page's load, so that a failure says where the
  // worker stood: it showed sw.js installed and waiting behind the mock's worker.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        const script = (worker: ServiceWorker | null | undefined) =>
          worker ? `${new URL(worker.scriptURL).pathname} ${worker.state}` : 'none';
        return [
          `controller: ${script(navigator.serviceWorker.controller)}`,
          `installing: ${script(registration?.installing)}`,
          `waiting: ${script(registration?.waiting)}`,
          `active: ${script(registration?.active)}`,
          `document: ${document.readyState}`,
        ].join('; ');
      }),
    )
    .toMatch(/^controller: \/sw\.js /);
  const manifest = await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json());
  expect(manifest).toMatchObject({ name: 'Tether', display: 'standalone', start_url: '/' });
  // The name came after the copy's first write: the copy has it too before the network goes.
  await expectCopiedTitle(page, id, title);

  await context.setOffline(true);
  await page.reload();
  const banner = page.getByRole('status').filter({ hasText: "browser's copy" });
  await expect(banner).toContainText('The server cannot be reached');
  await expect(answer).toBeVisible();
  expect(await shownEventIds(page)).toEqual(shown);
  // The header and the list are the copy's too: the list as this browser last read it (the
  // worker's server holds other journeys' conversations, named alike), this one by its name.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(
    page
      .getByRole('navigation')
      .locator(`li[data-conversation-id="${id}"]`)
      .getByRole('link', { name: new RegExp(title) }),
  ).toBeVisible();
  await expectAccessible(page, 'a conversation read offline from the copy');
  await page.screenshot({ path: test.info().outputPath('offline-banner.png') });
  // Sending needs the server, and says so rather than dropping the message.
  await page.getByLabel('Message to the agent').fill('Are you there?');
  await page.getByLabel('Message to the agent').press('Enter');
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible({ timeout: 20_000 });

  await context.setOffline(false);
  await expect(banner).toHaveCount(0, { timeout: 30_000 });
  // Back online, the message goes by itself, once: no Retry to press, none doubled, and read.
  const sent = page.getByRole('log').locator('.from-user').filter({ hasText: 'Are you there?' });
  await expect(sent).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect
    .poll(
      () =>
        llm.requests.some((request) =>
          JSON.stringify(request.body.messages ?? []).includes('Are you there?'),
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
  await expect(page.locator('.conversation-header [data-status]')).toHaveAttribute(
    'data-status',
    'finished',
    {
      timeout: 30_000,
    },
  );
  await expect(sent).toHaveCount(1);
});
