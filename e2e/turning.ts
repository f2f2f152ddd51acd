import { expect, type Locator, type Page } from '@playwright/test';

// What one turn of the agent changed, and putting it back, as a person reaches them: under the
// turn's last answer. Shared by the mock and the real-server journeys.

export class TurnChanges {
  constructor(private readonly page: Page) {}

  /** The button under a turn's last answer: "Changes in this turn (2 files)". */
  button(files: number): Locator {
    return this.page
      .getByRole('log')
      .getByRole('button', { name: `Changes in this turn (${files} file${files === 1 ? '' : 's'})` });
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: /^(Changes in this turn|Put back to before this turn)$/ });
  }

  /** Opens the turn's changes. */
  async open(files: number): Promise<Locator> {
    await this.button(files).click();
    await expect(this.dialog).toHaveAccessibleName('Changes in this turn');
    return this.dialog;
  }

  /** One file's section of the dialog, by its path in the workspace. */
  file(path: string): Locator {
    return this.dialog.getByRole('region', { name: path, exact: true });
  }

  /** Asks to put the turn back; the confirmation shows what it will do. */
  async askToPutBack(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Put back to before this turn…' }).click();
    await expect(this.dialog).toHaveAccessibleName('Put back to before this turn');
  }

  async confirm(files: number): Promise<void> {
    await this.dialog
      .getByRole('button', { name: `Put back ${files} file${files === 1 ? '' : 's'}` })
      .click();
    await expect(this.dialog.getByRole('status')).toHaveText(
      `Put back ${files} file${files === 1 ? '' : 's'}; the conversation says so for the agent.`,
      { timeout: 15_000 },
    );
  }
}
