import { expect, test } from './test';
import { SEEDED, Tether } from './app';

// Copy: a code block, a command, a tool output and a message, each with "Copied" feedback, by
// mouse and by keyboard. The clipboard is read back, so a button that copies nothing fails. A
// copy is written once the redaction rules are loaded (the first click loads them), so the
// clipboard is read once the button says it was written.

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const clipboard = (app: Tether) => app.page.evaluate(() => navigator.clipboard.readText());

test('copies a code block, a command, an output and a message, and says so', async ({ page }) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.parser);

  const code = app.log.getByRole('button', { name: 'Copy python code' });
  await code.click();
  await expect.poll(() => clipboard(app)).toBe('key, value = line.split(":", 1)');
  await expect(app.log.getByRole('button', { name: 'Copied' })).toHaveText('Copied');
  // The feedback goes after a moment; the button is ready again.
  await expect(code).toHaveText('Copy');

  await app.unfoldSteps();
  const suite = app.card(/python -m pytest -q/);
  await suite.hover();
  await suite.getByRole('button', { name: 'Copy command' }).click();
  await expect.poll(() => clipboard(app)).toBe('python -m pytest -q');

  await suite.getByRole('button', { name: 'Copy output' }).click();
  await expect.poll(() => clipboard(app)).toBe('148 passed in 2.31s');

  const answer = app.log.locator('.final-answer').filter({ hasText: 'it now splits on the first colon' });
  await answer.hover();
  await answer.getByRole('button', { name: 'Copy answer' }).click();
  await expect.poll(() => clipboard(app)).toMatch(/^Fixed \*\*`parse_header`\*\*: it now splits/);

  await app.scroller.evaluate((el) => (el.scrollTop = 0));
  const request = app.log.locator('.chat-row.from-user').first();
  await request.hover();
  await request.getByRole('button', { name: 'Copy message' }).click();
  // As it was written: the markdown, not the text drawn from it.
  await expect
    .poll(() => clipboard(app))
    .toBe('The parser tests fail on headers like `Location: http://example.com`. Can you fix it?');
});

test('a copy button is reached with Tab, shown while focused, and pressed with Enter', async ({ page }) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.parser);
  await app.unfoldSteps();
  const suite = app.card(/python -m pytest -q/);
  const copyCommand = suite.getByRole('button', { name: 'Copy command' });
  await expect(copyCommand).toHaveCSS('opacity', '0');
  // Tab order: the command's button comes right before the output's.
  await suite.getByRole('button', { name: 'Copy output' }).focus();
  await page.keyboard.press('Shift+Tab');
  await expect(copyCommand).toBeFocused();
  await expect(copyCommand).toHaveCSS('opacity', '1');
  await page.keyboard.press('Enter');
  await expect(suite.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await clipboard(app)).toBe('python -m pytest -q');
});

test('a long output is copied whole, not only the part on screen', async ({ page }) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.oddities);
  await app.scroller.evaluate((el) => (el.scrollTop = el.scrollHeight));
  await app.unfoldSteps();
  const more = page.getByRole('button', { name: /Show [\d,]+ more characters/ });
  const card = app.card(/./).filter({ has: more });
  await card.hover();
  await card.getByRole('button', { name: 'Copy output' }).click();
  await expect(card.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await clipboard(app);
  const shown = await card.getByRole('region', { name: 'Output' }).innerText();
  const hidden = Number((await more.innerText()).replace(/\D/g, ''));
  expect(copied.length).toBeGreaterThanOrEqual(shown.length + hidden - 10);
  expect(copied.startsWith(shown.slice(0, 40))).toBe(true);
});

test('on a desktop, a one-line answer’s buttons, shown on hover, stay off its words', async ({ page }) => {
  const app = new Tether(page);
  await app.open();
  await app.setAgentTiming(5, 50);
  await app.startConversation('Summarise the README in one line');
  await app.expectStatus('finished');
  const answer = app.log.locator('.chat-row.message.from-agent').last();
  await answer.hover();
  await expect(answer.getByRole('button', { name: 'Copy message' })).toHaveCSS('opacity', '1');
  await expect(answer.getByRole('button', { name: 'Fork from here' })).toHaveCSS('opacity', '1');
  const covered = await answer.evaluate((row) => {
    const words = [...row.querySelectorAll('.markdown')].map((text) => text.getBoundingClientRect());
    return [...row.querySelectorAll<HTMLElement>('button')]
      .filter((button) => !button.closest('.markdown'))
      .filter((button) => {
        const b = button.getBoundingClientRect();
        return words.some(
          (w) => b.left < w.right && w.left < b.right && b.top < w.bottom && w.top < b.bottom,
        );
      })
      .map((button) => button.textContent);
  });
  expect(covered).toEqual([]);
});
