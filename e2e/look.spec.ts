import { expect, test, type Locator } from './test';
import { SEEDED, Tether } from './app';

// Issue 42, point 7: each screen marks the one action it is for, and its controls are drawn from
// the tokens, not left as the browser's own.

/** Whether a button is drawn as the screen's main action: the accent behind it, in both themes. */
async function isMarked(button: Locator): Promise<boolean> {
  return button.evaluate((element) => {
    const accent = getComputedStyle(document.documentElement).getPropertyValue('--accent').trim();
    const probe = document.createElement('span');
    probe.style.color = accent;
    document.body.append(probe);
    const wanted = getComputedStyle(probe).color;
    probe.remove();
    return getComputedStyle(element).backgroundColor === wanted;
  });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`Start conversation, Send and Approve are marked as each screen’s main action (${scheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const app = new Tether(page);
    await app.open();
    const start = page.getByRole('button', { name: 'Start conversation' });
    expect(await isMarked(start)).toBe(true);
    // The other buttons are not.
    expect(await isMarked(page.getByRole('banner').getByRole('button', { name: 'Settings' }))).toBe(false);
    // A select is drawn from the tokens, its arrow too.
    await expect(page.getByRole('combobox', { name: 'Ask before actions' })).toHaveCSS('appearance', 'none');

    await app.openConversation(SEEDED.parser);
    await app.composer.fill('Clean up');
    expect(await isMarked(page.getByRole('button', { name: 'Send' }))).toBe(true);
    expect(await isMarked(page.getByRole('button', { name: 'Attach' }))).toBe(false);
    await app.setAgentTiming(5, 100);
    await app.askBeforeActions(SEEDED.parser);
    await app.send('Clean up');
    await app.expectStatus('waiting_for_confirmation');
    const bar = page.getByRole('group', { name: 'Pending actions' });
    expect(await isMarked(bar.getByRole('button', { name: 'Approve' }))).toBe(true);
    expect(await isMarked(bar.getByRole('button', { name: 'Reject…' }))).toBe(false);
  });
}
