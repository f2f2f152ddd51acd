import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// Accessibility checked by axe-core on the page as it is: any violation of impact serious or
// critical fails, with the rule, the impact and the first elements it found.

export async function expectAccessible(page: Page, where: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
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
  expect(serious, `axe found serious or critical violations on ${where}`).toEqual([]);
}
