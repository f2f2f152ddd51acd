import { expect, type Locator, type Page } from '@playwright/test';
import { Tether } from './app';

/** The Secrets dialog, as a person uses it: shared by the mock and the real-server journeys. */
export class SecretsDialog {
  constructor(private readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Secrets' });
  }

  /** From the server's entry in the Servers dialog. */
  async openFor(serverName: string) {
    await new Tether(this.page).openServerSettings('Secrets', serverName);
  }

  entry(name: string): Locator {
    return this.dialog.getByRole('listitem', { name, exact: true });
  }

  /** The names listed, in order. */
  async names(): Promise<string[]> {
    return this.dialog.locator('.settings-name').allTextContents();
  }

  async add(name: string, value: string, description = '') {
    await this.dialog.getByRole('button', { name: 'Add secret' }).click();
    const form = this.dialog.getByRole('form', { name: 'Add a secret' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Value').fill(value);
    if (description) await form.getByLabel('Description (optional)').fill(description);
    await form.getByRole('button', { name: 'Add secret' }).click();
    await expect(form).toBeHidden();
    await expect(this.entry(name)).toBeVisible();
  }

  async replace(name: string, value: string) {
    await this.dialog.getByRole('button', { name: `Replace ${name}` }).click();
    const form = this.dialog.getByRole('form', { name: `A new value for ${name}` });
    await form.getByLabel('Value').fill(value);
    await form.getByRole('button', { name: `Replace ${name}` }).click();
    await expect(form).toBeHidden();
  }

  async delete(name: string) {
    await this.dialog.getByRole('button', { name: `Delete ${name}` }).click();
    await this.dialog
      .getByRole('group', { name: `Delete ${name}?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(this.entry(name)).toBeHidden();
  }

  async close() {
    await this.dialog.getByRole('button', { name: 'Close' }).click();
    await expect(this.dialog).toBeHidden();
  }
}
