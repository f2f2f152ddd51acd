import { expect, type Locator, type Page } from '@playwright/test';

// Review comments as a person writes and sends them: lines chosen in a diff by their numbers,
// the comment written under it, and the tray above the message box that sends them and says
// where each stands. For the mock and the real-server journeys alike.

export class Review {
  constructor(readonly page: Page) {}

  get tray(): Locator {
    return this.page.getByRole('region', { name: 'Review', exact: true });
  }

  /** A comment in the tray, by where it is ("README.md, line 3"). */
  comment(where: string): Locator {
    return this.tray.getByRole('listitem', { name: where });
  }

  /** Chooses lines `first`..`last` of a diff by their numbers (Shift for the last), writes, adds. */
  async commentOn(diff: Locator, first: number, last: number | undefined, words: string, removed = false) {
    const name = (line: number) => `Comment on ${removed ? 'removed ' : ''}line ${line}`;
    await diff.getByRole('button', { name: name(first), exact: true }).click();
    if (last !== undefined)
      await diff.getByRole('button', { name: name(last), exact: true }).click({ modifiers: ['Shift'] });
    const form = this.page.getByRole('form', { name: /^Comment on / });
    await form.getByRole('textbox').fill(words);
    await form.getByRole('button', { name: 'Add to review' }).click();
    await expect(this.page.getByRole('status').filter({ hasText: /^Added to the review/ })).toBeVisible();
  }

  async send(count: number) {
    await this.tray.getByRole('button', { name: `Send ${count} comment${count === 1 ? '' : 's'}` }).click();
  }

  /** The tray's comments, each as "where: state". */
  async states(): Promise<string[]> {
    const items = this.tray.getByRole('listitem');
    return items.evaluateAll((nodes) =>
      nodes.map(
        (node) => `${node.getAttribute('aria-label')}: ${node.querySelector('.review-state')?.textContent}`,
      ),
    );
  }
}
