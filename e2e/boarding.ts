import { expect, type Locator, type Page } from '@playwright/test';

// Page object for the board: its columns are regions named by their headings, each card an
// article named by its conversation's title.

export class Board {
  constructor(readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Board' });
  }

  column(name: 'Needs you' | 'Working' | 'Review' | 'Done' | 'Idle'): Locator {
    return this.page.getByRole('region', { name: new RegExp(`^${name} \\d+$`) });
  }

  card(title: string): Locator {
    return this.page.getByRole('article', { name: title, exact: true });
  }

  /** Opens the board from anywhere with its keys, as a person does. */
  async openWithKeys() {
    await this.page.keyboard.press('ControlOrMeta+Alt+b');
    await expect(this.heading).toBeVisible();
  }
}
