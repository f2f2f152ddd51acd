import { expect, type Locator, type Page } from '@playwright/test';
import { Tether } from './app';

/** The MCP servers dialog, as a person uses it: shared by the mock and the real-server journeys. */
export class McpDialog {
  constructor(private readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'MCP servers' });
  }

  /** From the server's entry in the Servers dialog. */
  async openFor(serverName: string) {
    await new Tether(this.page).openServerSettings('MCP servers', serverName);
  }

  entry(name: string): Locator {
    return this.dialog.getByRole('listitem', { name, exact: true });
  }

  /** The open Add or Edit form. */
  get form(): Locator {
    return this.dialog.getByRole('form');
  }

  /** Opens Add and fills it in: a command with its arguments and variables, or an address. */
  async fillNew(
    name: string,
    spec: { command: string; args?: string[]; env?: string[] } | { url: string; headers?: string[] },
  ) {
    await this.dialog.getByRole('button', { name: 'Add MCP server' }).click();
    await this.form.getByRole('textbox', { name: /^Name\b/ }).fill(name);
    await this.fillSpec(spec);
  }

  async fillSpec(
    spec: { command: string; args?: string[]; env?: string[] } | { url: string; headers?: string[] },
  ) {
    if ('command' in spec) {
      await this.form.getByRole('radio', { name: 'A command (stdio)' }).check();
      await this.form.getByRole('textbox', { name: 'Command', exact: true }).fill(spec.command);
      await this.form
        .getByRole('textbox', { name: 'Arguments, one per line', exact: true })
        .fill((spec.args ?? []).join('\n'));
      if (spec.env)
        await this.form
          .getByRole('textbox', { name: 'Environment variables, NAME=value per line', exact: true })
          .fill(spec.env.join('\n'));
    } else {
      await this.form.getByRole('radio', { name: 'An address (HTTP)' }).check();
      await this.form.getByRole('textbox', { name: 'Address', exact: true }).fill(spec.url);
      if (spec.headers)
        await this.form
          .getByRole('textbox', { name: 'Headers, Name: value per line', exact: true })
          .fill(spec.headers.join('\n'));
    }
  }

  /** Test in the open form, and the tools it lists (or the failure's words). */
  async testForm(): Promise<Locator> {
    await this.form.getByRole('button', { name: 'Test' }).click();
    const outcome = this.form.getByRole('status').or(this.form.getByRole('alert'));
    await expect(this.form.getByText('Connecting…')).toHaveCount(0, { timeout: 60_000 });
    return outcome;
  }

  async save() {
    await this.form.getByRole('button', { name: 'Save MCP server' }).click();
    await expect(this.form).toBeHidden();
  }

  async close() {
    await this.dialog.getByRole('button', { name: 'Close' }).click();
    await expect(this.dialog).toBeHidden();
  }
}
