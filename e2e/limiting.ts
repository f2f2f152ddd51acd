import { expect, type Locator, type Page } from '@playwright/test';
import { openTools } from './tools';

// A conversation's budget and step limit, as a person sets and meets them: at its start, from the
// tools menu, and at the stop Tether made. Shared by the mock and the real-server journeys.

export class Limits {
  constructor(private readonly page: Page) {}

  /** Opens the new conversation's limits and fills them (empty leaves one unset). */
  async setAtStart(limits: { budget?: string; steps?: string }) {
    await this.page.getByText('Budget and step limit (optional)').click();
    await this.fill(this.page.getByRole('form', { name: 'New conversation' }), limits);
  }

  async fill(scope: Locator, { budget, steps }: { budget?: string; steps?: string }) {
    if (budget !== undefined) await scope.getByLabel('Budget, in US dollars').fill(budget);
    if (steps !== undefined) await scope.getByLabel('Steps per run').fill(steps);
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Budget and step limit' });
  }

  /** Opens the limits from the conversation's tools menu. */
  async openFromTools(): Promise<Locator> {
    await (await this.toolsLine()).click();
    await expect(this.dialog).toBeVisible();
    return this.dialog;
  }

  /** The limits line of the conversation's tools menu, the menu opened first. */
  async toolsLine(): Promise<Locator> {
    return (await openTools(this.page)).getByRole('button', { name: /^Limits / });
  }

  /** The header's budget meter (a button that opens the limits). */
  get meter(): Locator {
    return this.page.locator('.conversation-header').getByRole('button', { name: /^Budget/ });
  }

  /** The note under the "Stopped" marker of a stop Tether made at a limit. */
  get stopNote(): Locator {
    return this.page.getByRole('log').locator('.limit-stop');
  }
}
