import { expect, test } from './test';
import { SEEDED, Tether } from './app';
import { expectAccessible } from './axe';
import { expectLookKept, keptLookPainted, shownEventIds } from './browserCopy';

// A conversation opened again paints as this browser last showed it before any of the app's
// scripts has run (index.html, keptPaint.ts), and the app's own first screen takes its place.

test('a conversation opened again is painted as it looked before any script runs, then the app takes over', async ({
  page,
  browser,
}) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.parser);
  const newest = await expectLookKept(page);
  expect((await shownEventIds(page)).at(-1)).toBe(newest);
  const address = page.url();

  // The same browser, every script of the app held: what shows is index.html's alone.
  const held = await browser.newContext({
    storageState: await page.context().storageState(),
    serviceWorkers: 'block',
  });
  const waiting = await held.newPage();
  await waiting.route('**/assets/*.js', () => new Promise(() => undefined));
  void waiting.goto(address).catch(() => undefined);
  await expect(waiting.locator('#kept-paint')).toBeAttached();
  await expect.poll(() => keptLookPainted(waiting)).toBe(newest);
  expect(await waiting.locator('#root').evaluate((root) => root.childElementCount)).toBe(0);
  // Its newest rows at the transcript's end, the header's live words (the connection, the
  // run's state) and the jump buttons left out: they may have moved since.
  await expect(waiting).toHaveScreenshot('kept-look-before-any-script.png');
  // Nothing of it is there for assistive technology, nor for the pointer or the keyboard.
  await expect(waiting.locator('#kept-paint')).toHaveAttribute('aria-hidden', 'true');
  expect(
    await waiting
      .locator('#kept-paint')
      .evaluate((host) => [(host as HTMLElement).inert, getComputedStyle(host).pointerEvents]),
  ).toEqual([true, 'none']);
  await held.close();

  // With its scripts, the app's own rows take its place.
  await page.reload();
  await expect(app.log.locator(`.chat-row[data-event-id="${newest}"]`)).toBeVisible();
  expect(await keptLookPainted(page)).toBe(newest);
  await expect(page.locator('#kept-paint')).toHaveCount(0);
  await expectAccessible(page, 'a conversation opened from its kept look');

  // Drawn for another window, it is not painted: the app paints as without it.
  const phone = await browser.newContext({
    storageState: await page.context().storageState(),
    serviceWorkers: 'block',
    viewport: { width: 390, height: 800 },
  });
  const narrow = await phone.newPage();
  await narrow.route('**/assets/*.js', () => new Promise(() => undefined));
  void narrow.goto(address).catch(() => undefined);
  await expect(narrow.locator('#root')).toBeAttached();
  await expect.poll(() => narrow.evaluate(() => document.readyState)).not.toBe('loading');
  expect(await keptLookPainted(narrow)).toBeUndefined();
  await expect(narrow.locator('#kept-paint')).toHaveCount(0);
  await phone.close();
});

test('the page asks for its style sheet before any script of its head runs', async ({ page }) => {
  // The sheet blocks the first paint and the kept look's script: asked for at the head's end, it
  // waited for the head's scripts and their first read of this browser's storage.
  const html = await (await page.request.get('/')).text();
  await page.setContent(
    html.replace(/<script[\s\S]*?<\/script>/g, (script) => `<template>${script}</template>`),
  );
  const first = await page.evaluate(() => {
    const head = Array.from(document.head.children);
    const firstScript = head.findIndex((element) => element.matches('template'));
    const preload = head.findIndex((element) => element.matches('link[rel="preload"][as="style"]'));
    const sheet = document.head.querySelector('link[rel="stylesheet"]')?.getAttribute('href');
    return { preload, firstScript, preloaded: head[preload]?.getAttribute('href'), sheet };
  });
  expect(first.sheet).toMatch(/^\/assets\/index-[\w-]+\.css$/);
  expect(first.preloaded).toBe(first.sheet);
  expect(first.preload).toBeLessThan(first.firstScript);
});
