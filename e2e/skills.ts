import { expect, type Locator, type Page } from '@playwright/test';
import { Tether } from './app';

/** The Skills dialog, as a person uses it: shared by the mock and the real-server journeys. */
export class SkillsDialog {
  constructor(private readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Skills' });
  }

  /** From the server's entry in the Servers dialog. */
  async openFor(serverName: string) {
    await new Tether(this.page).openServerSettings('Skills', serverName);
  }

  /** A list of the dialog, by its heading's words. */
  list(heading: RegExp): Locator {
    return this.dialog.getByRole('list', { name: heading });
  }

  installed(name: string): Locator {
    return this.list(/^Installed on/).getByRole('listitem', { name, exact: true });
  }

  loaded(name: string): Locator {
    return this.list(/^What new conversations load/).getByRole('listitem', { name, exact: true });
  }

  offered(name: string): Locator {
    return this.list(/^Marketplace/).getByRole('listitem', { name, exact: true });
  }

  /** Installs from a source through the form; returns the form (still open when it failed). */
  async install(source: string): Promise<Locator> {
    await this.dialog.getByRole('button', { name: 'Install a skill' }).click();
    const form = this.dialog.getByRole('form', { name: 'Install a skill' });
    await form.getByLabel('Source').fill(source);
    await form.getByRole('button', { name: 'Install', exact: true }).click();
    return form;
  }

  /** Turns a skill on or off for new conversations and waits for the server's answer. */
  async use(name: string, used: boolean) {
    const toggle = this.installed(name).getByRole('switch', { name: 'Used by new conversations' });
    await toggle.setChecked(used);
    await expect(toggle).toBeEnabled();
    await expect(toggle).toBeChecked({ checked: used });
  }

  async remove(name: string) {
    await this.dialog.getByRole('button', { name: `Remove ${name}` }).click();
    await this.dialog
      .getByRole('group', { name: `Remove ${name}?` })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(this.installed(name)).toBeHidden();
  }

  async close() {
    await this.dialog.getByRole('button', { name: 'Close' }).click();
    await expect(this.dialog).toBeHidden();
  }
}
