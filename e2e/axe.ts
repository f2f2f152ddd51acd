import axe, { type AxeResults, type RunOptions } from 'axe-core';
import { expect, type Page } from '@playwright/test';

// Accessibility checked by axe-core on the page as it is: any violation of impact serious or
// critical fails, with the rule, the impact and the first elements it found.

/**
 * The rules a theme can change. A theme swaps colours only (tokens.css), so the DOM, the names
 * and the structure that every other rule reads are the same in both: a second theme needs only
 * these, which saves a full pass per screen.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

const EVERY_RULE: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
  // Named explicitly, so that no future release can drop them from the tags: a name must hold
  // the words a control shows (WCAG 2.5.3; experimental until axe 4.14), and what takes focus
  // must say what it is.
  rules: { 'label-content-name-mismatch': { enabled: true }, 'focus-order-semantics': { enabled: true } },
  // Every violation with all its elements; of what passed or was not applicable, one element a
  // rule, which the check never reads (the rest was serialised and sent back for nothing).
  resultTypes: ['violations'],
};
const COLOURS_ONLY: RunOptions = {
  runOnly: { type: 'rule', values: COLOUR_RULES },
  resultTypes: ['violations'],
};

/**
 * axe-core run in the page's own document, put there once per document. @axe-core/playwright
 * evaluated its 560 kB source twice on every check, with four more round trips, and ran each frame
 * apart unless told otherwise; Tether draws no frames to reach into.
 */
async function axeResults(page: Page, options: RunOptions): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.evaluate(`${axe.source};axe.configure({ allowedOrigins: ['<same_origin>'] });`);
  return page.evaluate(async (runOptions) => {
    // The page as a person sees it: its next frames painted first. A check made right after the
    // window was resized laid the page out before the app's own answer to the resize (the
    // transcript's rows measured again and pinned to its end, in the frames that follow): a
    // passing state, at most a frame on screen, in which the jump strip floated over the last
    // row's buttons (planFirst's phone check failed so in CI, axe 3 ms after the resize).
    await new Promise((resolve) =>
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve))),
    );
    return window.axe.run(document, runOptions);
  }, options);
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}

export async function expectAccessible(page: Page, where: string, scope: 'all' | 'colours' = 'all') {
  const results = await axeResults(page, scope === 'colours' ? COLOURS_ONLY : EVERY_RULE);
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${where}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes
          .slice(0, 3)
          .map(
            (n) =>
              `${n.target.join(' ')}${n.failureSummary ? `: ${n.failureSummary.split('\n').slice(1, 2).join('')}` : ''}`,
          )
          .join(' | ')}`,
    );
  // The violations in the message's first line too: a CI summary keeps that line, not the diff.
  expect(serious, `axe found serious or critical violations on ${where}: ${serious.join(' ‖ ')}`).toEqual([]);
}
