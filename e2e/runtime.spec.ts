import { expect, test } from './test';
import { SEEDED, Tether } from './app';
import { expectAccessible } from './axe';

// Where a conversation runs, as a server with a docker runtime tells it (the mock plays one).

test('a conversation whose runtime is gone says so, and Reprovision starts a new one', async ({ page }) => {
  const app = new Tether(page);
  await app.open();
  await page.evaluate(
    (id) =>
      window.__tetherMock!.setRuntime(id, {
        runtime_status: 'missing',
        can_resume: true,
        runtime_error: null,
      }),
    SEEDED.parser,
  );
  // Opened from the list: a reload would start the mock afresh.
  await app.listItem(SEEDED.parser).getByRole('link').click();
  const banner = page.getByRole('status').filter({ hasText: 'runtime is gone' });
  await expect(banner).toContainText('Its history is kept.');
  await expectAccessible(page, 'runtime missing');

  await banner.getByRole('button', { name: 'Reprovision' }).click();
  const starting = page.getByRole('status').filter({ hasText: 'The conversation’s runtime is starting…' });
  await expect(starting).toBeVisible();
  // Read again while it starts, until it is ready: then nothing is said.
  await expect(starting).toBeHidden({ timeout: 10_000 });
  await expect(page.getByText(/runtime is/)).toHaveCount(0);
  expect(
    await app.mock((m) => m.store.received.filter((r) => r.path.endsWith('/runtime/reprovision')).length),
  ).toBe(1);
});

test('a runtime that failed gives the server’s reason', async ({ page }) => {
  const app = new Tether(page);
  await app.open();
  await page.evaluate(
    (id) =>
      window.__tetherMock!.setRuntime(id, {
        runtime_status: 'error',
        can_resume: false,
        runtime_error: { code: 'image_pull', message: 'The sandbox image could not be pulled' },
      }),
    SEEDED.crash,
  );
  await app.listItem(SEEDED.crash).getByRole('link').click();
  await expect(page.getByRole('status').filter({ hasText: 'runtime failed' })).toContainText(
    'The conversation’s runtime failed: The sandbox image could not be pulled. Reprovision',
  );
});
