import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// Accessibility checked by axe-core on the page as it is: any violation of impact serious or
// critical fails, with the rule, the impact and the first elements it found.

/**
 * The rules a theme can change. A theme swaps colours only (tokens.css), so the DOM, the names
 * and the structure that every other rule reads are the same in both: a second theme needs only
 * these, which saves a full pass per screen.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

export async function expectAccessible(page: Page, where: string, scope: 'all' | 'colours' = 'all') {
  // One axe.run in the page. The default runs each frame apart and finishes in a blank page of
  // its own, which more than doubled each check's time; Tether draws no frames to reach into.
  const builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    // Named explicitly, so that no future release can drop them from the tags: a name must hold
    // the words a control shows (WCAG 2.5.3; experimental until axe 4.14), and what takes focus
    // must say what it is.
    .options({
      rules: { 'label-content-name-mismatch': { enabled: true }, 'focus-order-semantics': { enabled: true } },
    });
  const results = await (
    scope === 'colours'
      ? builder.withRules(COLOUR_RULES)
      : builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
  ).analyze();
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
